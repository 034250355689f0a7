import type { TimeLog } from '../../lib/entities/time-log';
import type { LogTotals } from '../../lib/sync/log-totals';
import { callApi, type ApiResult } from '../api';
import { $cacheOwner } from './owner';

/**
 * The server's answers for what the browser's cache does not hold: logs older than its 8-week
 * window, per-project totals and the whole workspace as a file (src/server/api/read-handlers.ts).
 */

/** A query of /api/logs; empty values are left out. */
export type OlderLogsQuery = {
  [K in 'from' | 'to' | 'before' | 'client' | 'project' | 'task' | 'member' | 'tag' | 'q']?:
    string | undefined;
} & { status?: TimeLog['status']; limit?: number; offset?: number; order?: 'day' | 'recent' };

function query(params: Record<string, string | number | undefined>): string | null {
  const owner = $cacheOwner.get();
  if (!owner) return null;
  const search = new URLSearchParams({ workspace: owner.workspaceId });
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

const noWorkspace = <T>(): ApiResult<T> => ({
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
  return search ? callApi(`/api/logs?${search}`) : Promise.resolve(noWorkspace());
}

/** Each project's totals of logs before `before`. */
export function fetchProjectTotals(
  before: string,
): Promise<
  ApiResult<{ projects: (LogTotals & { projectId: string; pendingLogIds: string[] })[] }>
> {
  const search = query({ before });
  return search ? callApi(`/api/totals?${search}`) : Promise.resolve(noWorkspace());
}

/** The workspace as an export file's JSON. */
export function fetchExport(): Promise<ApiResult<Record<string, unknown>>> {
  const search = query({});
  return search ? callApi(`/api/export?${search}`) : Promise.resolve(noWorkspace());
}

/** Every tag used on the workspace's logs, old ones included. */
export function fetchTags(): Promise<ApiResult<{ tags: string[] }>> {
  const search = query({});
  return search ? callApi(`/api/tags?${search}`) : Promise.resolve(noWorkspace());
}
