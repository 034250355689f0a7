import { z } from 'zod';
import { activityActions, type ActivityEvent, type ActivityLog } from '../activity';
import { timeLogSchema } from '../entities/time-log';
import type { LogTotals } from '../sync/log-totals';
import { exportFile } from './export-file';
import { describes, int } from './shape';

// The server's reads of what the browser's cache does not hold (read-handlers.ts,
// activity-handler.ts), and the support form.

/** Sums of the stored figures of the logs that match (src/lib/sync/log-totals.ts). */
export const logTotals = describes<LogTotals>()(
  z.object({
    logs: int,
    seconds: int,
    billableSeconds: int,
    billableMinor: int,
    costMinor: int,
    expensesMinor: int,
  }),
);
/**
 * A log as the server reads it out: the time-log kind's read schema (what the cache keeps it as,
 * src/lib/entities/time-log.ts), with the id every server log has.
 */
const servedLog = z.intersection(timeLogSchema, z.object({ id: z.string() }));
/** GET /api/logs: a page of logs, the totals of every match and each day's seconds. */
export const logsResponse = z.object({
  logs: z.array(servedLog),
  totals: logTotals,
  daySeconds: z.record(z.string(), z.number()),
});
/** GET /api/totals: each project's totals before a day. */
export const totalsResponse = z.object({
  projects: z.array(
    z.intersection(
      logTotals,
      z.object({ projectId: z.string(), pendingLogIds: z.array(z.string()) }),
    ),
  ),
});
/** GET /api/tags. */
export const tagsResponse = z.object({ tags: z.array(z.string()) });
/** GET /api/export: the workspace as an export file's JSON (./export-file.ts). */
export const exportResponse = exportFile;

const activityLog = describes<ActivityLog>()(
  z.object({
    id: z.string(),
    date: z.string(),
    member: z.string(),
    project: z.string(),
    task: z.string(),
    seconds: z.number(),
  }),
);
/** One thing that happened (src/lib/activity.ts): who did what, when, to which logs. */
export const activityEvent = describes<ActivityEvent>()(
  z.object({
    id: z.string(),
    at: z.string(),
    who: z.string(),
    action: z.enum(activityActions),
    changed: z.array(z.string()),
    note: z.string(),
    logs: z.array(activityLog),
    invoiceNumber: z.string().nullable(),
  }),
);
/** GET /api/activity: a page of events. */
export const activityResponse = z.object({ events: z.array(activityEvent) });
/** POST /support/messages: whether it was mailed, and where to write otherwise. */
export const supportMessageResponse = z.object({
  mailed: z.enum(['sent', 'off', 'failed']),
  supportEmail: z.string(),
});
