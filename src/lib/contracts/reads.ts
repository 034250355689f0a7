import { z } from 'zod';
import type { ActivityEvent } from '../activity';
import type { TimeLog } from '../entities/time-log';
import type { LogTotals } from '../sync/log-totals';
import { documentOf } from './shape';

// The server's reads of what the browser's cache does not hold (read-handlers.ts,
// activity-handler.ts), and the support form.

const logTotals = documentOf<LogTotals>('log totals');
/** GET /api/logs: a page of logs, the totals of every match and each day's seconds. */
export const logsResponse = z.object({
  logs: z.array(z.intersection(documentOf<TimeLog>('a log'), z.object({ id: z.string() }))),
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
/** GET /api/export: the workspace as an export file's JSON. */
export const exportResponse = z.record(z.string(), z.unknown());
/** GET /api/activity: a page of events. */
export const activityResponse = z.object({
  events: z.array(
    z.intersection(
      documentOf<ActivityEvent>('an activity event'),
      z.object({ id: z.string(), at: z.string(), who: z.string() }),
    ),
  ),
});
/** POST /support/messages: whether it was mailed, and where to write otherwise. */
export const supportMessageResponse = z.object({
  mailed: z.enum(['sent', 'off', 'failed']),
  supportEmail: z.string(),
});
