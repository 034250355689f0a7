import { z, type ZodTypeAny } from 'zod';
import { recordId, timerFields } from './fields';
import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';
import { writeSchemas } from '../records/write-schemas';

/** The kinds of records a workspace holds, as pulls name them. */
export { recordKinds, type RecordKind };

/** Field schema of each kind. */
export const fieldsOf = writeSchemas;

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

type Descriptions = typeof kindDescriptions;
type SpecOf<K, Op> = { kind: K; op: Op; args: ZodTypeAny };

/** Each kind's create, update and delete under the names its description gives them. */
type RecordMutationSpecs = {
  [K in RecordKind as Descriptions[K]['mutations']['create']]: SpecOf<K, 'create'>;
} & {
  [K in RecordKind as Descriptions[K]['mutations']['update']]: SpecOf<K, 'update'>;
} & {
  [K in RecordKind as Descriptions[K]['mutations']['remove']]: SpecOf<K, 'delete'>;
};

/** The stored changes of one kind, with their argument schemas. */
export function mutationSpecsOf<K extends string>(
  kind: K,
  names: { create: string; update: string; remove: string },
  fields: z.AnyZodObject,
): Record<string, SpecOf<K, 'create' | 'update' | 'delete'>> {
  return {
    [names.create]: { kind, op: 'create', args: create(fields) },
    [names.update]: { kind, op: 'update', args: update(fields) },
    [names.remove]: { kind, op: 'delete', args: remove },
  };
}

/** What each mutation is, on which kind, and the arguments it takes: read from the kinds. */
export const mutationSpecs = {
  ...(Object.assign(
    {},
    ...recordKinds.map((kind) =>
      mutationSpecsOf(kind, kindDescriptions[kind].mutations, writeSchemas[kind]),
    ),
  ) as RecordMutationSpecs),
  setTimer: {
    kind: 'timer',
    op: 'set',
    args: z.object({ timer: timerFields }).strict() as ZodTypeAny,
  },
} as const;

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
