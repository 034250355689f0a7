import type { TimeLog } from '../../lib/entities/time-log';
import { logsResponse } from '../../lib/contracts/reads';
import type { LogTotals } from '../../lib/sync/log-totals';
import { callApi, type ApiResult } from '../api';
import { $cacheOwner } from './owner';

// Older logs from the server (Track's days before the cache's window), apart from the other
// reads of ./server-reads.ts, which load with the screens that use them (issue 29's budget).

/** A query of /api/logs; empty values are left out. */
export type OlderLogsQuery = {
  [K in 'from' | 'to' | 'before' | 'client' | 'project' | 'task' | 'member' | 'tag' | 'q']?:
    string | undefined;
} & { status?: TimeLog['status']; limit?: number; offset?: number; order?: 'day' | 'recent' };

/** The search of a read of the open workspace, or null when none is open. */
export function query(params: Record<string, string | number | undefined>): string | null {
  const owner = $cacheOwner.get();
  if (!owner) return null;
  const search = new URLSearchParams({ workspace: owner.workspaceId });
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** The answer of a read while no workspace is open. */
export const noWorkspace = <T>(): ApiResult<T> => ({
  ok: false,
  status: 0,
  error: 'not_ready',
  message: 'Your workspace is not open yet.',
});

/** A page of logs matching `q`, newest first, with the totals of every match. */
export function fetchLogs(
  q: OlderLogsQuery,
): Promise<ApiResult<{ logs: TimeLog[]; totals: LogTotals; daySeconds: Record<string, number> }>> {
  const search = query(q);
  return search ? callApi(`/api/logs?${search}`, logsResponse) : Promise.resolve(noWorkspace());
}
