import { z, type ZodTypeAny } from 'zod';
import {
  clientFields,
  memberFields,
  projectFields,
  recordId,
  taskFields,
  timeLogFields,
  timerFields,
} from './fields';

import { recordKinds, type RecordKind } from './field-names';

/** The kinds of records a workspace holds, as pulls name them. */
export { recordKinds, type RecordKind };

/** Field schema of each kind. */
export const fieldsOf = {
  client: clientFields,
  project: projectFields,
  task: taskFields,
  member: memberFields,
  timeLog: timeLogFields,
} as const satisfies Record<RecordKind, z.AnyZodObject>;

/**
 * Creates take an id and every field, and may say when the record was first made (an upload of
 * older data keeps its dates); updates take an id and only the fields that changed.
 */
const create = <T extends z.AnyZodObject>(fields: T) =>
  z
    .object({ id: recordId, fields, createdAt: z.string().datetime({ offset: true }).optional() })
    .strict();
const update = <T extends z.AnyZodObject>(fields: T) =>
  z
    .object({
      id: recordId,
      changes: fields.partial().refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
    })
    .strict();
const remove = z.object({ id: recordId }).strict();

/** What each mutation is, on which kind, and the arguments it takes. */
export const mutationSpecs = {
  createClient: { kind: 'client', op: 'create', args: create(clientFields) },
  updateClient: { kind: 'client', op: 'update', args: update(clientFields) },
  deleteClient: { kind: 'client', op: 'delete', args: remove },
  createProject: { kind: 'project', op: 'create', args: create(projectFields) },
  updateProject: { kind: 'project', op: 'update', args: update(projectFields) },
  deleteProject: { kind: 'project', op: 'delete', args: remove },
  createTask: { kind: 'task', op: 'create', args: create(taskFields) },
  updateTask: { kind: 'task', op: 'update', args: update(taskFields) },
  deleteTask: { kind: 'task', op: 'delete', args: remove },
  createMember: { kind: 'member', op: 'create', args: create(memberFields) },
  updateMember: { kind: 'member', op: 'update', args: update(memberFields) },
  deleteMember: { kind: 'member', op: 'delete', args: remove },
  addTimeLog: { kind: 'timeLog', op: 'create', args: create(timeLogFields) },
  updateTimeLog: { kind: 'timeLog', op: 'update', args: update(timeLogFields) },
  deleteTimeLog: { kind: 'timeLog', op: 'delete', args: remove },
  setTimer: { kind: 'timer', op: 'set', args: z.object({ timer: timerFields }).strict() },
} as const satisfies Record<string, { kind: RecordKind | 'timer'; op: string; args: ZodTypeAny }>;

export type MutationName = keyof typeof mutationSpecs;

/** One mutation as the client sends it. `id` increases by client; `args` is checked per name. */
export const mutationEnvelope = z
  .object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    name: z.string().max(100),
    args: z.unknown(),
  })
  .strict();

/** POST /sync/push */
export const pushBody = z
  .object({
    workspaceId: z.string().uuid('Must be a workspace id'),
    clientId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Must be 16–64 letters, digits, - or _'),
    mutations: z.array(mutationEnvelope).max(500, 'At most 500 mutations per push'),
  })
  .strict();

/** Why a mutation was refused; the push answers one of these per refused mutation. */
export type RefusalCode =
  | 'unknown_mutation'
  | 'invalid_args'
  | 'not_found'
  | 'already_exists'
  | 'deleted'
  | 'unknown_reference'
  | 'forbidden';

/** The push's answer for one mutation. */
export type MutationResult =
  | { id: number; outcome: 'ok' }
  | { id: number; outcome: 'refused'; reason: RefusalCode; message: string };
