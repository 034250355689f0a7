import type { Answer } from '../../lib/contracts/shape';
import type { logoResponse } from '../../lib/contracts/invoices';
import { readBytes } from '../http/body';
import { apiError, json } from '../http/responses';
import { checkLogo, logoOf, MAX_LOGO_BYTES } from '../invoices/logos';
import { commandRefusal } from '../commands/execute';
import type { HandlerContext } from './context';
import { refusalResponse, runCommand } from './run-command';
import { refreshed } from './signed-in';
import { memberOf, readerOf } from './workspace-handlers';

// The logo on invoices (issue 14): Admins upload, replace or remove it; docs/api.md, Invoices.

const workspaceOf = (request: Request) => new URL(request.url).searchParams.get('workspace') ?? '';

/**
 * POST /api/invoice-logo?workspace=… with the image as the body: checked by its bytes, kept,
 * and made the workspace's logo. Issued invoices keep the logo they were issued with.
 */
export async function handleUploadLogo(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await memberOf(request, ctx, workspaceOf(request));
  if ('response' in caller) return caller.response;
  // Asked before the body is read, so a member who may not change the logo uploads nothing.
  const refused = commandRefusal(caller.membership, 'uploadLogo');
  if (refused) return refusalResponse(refused);
  // One byte over the limit is enough to know it is too large, without reading more.
  const bytes = await readBytes(request, MAX_LOGO_BYTES + 1);
  const checked = checkLogo(bytes ?? Buffer.alloc(MAX_LOGO_BYTES + 1));
  if (!checked.ok)
    return apiError(bytes === null ? 413 : 400, 'invalid_request', checked.message, {
      fields: { logo: checked.message },
    });
  const ran = await runCommand(request, ctx, 'uploadLogo', {
    workspaceId: caller.membership.workspaceId,
    bytes: bytes!,
    contentType: checked.contentType,
  });
  if ('response' in ran) return ran.response;
  return json(
    200,
    { logoId: ran.done.result } satisfies Answer<typeof logoResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** POST /api/invoice-logo/remove { workspaceId }: invoices from now on carry no logo. */
export async function handleRemoveLogo(request: Request, ctx: HandlerContext): Promise<Response> {
  const ran = await runCommand(request, ctx, 'removeLogo');
  if ('response' in ran) return ran.response;
  return json(
    200,
    { logoId: '' } satisfies Answer<typeof logoResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** GET /api/invoice-logo?workspace=…&id=…: a logo the workspace uploaded (Admins). */
export async function handleLogo(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, workspaceOf(request), 'invoiceSettings');
  if ('response' in caller) return caller.response;
  const id = new URL(request.url).searchParams.get('id') ?? '';
  const logo = await logoOf(ctx.database.db, caller.membership.workspaceId, id);
  if (!logo) return apiError(404, 'not_found', 'There is no such logo.');
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      'Content-Type': logo.contentType,
      ...refreshed(caller.session, request, ctx),
    },
  });
}
