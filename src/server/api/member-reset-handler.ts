import type { Answer } from '../../lib/contracts/shape';
import type { memberResetResponse } from '../../lib/contracts/team';
import { RESET_LINK_MS } from '../auth/password-reset';
import { apiError, json } from '../http/responses';
import { appBaseUrl, type HandlerContext } from './context';
import { refreshed } from './signed-in';
import { runCommand } from './run-command';

/**
 * POST /api/member-reset-link { workspaceId, memberId }: an Admin makes a password-reset link
 * for a member who joined through this workspace's invitation and is in no other workspace; the
 * link is shown to copy and, when mail is on, mailed to the member.
 */
export async function handleMemberResetLink(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const ran = await runCommand(request, ctx, 'makeResetLink');
  if ('response' in ran) return ran.response;
  const made = ran.done.result;
  if (!made.ok) return apiError(409, 'forbidden', made.message);
  const { token, user } = made.link;
  const now = ctx.now();
  const link = new URL(`/reset-password#${token}`, appBaseUrl(ctx)).toString();
  const mailed = await ctx.mail.send({
    to: user.email,
    subject: 'Choose a new password for Hourmark',
    text: [
      `Hello ${user.name},`,
      '',
      `${ran.session.user.name}, an Admin of your workspace, made this link for you to choose a new Hourmark password.`,
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
    refreshed(ran.session, request, ctx),
  );
}
