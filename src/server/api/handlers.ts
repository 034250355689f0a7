import type { Database } from '../db/connect';
import {
  changePassword,
  checkPassword,
  deleteAccount,
  login,
  publicUser,
  registerAccount,
} from '../auth/accounts';
import { authenticate, handleOf, revokeSession, revokeUserSessions } from '../auth/sessions';
import { parseBody } from '../http/body';
import { readSessionCookie, sessionCookie } from '../http/cookies';
import { apiError, json } from '../http/responses';
import { deleteBody, loginBody, passwordBody, registerBody } from './schemas';

/** What a handler needs besides the request: the database, the clock and the caller's address. */
export interface HandlerContext {
  database: Database;
  now: () => Date;
  ip: string;
}

const INVALID_CREDENTIALS = 'Email or password is incorrect.';

/** POST /user/register: creates the account and signs it in (cookie + non-secret handle). */
export async function handleRegister(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, registerBody);
  if (!body.ok) return body.response;
  const { db } = ctx.database;
  const created = await registerAccount(db, body.value, ctx.now());
  if (created === 'email_taken')
    return apiError(409, 'email_taken', 'An account with this email already exists', {
      fields: { email: 'An account with this email already exists' },
    });
  const outcome = await login(db, body.value, ctx.ip, ctx.now());
  if (outcome.kind !== 'ok') return json(201, { user: created });
  return json(
    201,
    { token: outcome.session.handle, user: created },
    { 'Set-Cookie': sessionCookie(outcome.session.cookie, new URL(request.url)) },
  );
}

/** POST /user/login: `{ token, user }`; the credential goes only into the HttpOnly cookie. */
export async function handleLogin(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, loginBody);
  if (!body.ok) return body.response;
  const outcome = await login(ctx.database.db, body.value, ctx.ip, ctx.now());
  if (outcome.kind === 'rate_limited') {
    return apiError(
      429,
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(outcome.retryAfter / 60)} minutes.`,
      {
        headers: { 'Retry-After': String(outcome.retryAfter) },
      },
    );
  }
  if (outcome.kind === 'invalid') return apiError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  return json(
    200,
    { token: outcome.session.handle, user: outcome.user },
    { 'Set-Cookie': sessionCookie(outcome.session.cookie, new URL(request.url)) },
  );
}

/** POST /user/logout: revokes the session (fine when already signed out) and clears the cookie. */
export async function handleLogout(request: Request, ctx: HandlerContext): Promise<Response> {
  const handle = handleOf(readSessionCookie(request.headers.get('cookie')));
  if (handle) await revokeSession(ctx.database.db, handle);
  return json(204, null, { 'Set-Cookie': sessionCookie(null, new URL(request.url)) });
}

async function signedIn(request: Request, ctx: HandlerContext) {
  return authenticate(ctx.database.db, readSessionCookie(request.headers.get('cookie')), ctx.now());
}

const unauthenticated = () =>
  apiError(401, 'unauthenticated', 'You are signed out. Please sign in again.');

/** GET /user/me: who is signed in, or 401. */
export async function handleMe(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  return session ? json(200, { user: publicUser(session.user) }) : unauthenticated();
}

/** POST /user/password: needs the current password; signs out the other devices. */
export async function handlePassword(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, passwordBody);
  if (!body.ok) return body.response;
  if (!(await checkPassword(ctx.database.db, session.user.id, body.value.currentPassword))) {
    return apiError(400, 'invalid_request', 'Your current password is not correct.', {
      fields: { currentPassword: 'Your current password is not correct.' },
    });
  }
  await changePassword(ctx.database.db, session.user.id, body.value.newPassword, session.sessionId);
  return json(204, null);
}

/** POST /user/logout-all: revokes every session of the signed-in user. */
export async function handleLogoutAll(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  await revokeUserSessions(ctx.database.db, session.user.id);
  return json(204, null, { 'Set-Cookie': sessionCookie(null, new URL(request.url)) });
}

/** POST /user/delete: deletes the account after checking the password. */
export async function handleDelete(request: Request, ctx: HandlerContext): Promise<Response> {
  const session = await signedIn(request, ctx);
  if (!session) return unauthenticated();
  const body = await parseBody(request, deleteBody);
  if (!body.ok) return body.response;
  if (!(await checkPassword(ctx.database.db, session.user.id, body.value.password))) {
    return apiError(400, 'invalid_request', 'That password is not correct.', {
      fields: { password: 'That password is not correct.' },
    });
  }
  await deleteAccount(ctx.database.db, session.user.id);
  return json(204, null, { 'Set-Cookie': sessionCookie(null, new URL(request.url)) });
}
