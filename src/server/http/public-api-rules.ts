// The rules that set /api/v1 apart from the app's own API (issue 50, docs/security.md "API
// tokens"). The app's API reads only the session cookie, so it keeps the same-origin rule; the
// public API reads only a bearer token, which a browser never attaches by itself, so it needs no
// Origin check and may answer any origin, without credentials.

/** Whether a path is the public API's. */
export const isPublicApi = (pathname: string): boolean =>
  pathname === '/api/v1' || pathname.startsWith('/api/v1/');

/**
 * CORS for any origin without credentials: `*` never lets a browser send cookies, and the
 * headers a script needs (the token, idempotency, preconditions) may be sent and read.
 */
export const publicCorsHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, If-Match',
  'Access-Control-Expose-Headers':
    'ETag, Location, Retry-After, WWW-Authenticate, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Idempotent-Replayed',
  'Access-Control-Max-Age': '600',
};

/**
 * Why a request to the app's own API is refused for carrying a bearer token, or null. Refused
 * rather than ignored: ignored, a script pointed at /api/logs would read "You are signed out",
 * which sends its author looking for a session; the refusal names /api/v1. Only the Bearer
 * scheme: a proxy's Basic credentials pass as before.
 */
export function bearerOutsidePublicApi(pathname: string, headers: Headers): string | null {
  if (isPublicApi(pathname)) return null;
  if (!/^bearer\b/i.test(headers.get('authorization') ?? '')) return null;
  return 'Access tokens work only on the public API, under /api/v1/. This address takes a signed-in session.';
}
