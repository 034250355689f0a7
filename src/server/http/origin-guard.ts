/** Methods that never change anything; every other method is checked, whatever the path. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The verdict on a request's origin. */
export type OriginVerdict =
  { kind: 'same-origin' } | { kind: 'allowed-cross-origin'; origin: string } | { kind: 'refused' };

/** Where pages that may change things come from (src/server/http/hosts.mjs, ALLOWED_ORIGINS). */
export interface OriginRules {
  /** This server's own pages: PUBLIC_URL's origin, or without it the loopback names on PORT. */
  ownOrigins: ReadonlySet<string>;
  /** Other sites allowed to call the API with credentials (they get CORS headers). */
  allowedOrigins: readonly string[];
}

function isOwn(origin: string, own: ReadonlySet<string>): boolean {
  try {
    return own.has(new URL(origin).origin);
  } catch {
    return false;
  }
}

/**
 * The same-origin rule for one request. It goes by method, not by path, so routes added later
 * and paths spelled oddly (`//user/login`) are covered without being listed anywhere:
 *
 * - an `Origin` listed in ALLOWED_ORIGINS is allowed (and gets CORS headers);
 * - an `Origin` that is one of this server's own origins is same-origin. It is never compared
 *   with the request's own `Host`: a request can name any host it likes, so "Origin equals
 *   Host" would let a page on evil.example post to a server reached as evil.example;
 * - any other `Origin`, including `null` (sandboxed frames, privacy redirects), is refused
 *   for state-changing methods;
 * - without `Origin`, `Sec-Fetch-Site: cross-site` or `same-site` is refused the same way;
 *   a request with neither header did not come from a browser page and cannot carry a victim's
 *   cookies against their will, so it passes.
 */
export function checkOrigin(method: string, headers: Headers, rules: OriginRules): OriginVerdict {
  const origin = headers.get('origin');
  if (origin !== null && origin !== 'null' && rules.allowedOrigins.includes(origin))
    return { kind: 'allowed-cross-origin', origin };
  if (SAFE_METHODS.has(method.toUpperCase())) return { kind: 'same-origin' };
  if (origin !== null)
    return isOwn(origin, rules.ownOrigins) ? { kind: 'same-origin' } : { kind: 'refused' };
  const site = headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return { kind: 'refused' };
  return { kind: 'same-origin' };
}

/** CORS headers for an origin listed in ALLOWED_ORIGINS. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}
