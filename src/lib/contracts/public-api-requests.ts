import { z } from 'zod';
import { commands } from '../commands/catalog';
import { publicFieldsOf } from '../commands/public-fields';
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

/** The Idempotency-Key header a POST may carry. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** GET /api/v1/clients, /projects, /tasks, /members: the page. */
export const recordsQuery = entriesQuery.pick({ cursor: true, limit: true });
