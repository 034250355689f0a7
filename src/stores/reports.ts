import type { Grouping, Report, ReportFilter } from '../lib/report-spec';
import { callApi } from './api';

// Reports are answered by the server over the whole workspace history (GET /sync/report).

export type ReportResult = { ok: true; report: Report } | { ok: false; message: string };

/** The query string of a report request (lists as repeated parameters; empty ones left out). */
export function reportQuery(workspaceId: string, filter: ReportFilter, groups: Grouping[]): string {
  const q = new URLSearchParams({ workspace: workspaceId, from: filter.from, to: filter.to });
  for (const g of groups) q.append('group', g);
  const lists: [string, string[]][] = [
    ['client', filter.clientIds],
    ['project', filter.projectIds],
    ['task', filter.taskIds],
    ['member', filter.memberIds],
    ['tag', filter.tags],
    ['status', filter.statuses],
  ];
  for (const [key, values] of lists) for (const v of values) q.append(key, v);
  if (filter.tags.length > 1 && filter.tagMode === 'all') q.set('tagMode', 'all');
  if (filter.billable !== 'any') q.set('billable', filter.billable);
  if (filter.invoiced !== 'any') q.set('invoiced', filter.invoiced);
  return q.toString();
}

/** Asks the server for a report of the open workspace. */
export async function loadReport(
  workspaceId: string,
  filter: ReportFilter,
  groups: Grouping[],
): Promise<ReportResult> {
  const result = await callApi<Report>(`/sync/report?${reportQuery(workspaceId, filter, groups)}`);
  if (result.ok) return { ok: true, report: result.data };
  return {
    ok: false,
    message:
      result.status === 0
        ? 'Reports are made by the server. Connect to the internet to see this one.'
        : [
            result.message,
            ...Object.entries(result.fields ?? {}).map(([k, v]) => `${k}: ${v}`),
          ].join(' '),
  };
}
