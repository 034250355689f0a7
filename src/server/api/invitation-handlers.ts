import type { Answer } from '../../lib/contracts/shape';
import type { invitationsResponse, invitedResponse } from '../../lib/contracts/team';
import type { acceptInvitationResponse, invitationCheckResponse } from '../../lib/contracts/auth';
import { registerAccount } from '../auth/accounts';
import { parseBody } from '../http/body';
import { throttleUnit } from '../http/client-address';
import { rateLimited } from '../http/rate-limited';
import { apiError, json } from '../http/responses';
import {
  invitationProblemMessage,
  invitationsOf,
  readInvitation,
  acceptInvitation,
} from '../team/invitations';
import { reserve, type ThrottleKey } from '../throttle/throttle';
import { appBaseUrl, type HandlerContext } from './context';
import { callerOf, refused, signedInResponse } from './handlers';
import { runCommand } from './run-command';
import { readerOf } from './workspace-handlers';
import { acceptBody, tokenBody } from './schemas';
import { refreshed, signedIn } from './signed-in';

const MINUTE = 60_000;

// Looking up and accepting links: generous for a person, slow for someone guessing.
const linkKey = (address: string): ThrottleKey => ({
  key: `invite:address:${address}`,
  policy: { free: 20, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 60 * MINUTE },
});

async function linkThrottled(ctx: HandlerContext): Promise<Response | null> {
  const reservation = await reserve(ctx.database.db, [linkKey(throttleUnit(ctx.ip))], ctx.now());
  if (reservation.ok) return null;
  return rateLimited(reservation.retryAfterMs, 'attempts');
}

/** POST /api/invitations { workspaceId, memberId }: a link for the member, mailed when possible. */
export async function handleInvite(request: Request, ctx: HandlerContext): Promise<Response> {
  const admin = await runCommand(request, ctx, 'invite');
  if ('response' in admin) return admin.response;
  const made = admin.done.result;
  if (!made.ok)
    return apiError(400, 'invalid_request', made.message, {
      fields: { [made.field]: made.message },
    });
  const link = new URL(`/invite#${made.token}`, appBaseUrl(ctx)).toString();
  const mailed = await ctx.mail.send({
    to: made.invitation.email,
    subject: `${admin.session.user.name} invited you to ${made.workspaceName} on Hourmark`,
    text: [
      `Hello ${made.name},`,
      '',
      `${admin.session.user.name} invited you to track time in ${made.workspaceName} on Hourmark.`,
      'Open this link within seven days to join (it works once):',
      '',
      link,
      '',
      `Sign in or create your account with this email address: ${made.invitation.email}.`,
    ].join('\n'),
  });
  return json(
    201,
    { invitation: made.invitation, link, mailed } satisfies Answer<typeof invitedResponse>,
    refreshed(admin.session, request, ctx),
  );
}

/** GET /api/invitations?workspace=…: pending invitations and the members who have joined. */
export async function handleInvitations(request: Request, ctx: HandlerContext): Promise<Response> {
  const workspaceId = new URL(request.url).searchParams.get('workspace') ?? '';
  const admin = await readerOf(request, ctx, workspaceId, 'invitations');
  if ('response' in admin) return admin.response;
  return json(
    200,
    (await invitationsOf(ctx.database.db, workspaceId, ctx.now())) satisfies Answer<
      typeof invitationsResponse
    >,
    refreshed(admin.session, request, ctx),
  );
}

/** POST /api/invitations/revoke { workspaceId, id }: the link stops working. */
export async function handleRevokeInvitation(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const ran = await runCommand(request, ctx, 'revokeInvitation');
  if ('response' in ran) return ran.response;
  if (!ran.done.result)
    return apiError(400, 'invalid_request', 'There is no pending invitation with this id.', {
      fields: { id: 'There is no pending invitation with this id.' },
    });
  return json(204, null, refreshed(ran.session, request, ctx));
}

/** POST /user/invitation-check { token }: what the /invite page shows, or why it cannot be used. */
export async function handleInvitationCheck(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, tokenBody);
  if (!body.ok) return body.response;
  const limited = await linkThrottled(ctx);
  if (limited) return limited;
  const found = await readInvitation(ctx.database.db, body.value.token, ctx.now());
  if (!found.ok) return apiError(400, 'invalid_token', invitationProblemMessage[found.problem]);
  const { workspaceName, name, email, role, invitedBy, hasAccount } = found;
  return json(200, {
    workspaceName,
    workspaceId: found.workspaceId,
    name,
    email,
    role,
    invitedBy,
    hasAccount,
  } satisfies Answer<typeof invitationCheckResponse>);
}

/**
 * POST /user/accept-invitation { token, name?, password? }. Signed in as the invited email: joins.
 * Not signed in and no account for the email: creates the account (name and password) and joins,
 * signed in. An account with another email never takes the invitation.
 */
export async function handleAcceptInvitation(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, acceptBody);
  if (!body.ok) return body.response;
  const limited = await linkThrottled(ctx);
  if (limited) return limited;
  const db = ctx.database.db;
  const now = ctx.now();
  const found = await readInvitation(db, body.value.token, now);
  if (!found.ok) return apiError(400, 'invalid_token', invitationProblemMessage[found.problem]);
  const gone = () => apiError(400, 'invalid_token', invitationProblemMessage.used);
  const session = await signedIn(request, ctx);
  if (session) {
    if (session.user.email !== found.email)
      return apiError(
        403,
        'forbidden',
        `This invitation is for ${found.email}, and you are signed in as ${session.user.email}. Sign out, then open the link again.`,
      );
    const joined = await acceptInvitation(db, found, session.user.id, now);
    if (!joined) return gone();
    return json(
      200,
      { workspaceId: found.workspaceId } satisfies Answer<typeof acceptInvitationResponse>,
      refreshed(session, request, ctx),
    );
  }
  if (found.hasAccount)
    return apiError(
      401,
      'unauthenticated',
      `An account already uses ${found.email}: sign in with it to join.`,
    );
  const { name, password } = body.value;
  const fields: Record<string, string> = {};
  if (!name) fields['name'] = 'Enter your full name';
  if (!password) fields['password'] = 'Use at least 8 characters';
  if (Object.keys(fields).length > 0)
    return apiError(400, 'invalid_request', 'Some fields are missing or invalid.', { fields });
  const outcome = await registerAccount(
    db,
    { name: name ?? '', email: found.email, password: password ?? '' },
    callerOf(request, ctx),
    now,
    (tx, userId) => acceptInvitation(tx, found, userId, now),
  );
  if (outcome.kind === 'join_refused') return gone();
  if (outcome.kind === 'email_taken')
    return apiError(
      401,
      'unauthenticated',
      `An account already uses ${found.email}: sign in with it to join.`,
    );
  if (outcome.kind !== 'ok') return refused(outcome, 'new accounts from this network');
  return signedInResponse(201, outcome.signedIn, request, ctx);
}
