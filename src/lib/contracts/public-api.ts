import { z } from 'zod';
import { publicFieldsOf } from '../commands/public-fields';
import { roles } from '../policy/actor';
import { holdsMoney, moneyAsMinor } from '../public-api/money-fields';

// What the public API answers under /api/v1 (src/server/public-api, issue 50; conventions in
// docs/api.md "Public API"). Strict: a field the answer does not declare is a breach, so nothing
// a role may not see can slip into an answer unnoticed by the server tests.

const rfc3339 = z.string().datetime({ offset: true });
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const clockTime = z.string().regex(/^\d{2}:\d{2}$/);
const minor = z.number().int();

/** GET /api/v1/me */
export const publicMeResponse = z
  .object({
    person: z.object({ id: z.string(), name: z.string(), email: z.string() }).strict(),
    role: z.enum(roles),
    memberId: z.string().nullable(),
    scope: z.enum(['read', 'write']),
    workspace: z
      .object({ id: z.string(), name: z.string(), currency: z.string(), timeZone: z.string() })
      .strict(),
  })
  .strict();

/** One time entry. The amounts are there only for those who may see amounts. */
export const publicTimeEntry = z
  .object({
    id: z.string(),
    date: calendarDate,
    startTime: clockTime.nullable(),
    endTime: clockTime.nullable(),
    /** The workspace time zone's offset from UTC on that day, at the start time (or noon). */
    utcOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
    durationSeconds: z.number().int().min(0),
    billableSeconds: z.number().int().min(0),
    description: z.string(),
    tags: z.string(),
    projectId: z.string().nullable(),
    taskId: z.string().nullable(),
    memberId: z.string().nullable(),
    status: z.enum(['approved', 'pending', 'submitted', 'rejected']),
    /** Why its reviewer rejected it ('' when none): what its author reads to put it right. */
    reviewNote: z.string(),
    billable: z.boolean().nullable(),
    invoiceNumber: z.string().nullable(),
    currency: z.string(),
    expensesMinor: minor,
    billableAmountMinor: minor.optional(),
    costMinor: minor.optional(),
    createdAt: rfc3339,
    updatedAt: rfc3339,
  })
  .strict();
export type PublicTimeEntry = z.infer<typeof publicTimeEntry>;

/** GET /api/v1/time-entries: a page, and where the next one starts (null after the last). */
export const timeEntriesPage = z
  .object({ data: z.array(publicTimeEntry), nextCursor: z.string().nullable() })
  .strict();

/** POST /api/v1/time-entries/submit and /review: the entries as the change left them. */
export const timeEntriesChanged = z.object({ data: z.array(publicTimeEntry) }).strict();

/** GET /api/v1/time-entries/{id} */
export const timeEntryResponse = z.object({ data: publicTimeEntry }).strict();

/** The person's stopwatch: what it runs for, and since when (null fields while it is idle). */
export const publicTimer = z
  .object({
    running: z.boolean(),
    startedAt: rfc3339.nullable(),
    /** Seconds it has run by the time of the answer. */
    elapsedSeconds: z.number().int().min(0).nullable(),
    projectId: z.string().nullable(),
    taskId: z.string().nullable(),
    memberId: z.string().nullable(),
    tags: z.string(),
    description: z.string(),
  })
  .strict();
export type PublicTimer = z.infer<typeof publicTimer>;

/** GET /api/v1/timer */
export const timerResponse = z.object({ data: publicTimer }).strict();

/**
 * POST /api/v1/timer/start and /stop: the stopwatch after the change, and the entries it saved
 * (a stop saves one per day the run crossed; a start saves a run that was going).
 */
export const timerChangeResponse = z
  .object({ data: publicTimer, saved: z.array(publicTimeEntry) })
  .strict();

/**
 * GET /api/v1/openapi.json: an OpenAPI 3.1 document. Its inside is checked by an OpenAPI
 * validator (tests/unit/lib/openapi-document.test.ts); here only that it is one.
 */
export const openApiDocumentShape = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({}).passthrough(),
    paths: z.object({}).passthrough(),
  })
  .passthrough();

export type PublicRecordKind = 'client' | 'project' | 'task' | 'member';

/**
 * A client, project, task or member as the public API gives it: the kind's fields under their
 * public names (the catalog's, src/lib/commands/public-fields.ts), each there only when the
 * reader may see it (rates and budgets only for those who see amounts, a client's billing
 * details and a member's notes only for those who see every row). Rates are in minor units
 * (`billableRateMinor`), with the workspace's `currency`. Made once per kind.
 */
const recordSchemas = new Map<PublicRecordKind, z.AnyZodObject>();
export function publicRecordSchema(kind: PublicRecordKind): z.AnyZodObject {
  let schema = recordSchemas.get(kind);
  if (!schema) {
    schema = moneyAsMinor(kind, publicFieldsOf(kind))
      .partial()
      .extend({
        id: z.string(),
        // Beside every kind that holds money (rates, in minor units of it).
        ...(holdsMoney(kind) ? { currency: z.string() } : {}),
        createdAt: rfc3339,
        updatedAt: rfc3339,
      })
      .strict();
    recordSchemas.set(kind, schema);
  }
  return schema;
}
export const publicClient = publicRecordSchema('client');
export const publicProject = publicRecordSchema('project');
export const publicTask = publicRecordSchema('task');
export const publicMember = publicRecordSchema('member');

const pageOf = (item: z.ZodTypeAny) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() }).strict();
const oneOf = (item: z.ZodTypeAny) => z.object({ data: item }).strict();

/** GET /api/v1/clients, /projects, /tasks, /members and their /{id}. */
export const clientsPage = pageOf(publicClient);
export const clientResponse = oneOf(publicClient);
export const projectsPage = pageOf(publicProject);
export const projectResponse = oneOf(publicProject);
export const tasksPage = pageOf(publicTask);
export const taskResponse = oneOf(publicTask);
export const membersPage = pageOf(publicMember);
export const memberResponse = oneOf(publicMember);

/** A tag: a word on time entries (not a record, so no id; its name is the key). */
export const publicTag = z.object({ name: z.string() }).strict();

/** A team with its members and leads (member ids; each lead is also a member). */
export const publicTeam = z
  .object({
    id: z.string(),
    name: z.string(),
    memberIds: z.array(z.string()),
    leadIds: z.array(z.string()),
    createdAt: rfc3339,
  })
  .strict();
export type PublicTeam = z.infer<typeof publicTeam>;

/** GET /api/v1/tags, GET /api/v1/teams and /{id}. */
export const tagsPage = pageOf(publicTag);
export const teamsPage = pageOf(publicTeam);
export const teamResponse = oneOf(publicTeam);
