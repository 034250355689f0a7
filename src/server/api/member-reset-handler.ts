import type { Answer } from '../../lib/contracts/shape';
import type { memberResetResponse } from '../../lib/contracts/team';
import { createResetLink, RESET_LINK_MS } from '../auth/password-reset';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { memberResetTarget } from '../team/member-reset';
import { appBaseUrl, type HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';
import { memberResetBody } from '../../lib/commands/workspace-args';

/**
 * POST /api/member-reset-link { workspaceId, memberId }: an Admin makes a password-reset link
 * for a member who joined through this workspace's invitation and is in no other workspace; the
 * link is shown to copy and, when mail is on, mailed to the member.
 */
export async function handleMemberResetLink(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, memberResetBody);
  if (!body.ok) return body.response;
  const { workspaceId, memberId } = body.value;
  const caller = await memberOf(request, ctx, workspaceId, 'makeResetLinks');
  if ('response' in caller) return caller.response;
  const target = await memberResetTarget(ctx.database.db, workspaceId, memberId);
  if (!target.ok) return apiError(409, 'forbidden', target.message);
  const now = ctx.now();
  const made = await createResetLink(ctx.database.db, target.email, now);
  if (!made) return apiError(409, 'forbidden', 'This account no longer exists.');
  const link = new URL(`/reset-password#${made.token}`, appBaseUrl(ctx)).toString();
  const mailed = await ctx.mail.send({
    to: made.user.email,
    subject: 'Choose a new password for Hourmark',
    text: [
      `Hello ${made.user.name},`,
      '',
      `${caller.session.user.name}, an Admin of your workspace, made this link for you to choose a new Hourmark password.`,
      'It works once, within an hour:',
      '',
      link,
      '',
      'Setting a new password signs you out on every other device.',
    ].join('\n'),
  });
  return json(
    201,
    {
      link,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS).toISOString(),
      mailed,
    } satisfies Answer<typeof memberResetResponse>,
    refreshed(caller.session, request, ctx),
  );
}
