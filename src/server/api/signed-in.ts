import { authenticate } from '../auth/sessions';
import { readSessionCookie, sessionCookie } from '../http/cookies';
import { apiError } from '../http/responses';
import { target, type HandlerContext } from './context';

/** An authenticated session with its user. */
export type Session = NonNullable<Awaited<ReturnType<typeof authenticate>>>;

/** The session of the request's cookie (extended when due), or null. */
export async function signedIn(request: Request, ctx: HandlerContext): Promise<Session | null> {
  return authenticate(ctx.database.db, readSessionCookie(request.headers.get('cookie')), ctx.now());
}

/** When the server moved the session's expiry, the cookie's Max-Age moves with it. */
export function refreshed(
  session: Session,
  request: Request,
  ctx: HandlerContext,
): Record<string, string> {
  if (!session.extended) return {};
  return { 'Set-Cookie': sessionCookie(session.cookie, target(request, ctx), session.persistent) };
}

/** 401 for a request without a valid session. */
export const unauthenticated = () =>
  apiError(401, 'unauthenticated', 'You are signed out. Please sign in again.');
