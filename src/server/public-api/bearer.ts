import { findApiToken, type TokenScope } from '../auth/api-tokens';
import type { HandlerContext } from '../api/context';
import { readSessionCookie } from '../http/cookies';
import { apiError } from '../http/responses';
import type { Membership } from '../sync/permissions';
import { membershipOf } from '../sync/workspaces';
import { countRequest, noteCounted, overLimit } from './rate-limits';

// A personal access token is an Actor (issue 50): the person's membership in the token's
// workspace, read from the database on every request, so a revocation, an expiry, leaving the
// workspace, deleting the account or a new role applies at the next request on every server
// process. Nothing about tokens is kept in this process's memory.

/** Who a token request acts as. */
export interface TokenCaller {
  membership: Membership;
  scope: TokenScope;
  tokenId: string;
}

const REALM = 'Bearer realm="Hourmark API"';

/** 401 with the header RFC 6750 asks for, so a client knows a token is what is missing. */
export const tokenRefused = (message: string, invalid: boolean) =>
  apiError(401, invalid ? 'invalid_token' : 'unauthenticated', message, {
    headers: { 'WWW-Authenticate': invalid ? `${REALM}, error="invalid_token"` : REALM },
  });

/** The token a request presents in `Authorization: Bearer …`, '' for another scheme, or null. */
export function bearerOf(headers: Headers): string | null {
  const header = headers.get('authorization');
  if (header === null) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

/** Whether the request also carries a session cookie (a browser's, sent along). */
export const carriesSession = (headers: Headers): boolean =>
  readSessionCookie(headers.get('cookie')) !== undefined;

/**
 * The member a token request acts as, or the answer to send: 400 with a session cookie too,
 * 401 (`WWW-Authenticate: Bearer`) without a token or for one that is unknown, revoked, expired
 * or whose person is no longer in the workspace, 429 past the token's rate limit
 * (rate-limits.ts), 403 for a read-only token asked to write.
 */
export async function tokenCaller(
  request: Request,
  ctx: HandlerContext,
  needs: TokenScope,
): Promise<{ caller: TokenCaller } | { response: Response }> {
  const presented = bearerOf(request.headers);
  if (presented !== null && carriesSession(request.headers))
    return {
      response: apiError(
        400,
        'two_credentials',
        'Send either an access token or a session cookie, not both.',
      ),
    };
  if (presented === null || presented === '')
    return {
      response: tokenRefused(
        'This API needs a personal access token: Authorization: Bearer hm_…. Make one on Account setting.',
        false,
      ),
    };
  const now = ctx.now();
  const token = await findApiToken(ctx.database.db, presented, now);
  const membership = token
    ? await membershipOf(ctx.database.db, token.userId, token.workspaceId)
    : null;
  if (!token || !membership)
    return {
      response: tokenRefused(
        'This access token is not valid: it was revoked, it expired, or its person is no longer in the workspace.',
        true,
      ),
    };
  // Counted once the token is known to work, before the request does anything: one short
  // statement. Every answer from here on carries the RateLimit headers (withRateHeaders).
  const rate = await countRequest(ctx.database.db, token.id, now);
  noteCounted(request, rate);
  if (!rate.passed) return { response: overLimit(rate) };
  if (needs === 'write' && token.scope !== 'write')
    return {
      response: apiError(
        403,
        'insufficient_scope',
        'This access token is read-only. Make a read and write token to change anything.',
        { headers: { 'WWW-Authenticate': `${REALM}, error="insufficient_scope"` } },
      ),
    };
  return { caller: { membership, scope: token.scope, tokenId: token.id } };
}
