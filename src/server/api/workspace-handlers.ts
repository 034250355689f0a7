import type { Answer } from '../../lib/contracts/shape';
import type { auditResponse, workspaceSettingsResponse } from '../../lib/contracts/workspace';
import { apiError, json } from '../http/responses';
import { auditEntries } from '../sync/audit';
import type { Membership } from '../sync/permissions';
import { readWorkspaceSettings } from '../sync/workspace-settings';
import { membershipOf } from '../sync/workspaces';
import type { HandlerContext } from './context';
import { runCommand } from './run-command';
import { refreshed, signedIn, unauthenticated, type Session } from './signed-in';
import { can, type AdminAction } from '../../lib/policy';
import { workspaceReads, type WorkspaceRead } from '../../lib/commands/workspace-reads';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Caller = { session: Session; membership: Membership } | { response: Response };

/** The signed-in member of `workspaceId`, allowed by the policy to do `adminAction` when named. */
export async function memberOf(
  request: Request,
  ctx: HandlerContext,
  workspaceId: string,
  adminAction?: AdminAction,
): Promise<Caller> {
  const session = await signedIn(request, ctx);
  if (!session) return { response: unauthenticated() };
  const membership = UUID.test(workspaceId)
    ? await membershipOf(ctx.database.db, session.user.id, workspaceId)
    : null;
  if (!membership)
    return { response: apiError(403, 'not_member', 'You are not a member of this workspace.') };
  const refused = adminAction ? can(membership, adminAction, 'workspace', {}) : null;
  if (refused) return { response: apiError(403, 'forbidden', refused) };
  return { session, membership };
}

/**
 * The signed-in member of `workspaceId` whom the policy lets make the read named `read`
 * (src/lib/commands/workspace-reads.ts): 403 with the policy's words otherwise.
 */
export const readerOf = (
  request: Request,
  ctx: HandlerContext,
  workspaceId: string,
  read: WorkspaceRead,
): Promise<Caller> => memberOf(request, ctx, workspaceId, workspaceReads[read]);

/** GET /api/workspace-settings?workspace=…: the name and rules every member works under. */
export async function handleWorkspaceSettings(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  const settings = await readWorkspaceSettings(ctx.database.db, workspaceId);
  return json(
    200,
    { settings } satisfies Answer<typeof workspaceSettingsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/workspace-settings { workspaceId, … }: an Admin changes the name and rules. */
export async function handleSaveWorkspaceSettings(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const ran = await runCommand(request, ctx, 'changeWorkspaceSettings');
  if ('response' in ran) return ran.response;
  return json(
    200,
    { settings: ran.done.result } satisfies Answer<typeof workspaceSettingsResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** GET /api/audit?workspace=…[&before=…]: changes to protected logs, newest first (Admins). */
export async function handleAuditLog(request: Request, ctx: HandlerContext): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const workspaceId = params.get('workspace') ?? '';
  const before = params.get('before');
  if (before !== null && Number.isNaN(Date.parse(before)))
    return apiError(400, 'invalid_request', 'Some query parameters are missing or invalid.', {
      fields: { before: 'Must be the time of an earlier entry' },
    });
  const caller = await readerOf(request, ctx, workspaceId, 'auditLog');
  if ('response' in caller) return caller.response;
  const page = await auditEntries(ctx.database.db, workspaceId, before ? new Date(before) : null);
  return json(
    200,
    page satisfies Answer<typeof auditResponse>,
    refreshed(caller.session, request, ctx),
  );
}
