import type { EntryOrder, EntryPage } from '../lib/report-entries';
import type { Grouping, Report, ReportFilter } from '../lib/report-spec';
import { entryPageResponse, reportResponse } from '../lib/contracts/reports';
import { callApi } from './api';

// Reports are answered by the server over the whole workspace history (GET /api/report).

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

function problemOf(result: { status: number; message: string; fields?: Record<string, string> }) {
  return result.status === 0
    ? 'Reports are made by the server. Connect to the internet to see this one.'
    : [result.message, ...Object.entries(result.fields ?? {}).map(([k, v]) => `${k}: ${v}`)].join(
        ' ',
      );
}

export type EntriesResult = { ok: true; page: EntryPage } | { ok: false; message: string };

/** Asks the server for one page of the entries of a report of the open workspace. */
export async function loadEntries(
  workspaceId: string,
  filter: ReportFilter,
  groups: Grouping[],
  order: EntryOrder,
): Promise<EntriesResult> {
  const q = new URLSearchParams(reportQuery(workspaceId, filter, groups));
  q.set('sort', order.sort);
  q.set('dir', order.direction);
  q.set('page', String(order.page));
  const result = await callApi(`/api/report-entries?${q.toString()}`, entryPageResponse);
  return result.ok ? { ok: true, page: result.data } : { ok: false, message: problemOf(result) };
}

/** Asks the server for a report of the open workspace. */
export async function loadReport(
  workspaceId: string,
  filter: ReportFilter,
  groups: Grouping[],
): Promise<ReportResult> {
  const result = await callApi(
    `/api/report?${reportQuery(workspaceId, filter, groups)}`,
    reportResponse,
  );
  if (result.ok) return { ok: true, report: result.data };
  return { ok: false, message: problemOf(result) };
}
