import { z } from 'zod';
import { commands } from '../commands/catalog';
import { publicFieldsOf, toPublicFields } from '../commands/public-fields';
import { moneyAsMinor, ratesToMinor } from '../public-api/money-fields';
import { kindDescriptions } from '../records/kinds';
import type { PublicRecordKind } from './public-api';
import { isValidDay } from '../day';

// What the public API takes (issue 50): its query strings and bodies. The bodies are the
// catalog commands' own argument schemas less what the server chooses, so the handlers
// (src/server/api/public-api-handlers.ts) and the OpenAPI document (../public-api/openapi.ts)
// read one definition, and the document can never describe a body the server does not take.

const day = z.string().refine(isValidDay, 'Must be a calendar date as YYYY-MM-DD');

/** An id in a path or a filter. */
export const publicId = z
  .string()
  .min(1)
  .max(200, 'At most 200 characters')
  .refine((value) => !value.includes('\u0000'), 'Must not contain a NUL character');

/** Entries per page when the query does not say, and at most. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 500;

/** GET /api/v1/time-entries: the Detailed report's filters and the page. */
export const entriesQuery = z
  .object({
    from: day.optional().describe('First day, inclusive (YYYY-MM-DD)'),
    to: day.optional().describe('Last day, inclusive (YYYY-MM-DD)'),
    projectId: publicId.optional(),
    memberId: publicId.optional(),
    cursor: z
      .string()
      .max(400, 'Not a cursor this API gave')
      .optional()
      .describe('The nextCursor of the page before'),
    limit: z
      .string()
      .regex(/^\d{1,4}$/, 'Must be a whole number from 1 to 500')
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_PAGE, 'Must be a whole number from 1 to 500')
      .optional()
      .describe(`Entries per page, 1 to ${MAX_PAGE} (default ${DEFAULT_PAGE})`),
  })
  .strict();

/** POST /api/v1/time-entries: addLog's arguments less what the server chooses (id, createdAt). */
export const createEntryBody = (commands.addLog.args as z.AnyZodObject).omit({
  id: true,
  createdAt: true,
});

/** PATCH /api/v1/time-entries/{id}: any of a log's public fields (editLog's), at least one. */
export const changeEntryBody = publicFieldsOf('timeLog')
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Name at least one field to change');

/**
 * POST /api/v1/timer/start: what the run is for, as startTimer's `entry` takes it. When it
 * began, its day and the clock's offset are the server's: the request's arrival, in the
 * workspace's time zone.
 */
const startTimerArgs = commands.startTimer.args as z.ZodObject<{
  entry: z.ZodOptional<z.AnyZodObject>;
}>;
export const startTimerBody = startTimerArgs.shape.entry.unwrap();

/** POST /api/v1/time-entries/submit: submitWeek's arguments, the entries to send for approval. */
export const submitEntriesBody = commands.submitWeek.args as z.AnyZodObject;

/** POST /api/v1/time-entries/review: reviewLogs' arguments (a rejection needs a note). */
export const reviewEntriesBody = commands.reviewLogs.args as z.AnyZodObject;

/** The Idempotency-Key header a POST may carry. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** GET /api/v1/clients, /projects, /tasks, /members: the page. */
export const recordsQuery = entriesQuery.pick({ cursor: true, limit: true });

/**
 * `currency` beside the amounts of a body: the workspace's (GET /api/v1/me), or left out.
 * Another is refused rather than converted, so a script written for one workspace never files
 * dollars as rupees in another.
 */
export const currencyField = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code, such as INR')
  .optional()
  .describe('The currency the amounts are in: the workspace’s, or left out');

/** What a new record of `kind` holds in the fields left out: its description's defaults. */
export function recordDefaults(kind: PublicRecordKind): Record<string, unknown> {
  return ratesToMinor(kind, toPublicFields(kind, { ...kindDescriptions[kind].defaults }));
}

const createBodies = new Map<PublicRecordKind, z.AnyZodObject>();
const changeBodies = new Map<PublicRecordKind, z.ZodEffects<z.AnyZodObject>>();

/**
 * POST /api/v1/clients, /projects, /tasks: the kind's create command's fields (public names,
 * rates as `…Minor`); those with a default (the Add form's) may be left out.
 */
export function createRecordBody(kind: PublicRecordKind): z.AnyZodObject {
  let body = createBodies.get(kind);
  if (!body) {
    const fields = moneyAsMinor(kind, publicFieldsOf(kind));
    const defaults = recordDefaults(kind);
    const optional = Object.fromEntries(
      Object.keys(fields.shape as object)
        .filter((name) => name in defaults)
        .map((name) => [name, true as const]),
    );
    // The mask names only fields of `fields`, which zod's type cannot see through AnyZodObject.
    body = (fields.partial(optional as never) as z.AnyZodObject)
      .extend({ currency: currencyField })
      .strict();
    createBodies.set(kind, body);
  }
  return body;
}

/** PATCH /api/v1/{kind}s/{id}: any of the kind's fields (its edit command's), at least one. */
export function changeRecordBody(kind: PublicRecordKind): z.ZodEffects<z.AnyZodObject> {
  let body = changeBodies.get(kind);
  if (!body) {
    body = moneyAsMinor(kind, publicFieldsOf(kind))
      .partial()
      .extend({ currency: currencyField })
      .strict()
      .refine(
        (changes) => Object.keys(changes).some((name) => name !== 'currency'),
        'Name at least one field to change',
      );
    changeBodies.set(kind, body);
  }
  return body;
}
