import type { LogTotals } from '../../lib/sync/log-totals';
import { exportResponse, tagsResponse, totalsResponse } from '../../lib/contracts/reads';
import { callApi, type ApiResult } from '../api';
import { noWorkspace, query } from './log-reads';

/**
 * The server's answers for what the browser's cache does not hold: logs older than its 8-week
 * window, per-project totals and the whole workspace as a file (src/server/api/read-handlers.ts).
 */

export { fetchLogs, type OlderLogsQuery } from './log-reads';

/** Each project's totals of logs before `before`. */
export function fetchProjectTotals(
  before: string,
): Promise<
  ApiResult<{ projects: (LogTotals & { projectId: string; pendingLogIds: string[] })[] }>
> {
  const search = query({ before });
  return search ? callApi(`/api/totals?${search}`, totalsResponse) : Promise.resolve(noWorkspace());
}

/** The workspace as an export file's JSON. */
export function fetchExport(): Promise<ApiResult<Record<string, unknown>>> {
  const search = query({});
  return search ? callApi(`/api/export?${search}`, exportResponse) : Promise.resolve(noWorkspace());
}

/** Every tag used on the workspace's logs, old ones included. */
export function fetchTags(): Promise<ApiResult<{ tags: string[] }>> {
  const search = query({});
  return search ? callApi(`/api/tags?${search}`, tagsResponse) : Promise.resolve(noWorkspace());
}
