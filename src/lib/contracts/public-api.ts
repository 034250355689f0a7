import { z } from 'zod';
import { roles } from '../policy/actor';

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

/** GET /api/v1/time-entries/{id} */
export const timeEntryResponse = z.object({ data: publicTimeEntry }).strict();
