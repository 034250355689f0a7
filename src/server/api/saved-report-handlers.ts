import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { createShare, revokeShare } from '../reports/report-shares';
import { deleteSavedReport, saveReport, savedReportsOf } from '../reports/saved-reports';
import { appBaseUrl, type HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';
import {
  deleteSavedReportBody,
  reportShareBody,
  revokeShareBody,
  savedReportBody,
} from './workspace-schemas';

const notYours = (field: string, message: string) =>
  apiError(400, 'invalid_request', message, { fields: { [field]: message } });

/** GET /api/saved-reports?workspace=…: the caller's saved reports with their share links. */
export async function handleSavedReports(request: Request, ctx: HandlerContext): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  return json(
    200,
    { reports: await savedReportsOf(ctx.database.db, caller.membership) },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/saved-reports { workspaceId, id?, name, spec, schedule }: saves a report. */
export async function handleSaveReport(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, savedReportBody);
  if (!body.ok) return body.response;
  const { workspaceId, ...input } = body.value;
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  const saved = await saveReport(ctx.database.db, caller.membership, input, ctx.now());
  if (!saved.ok) return notYours('id', saved.message);
  const reports = await savedReportsOf(ctx.database.db, caller.membership);
  return json(
    input.id ? 200 : 201,
    { report: reports.find((r) => r.id === saved.id) },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/saved-reports/delete { workspaceId, id }: the report and its links go. */
export async function handleDeleteSavedReport(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, deleteSavedReportBody);
  if (!body.ok) return body.response;
  const caller = await memberOf(request, ctx, body.value.workspaceId);
  if ('response' in caller) return caller.response;
  if (!(await deleteSavedReport(ctx.database.db, caller.membership, body.value.id, ctx.now())))
    return notYours('id', 'There is no saved report of yours with this id.');
  return json(204, null, refreshed(caller.session, request, ctx));
}

/** POST /api/report-shares { workspaceId, savedReportId, days, withAmounts }: a new link. */
export async function handleCreateShare(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, reportShareBody);
  if (!body.ok) return body.response;
  const { workspaceId, ...input } = body.value;
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  const share = await createShare(ctx.database.db, caller.membership, input, ctx.now());
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
    },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/report-shares/revoke { workspaceId, id }: the link stops working at once. */
export async function handleRevokeShare(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, revokeShareBody);
  if (!body.ok) return body.response;
  const caller = await memberOf(request, ctx, body.value.workspaceId);
  if ('response' in caller) return caller.response;
  if (!(await revokeShare(ctx.database.db, caller.membership, body.value.id, ctx.now())))
    return notYours('id', 'There is no link of yours with this id.');
  return json(204, null, refreshed(caller.session, request, ctx));
}
