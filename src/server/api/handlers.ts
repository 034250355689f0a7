import type { Answer } from '../../lib/contracts/shape';
import type {
  confirmEmailResponse,
  deleteCheckResponse,
  meResponse,
} from '../../lib/contracts/auth';
import {
  changePassword,
  checkPassword,
  hashForRegistration,
  login,
  normaliseEmail,
  publicUser,
  registerAccount,
  type Caller,
  type Refusal,
  type SignedIn,
} from '../auth/accounts';
import { confirmProblemMessage, confirmSignUp, holdSignUp } from '../auth/confirm-registration';
import { parseDeviceCookie } from '../auth/devices';
import { deleteAccountAndWorkspaces, deletionEffects } from '../team/account-workspaces';
import { handleOf, revokeSession, revokeUserSessions } from '../auth/sessions';
import { parseBody } from '../http/body';
import { throttleUnit } from '../http/client-address';
import {
  DEVICE_COOKIE,
  deviceCookie,
  readCookie,
  readSessionCookie,
  sessionCookie,
} from '../http/cookies';
import { rateLimited } from '../http/rate-limited';
import { apiError, json } from '../http/responses';
import { appBaseUrl, target, type HandlerContext } from './context';
import { confirmBody, deleteBody, loginBody, passwordBody, registerBody } from './schemas';
import { refreshed, signedIn, unauthenticated } from './signed-in';

export type { HandlerContext } from './context';

const INVALID_CREDENTIALS = 'Email or password is incorrect.';

export function callerOf(request: Request, ctx: HandlerContext): Caller {
  return {
    address: throttleUnit(ctx.ip),
    devices: parseDeviceCookie(readCookie(request.headers.get('cookie'), DEVICE_COOKIE)),
  };
}

/** 429 or 503 with Retry-After, in words a person can act on. */
export function refused(refusal: Refusal, what: string): Response {
  const headers = { 'Retry-After': String(refusal.retryAfter) };
  if (refusal.kind === 'busy')
    return apiError(
      503,
      'server_busy',
      'Hourmark is busy right now. Please try again in a moment.',
      {
        headers,
      },
    );
  return rateLimited(refusal.retryAfter * 1000, what);
}

/** The session and device cookies of a fresh sign-in. */
export function signedInResponse(
  status: number,
  signedIn: SignedIn,
  request: Request,
  ctx: HandlerContext,
) {
  const to = target(request, ctx);
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  headers.append(
    'Set-Cookie',
    sessionCookie(signedIn.session.cookie, to, signedIn.session.persistent),
  );
  headers.append('Set-Cookie', deviceCookie(signedIn.deviceCookie, to));
  return new Response(JSON.stringify({ token: signedIn.session.handle, user: signedIn.user }), {
    status,
    headers,
  });
}

/**
 * POST /user/register. Without mail: creates the account and signs it in (cookie + non-secret
 * handle), or 409 when the email is taken. With mail: 202 whether the email is new (a link to
 * confirm it is mailed) or already has an account (its owner is told by mail), so a sign-up
 * form never reveals who has an account.
 */
export async function handleRegister(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, registerBody);
  if (!body.ok) return body.response;
  if (ctx.mail.enabled) return registerByMail(request, ctx, body.value);
  const outcome = await registerAccount(
    ctx.database.db,
    body.value,
    callerOf(request, ctx),
    ctx.now(),
  );
  if (outcome.kind === 'email_taken')
    return apiError(409, 'email_taken', 'An account with this email already exists', {
      fields: { email: 'An account with this email already exists' },
    });
  // Only an invitation's sign-up joins a workspace (invitation-handlers.ts).
  if (outcome.kind === 'join_refused') throw new Error('A plain sign-up joins no workspace');
  if (outcome.kind !== 'ok') return refused(outcome, 'new accounts from this network');
  return signedInResponse(201, outcome.signedIn, request, ctx);
}

async function registerByMail(
  request: Request,
  ctx: HandlerContext,
  input: { name: string; email: string; password: string },
): Promise<Response> {
  const db = ctx.database.db;
  const now = ctx.now();
  // The password is hashed either way, so both answers take the same time.
  const hashed = await hashForRegistration(db, input.password, callerOf(request, ctx), now);
  if (hashed.kind !== 'done') return refused(hashed, 'new accounts from this network');
  const held = await holdSignUp(db, { ...input, passwordHash: hashed.value }, now);
  const base = appBaseUrl(ctx);
  // Not awaited: how long the mail server takes must not tell the two cases apart.
  void ctx.mail.send(
    held.kind === 'new'
      ? {
          to: normaliseEmail(input.email),
          subject: 'Confirm your email to finish signing up to Hourmark',
          text: [
            `Hello ${input.name.trim()},`,
            '',
            'Open this link within a day to confirm your email and start using Hourmark:',
            '',
            new URL(`/confirm-email#${held.token}`, base).toString(),
            '',
            'If you did not sign up, ignore this mail: no account is made without the link.',
          ].join('\n'),
        }
      : {
          to: held.email,
          subject: 'Someone tried to sign up to Hourmark with your email',
          text: [
            `Hello ${held.name},`,
            '',
            'Someone (perhaps you) tried to create a Hourmark account with this email, which',
            'already has one. Nothing was changed.',
            '',
            `Sign in: ${new URL('/login', base).toString()}`,
            `Forgot your password? ${new URL('/forgot-password', base).toString()}`,
            '',
            'If it was not you, you can ignore this mail.',
          ].join('\n'),
        },
  );
  return json(202, {
    status: 'confirm_email',
    message: `Check ${normaliseEmail(input.email)}: we sent a link to finish signing up. It works for one day.`,
  } satisfies Answer<typeof confirmEmailResponse>);
}

