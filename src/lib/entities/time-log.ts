import { z } from 'zod';
import { dayString, idSchema, isoTimestamp, numberish, textish } from './common';
import { withFastPath } from './with-fast-path';
import { CLOCK_PATTERN, fastTimeLog, logStatuses as statuses } from './fast-time-log';

const CLOCK = CLOCK_PATTERN;
/** Start / end clock time 'HH:MM'; the original stored 0 for "not set", which becomes ''. */
const clockTime = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (typeof v === 'string' && CLOCK.test(v) ? v : ''));

/** What an issued invoice froze of a log (sent by the server with `invoice`, issue 25). */
const billedFigures = z.object({
  billableSeconds: z.number().int().min(0),
  billableMinor: z.number().int(),
  costMinor: z.number().int(),
});

const timeLogObject = z
  .object({
    id: idSchema.optional(),
    date: z.union([dayString, z.literal('')]).catch(''),
    client: textish,
    projectId: z.string().nullable().catch(null),
    task: textish,
    taskId: z.string().nullable().catch(null),
    tags: textish,
    desc: textish,
    dur: numberish.pipe(z.number().min(0)),
    st: clockTime,
    end: clockTime,
    exp: numberish.pipe(z.number().min(0)),
    memberId: z.string().nullable().catch(null),
    status: z.enum(statuses).catch('approved'),
    reviewNote: z.string().optional().catch(undefined),
    /**
     * Whether the log is billed (issue 29): false bills nothing; true or absent (logs from
     * before) bills as its project's setting says (src/lib/log-billable.ts).
     */
    billable: z.boolean().optional().catch(undefined),
    /** Invoiced in another tool before it was imported (issue 32): kept off Uninvoiced. */
    invoicedElsewhere: z.boolean().optional().catch(undefined),
    /** The number of the issued invoice that holds the log (set by the server, issue 14). */
    invoice: z.string().optional().catch(undefined),
    /**
     * Billable seconds, billable amount and labour cost (minor units) as the invoice in
     * `invoice` froze them; absent on other logs, for those who do not see amounts, and in
     * caches from before (then the log is priced as any other).
     */
    billed: billedFigures.optional().catch(undefined),
    createdAt: isoTimestamp.optional(),
    updatedAt: isoTimestamp.optional(),
  })
  .passthrough();
/**
 * A time log as stored under the `taskData` key, newest first. SPEC.md's fields keep their
 * names: `client` is the "Client / Project" text shown, `dur` the duration in seconds, `exp`
 * expenses (decimal, project currency), `desc` sanitised HTML. Records written by the original
 * app lack id and date; they get a stable id and today's date is not assumed (date '').
 */
export const timeLogSchema = withFastPath(timeLogObject, fastTimeLog);
export type TimeLog = z.infer<typeof timeLogSchema> & { id: string };
