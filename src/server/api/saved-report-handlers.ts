import type { Answer } from '../../lib/contracts/shape';
import type {
  savedReportResponse,
  savedReportsResponse,
  shareCreatedResponse,
} from '../../lib/contracts/reports';
import { apiError, json } from '../http/responses';
import { savedReportsOf } from '../reports/saved-reports';
import { appBaseUrl, type HandlerContext } from './context';
import { runCommand } from './run-command';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';

const notYours = (field: string, message: string) =>
  apiError(400, 'invalid_request', message, { fields: { [field]: message } });

/** GET /api/saved-reports?workspace=…: the caller's saved reports with their share links. */
export async function handleSavedReports(request: Request, ctx: HandlerContext): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  return json(
    200,
    {
      reports: await savedReportsOf(ctx.database.db, caller.membership),
    } satisfies Answer<typeof savedReportsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/saved-reports { workspaceId, id?, name, spec, schedule }: saves a report. */
export async function handleSaveReport(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'saveReport');
  if ('response' in ran) return ran.response;
  const saved = ran.done.result;
  if (!saved.ok) return notYours('id', saved.message);
  const reports = await savedReportsOf(ctx.database.db, ran.actor);
  // Saved a moment ago; only a deletion between the two could take it away.
  const report = reports.find((r) => r.id === saved.id);
  if (!report) return notYours('id', 'There is no saved report of yours with this id.');
  return json(
    ran.args.id ? 200 : 201,
    { report } satisfies Answer<typeof savedReportResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** POST /api/saved-reports/delete { workspaceId, id }: the report and its links go. */
export async function handleDeleteSavedReport(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const ran = await runCommand(request, ctx, 'deleteSavedReport');
  if ('response' in ran) return ran.response;
  if (!ran.done.result) return notYours('id', 'There is no saved report of yours with this id.');
  return json(204, null, refreshed(ran.session, request, ctx));
}

/** POST /api/report-shares { workspaceId, savedReportId, days, withAmounts }: a new link. */
export async function handleCreateShare(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'shareReport');
  if ('response' in ran) return ran.response;
  const share = ran.done.result;
  if (!share.ok)
    return share.status === 403
      ? apiError(403, 'forbidden', share.message, { fields: { [share.field]: share.message } })
      : notYours(share.field, share.message);
  return json(
    201,
    {
      id: share.id,
      expiresAt: share.expiresAt,
      link: new URL(`/shared/report#${share.token}`, appBaseUrl(ctx)).toString(),
    } satisfies Answer<typeof shareCreatedResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** POST /api/report-shares/revoke { workspaceId, id }: the link stops working at once. */
export async function handleRevokeShare(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'revokeShare');
  if ('response' in ran) return ran.response;
  if (!ran.done.result) return notYours('id', 'There is no link of yours with this id.');
  return json(204, null, refreshed(ran.session, request, ctx));
}