/** POST /user/confirm-email { token }: opens a sign-up's link, creating the account once. */
export async function handleConfirmEmail(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, confirmBody);
  if (!body.ok) return body.response;
  const outcome = await confirmSignUp(
    ctx.database.db,
    body.value.token,
    callerOf(request, ctx),
    ctx.now(),
    body.value.timeZone,
  );
  if (outcome.kind === 'invalid')
    return apiError(400, 'invalid_token', confirmProblemMessage[outcome.problem]);
  if (outcome.kind !== 'ok')
    return apiError(409, 'email_taken', 'This email already has an account: sign in instead.');
  return signedInResponse(201, outcome.signedIn, request, ctx);
}

/** POST /user/login: `{ token, user }`; the credential goes only into the HttpOnly cookie. */
export async function handleLogin(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, loginBody);
  if (!body.ok) return body.response;
  const outcome = await login(ctx.database.db, body.value, callerOf(request, ctx), ctx.now());
  if (outcome.kind === 'invalid') return apiError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  if (outcome.kind !== 'ok') return refused(outcome, 'sign-in attempts');
  return signedInResponse(200, outcome, request, ctx);
}

/** POST /user/logout: revokes the session (fine when already signed out) and clears the cookie. */
export async function handleLogout(request: Request, ctx: HandlerContext): Promise<Response> {
  const handle = handleOf(readSessionCookie(request.headers.get('cookie')));
  if (handle) await revokeSession(ctx.database.db, handle);
  return json(204, null, { 'Set-Cookie': sessionCookie(null, target(request, ctx)) });
}

/** GET /user/me: who is signed in, or 401. */
export async function handleMe(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  return json(
    200,
    { user: publicUser(session.user) } satisfies Answer<typeof meResponse>,
    refreshed(session, request, ctx),
  );
}

/** POST /user/password: needs the current password; signs out the other devices. */
export async function handlePassword(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, passwordBody);
  if (!body.ok) return body.response;
  const db = ctx.database.db;
  const checked = await checkPassword(db, session.user.id, body.value.currentPassword, ctx.now());
  if (checked.kind !== 'done') return refused(checked, 'wrong passwords');
  if (!checked.value) {
    return apiError(400, 'invalid_request', 'Your current password is not correct.', {
      fields: { currentPassword: 'Your current password is not correct.' },
    });
  }
  const changed = await changePassword(
    db,
    session.user.id,
    body.value.newPassword,
    session.sessionId,
  );
  if (changed === 'busy') return refused({ kind: 'busy', retryAfter: 1 }, '');
  return json(204, null, refreshed(session, request, ctx));
}

/** POST /user/logout-all: revokes every session of the signed-in user. */
export async function handleLogoutAll(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  await revokeUserSessions(ctx.database.db, session.user.id);
  return json(204, null, { 'Set-Cookie': sessionCookie(null, target(request, ctx)) });
}

/** POST /user/delete: deletes the account after checking the password. */
export async function handleDelete(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, deleteBody);
  if (!body.ok) return body.response;
  const checked = await checkPassword(
    ctx.database.db,
    session.user.id,
    body.value.password,
    ctx.now(),
  );
  if (checked.kind !== 'done') return refused(checked, 'wrong passwords');
  if (!checked.value) {
    return apiError(400, 'invalid_request', 'That password is not correct.', {
      fields: { password: 'That password is not correct.' },
    });
  }
  const deleted = await deleteAccountAndWorkspaces(
    ctx.database.db,
    session.user.id,
    body.value.deleteWorkspaces,
    ctx.now(),
  );
  if (!deleted.ok) {
    const names = deleted.blocked.map((w) => w.name).join(', ');
    return json(409, {
      error: 'last_admin',
      message: `You are the last Admin of ${names}, which others still use. Make another member Admin there first (Team members), or choose to delete it with your account.`,
      workspaces: deleted.blocked,
    });
  }
  return json(204, null, { 'Set-Cookie': sessionCookie(null, target(request, ctx)) });
}

/** GET /user/delete-check: what deleting the account would do to each of its workspaces. */
export async function handleDeleteCheck(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  return json(
    200,
    {
      workspaces: await deletionEffects(ctx.database.db, session.user.id),
    } satisfies Answer<typeof deleteCheckResponse>,
    refreshed(session, request, ctx),
  );
}
