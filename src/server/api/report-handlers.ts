import type { Answer } from '../../lib/contracts/shape';
import type { entryPageResponse, reportResponse } from '../../lib/contracts/reports';
import { json } from '../http/responses';
import { detailedReport } from '../reports/detailed';
import { exportParams, parseExportQuery, type ExportFormat } from '../reports/export/export-query';
import { entryParams, parseEntryOrder } from '../reports/entries-query';
import { reportEntries } from '../reports/entries';
import { reportDocument, reportFileName } from '../reports/export/report-document';
import { reportFile, tableFile } from '../reports/export/report-file';
import { otherKindTable } from '../reports/export/other-kinds';
import { todayIn } from '../../lib/workspace-rules';
import { parseReportQuery } from '../reports/report-query';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';

/**
 * GET /api/report?workspace=…&from=…&to=…[&group=…][&project=…]…: the detailed report of the
 * logs the caller may see, grouped and summed (docs/api.md, Reports).
 */
export async function handleReport(request: Request, ctx: HandlerContext): Promise<Response> {
  const query = parseReportQuery(request);
  if (!query.ok) return query.response;
  const caller = await memberOf(request, ctx, query.value.workspaceId);
  if ('response' in caller) return caller.response;
  const report = await detailedReport(
    ctx.database.db,
    caller.membership,
    query.value.filter,
    query.value.groups,
  );
  return json(
    200,
    report satisfies Answer<typeof reportResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/**
 * GET /api/report-entries?…the report's query[&sort=…][&dir=asc|desc][&page=n]: one page of
 * the logs the detailed report sums, under their groups (docs/api.md, Reports).
 */
export async function handleReportEntries(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const query = parseReportQuery(request, entryParams);
  if (!query.ok) return query.response;
  const order = parseEntryOrder(request);
  if (!order.ok) return order.response;
  const caller = await memberOf(request, ctx, query.value.workspaceId);
  if ('response' in caller) return caller.response;
  const page = await reportEntries(
    ctx.database.db,
    caller.membership,
    query.value.filter,
    query.value.groups,
    order.order,
  );
  return json(
    200,
    page satisfies Answer<typeof entryPageResponse>,
    refreshed(caller.session, request, ctx),
  );
}

export const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * GET /api/report-export?format=csv|xlsx|pdf[&paper=a4|letter]&…the report's query: the
 * detailed report as a dated file to download (docs/api.md, Reports).
 */
export async function handleReportExport(request: Request, ctx: HandlerContext): Promise<Response> {
  const file = parseExportQuery(request);
  if (!file.ok) return file.response;
  const entries = file.kind === 'entries';
  const query = parseReportQuery(request, [...exportParams, ...(entries ? entryParams : [])]);
  if (!query.ok) return query.response;
  const order = parseEntryOrder(request);
  if (!order.ok) return order.response;
  const caller = await memberOf(request, ctx, query.value.workspaceId);
  if ('response' in caller) return caller.response;
  const { filter, groups } = query.value;
  const fileName = reportFileName(filter, file.format, file.kind === 'detailed' ? '' : file.kind);
  const headers = {
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    ...refreshed(caller.session, request, ctx),
  };
  if (file.kind !== 'detailed' && file.kind !== 'entries') {
    const today = todayIn(caller.membership.rules.timeZone, ctx.now());
    const table = await otherKindTable(
      file.kind,
      ctx.database.db,
      caller.membership,
      filter,
      file.options,
      today,
    );
    const bytes = await tableFile(table, file.format, file.paper, table.title);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { 'Content-Type': contentTypes[file.format], ...headers },
    });
  }
  const doc = await reportDocument(
    ctx.database.db,
    caller.membership,
    filter,
    groups,
    entries ? { entries: order.order } : {},
  );
  const body = await reportFile(doc, file.format, file.paper);
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { 'Content-Type': contentTypes[file.format], ...headers },
  });
}
