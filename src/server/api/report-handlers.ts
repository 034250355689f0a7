import { json } from '../http/responses';
import { detailedReport } from '../reports/detailed';
import { parseReportQuery } from '../reports/report-query';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';

/**
 * GET /sync/report?workspace=…&from=…&to=…[&group=…][&project=…]…: the detailed report of the
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
  return json(200, report, refreshed(caller.session, request, ctx));
}
