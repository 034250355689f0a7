// @ts-check
// The first thing every request meets, before static files and Astro: refuses what no route
// should ever see, so a malformed request costs a 4xx instead of an exception.

/** Methods any route may serve; the rest (TRACE, CONNECT, WebDAV verbs…) are refused here. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Why a request's path is refused, or null when it is fine. A path must start with one slash,
 * percent-decode cleanly, and be canonical: no empty, `.` or `..` segments, no backslashes, and
 * no segment that decodes to a slash or NUL. Refusing such paths (rather than normalising them)
 * means no later check can be passed by spelling a path differently.
 *
 * @param {string} target the request target as received (path and query)
 * @returns {string | null}
 */
export function malformedPath(target) {
  if (!target.startsWith('/')) return 'The address must start with a slash.';
  const path = target.split('?')[0] ?? '';
  if (path.includes('\\')) return 'The address contains a backslash.';
  const segments = path.split('/').slice(1);
  for (const [index, segment] of segments.entries()) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The address contains a malformed percent-encoding.';
    }
    const last = index === segments.length - 1;
    if (segment === '' && !last) return 'The address contains an empty segment (//).';
    if (decoded === '.' || decoded === '..') return 'The address contains a dot segment.';
    // eslint-disable-next-line no-control-regex -- NUL in a decoded segment is what is refused.
    if (/[/\\\u0000]/.test(decoded)) return 'The address contains an encoded slash or NUL.';
  }
  return null;
}

/**
 * The answer to a request that must not go further, or null to let it through.
 *
 * @param {{ method?: string | undefined, url?: string | undefined }} req
 * @returns {{ status: number, headers: Record<string, string>, body: string } | null}
 */
export function refuse(req) {
  /** @type {(status: number, error: string, message: string, headers?: Record<string, string>) => { status: number, headers: Record<string, string>, body: string }} */
  const json = (status, error, message, headers = {}) => ({
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
    body: JSON.stringify({ error, message }),
  });
  const method = req.method ?? '';
  if (!ALLOWED_METHODS.includes(method))
    return json(405, 'method_not_allowed', `${method || 'This method'} is not supported here.`, {
      Allow: ALLOWED_METHODS.join(', '),
    });
  const problem = malformedPath(req.url ?? '');
  if (problem) return json(400, 'malformed_address', problem);
  return null;
}

/** POST paths whose work is a password hash (src/server/auth/hash-queue.ts admits the same work). */
export const PASSWORD_PATHS = new Set([
  '/user/login',
  '/user/register',
  '/user/password',
  '/user/delete',
  '/user/reset-password',
  '/user/accept-invitation',
]);

/**
 * Password requests under way at once before the rest are turned away with 503 here, for the
 * price of a header: a login flood then costs Astro, the body parser and the database nothing,
 * and static pages and session checks keep their speed. Matches the hash queue's admission:
 * 16 on PostgreSQL, 4 on PGlite, which runs every query on the server's main thread.
 */
export const MAX_PASSWORD_REQUESTS = process.env.DATABASE_URL ? 16 : 4;

/**
 * Counts password requests under way; `enter` returns a 503 answer when the limit is reached,
 * otherwise null, and the count drops when the response is closed.
 *
 * @returns {{ enter: (req: { method?: string | undefined, url?: string | undefined }, res: { once: (event: 'close', listener: () => void) => unknown }) => { status: number, headers: Record<string, string>, body: string } | null, underWay: () => number }}
 */
export function passwordAdmission(limit = MAX_PASSWORD_REQUESTS) {
  let underWay = 0;
  return {
    enter: (req, res) => {
      if (req.method !== 'POST' || !PASSWORD_PATHS.has((req.url ?? '').split('?')[0] ?? ''))
        return null;
      if (underWay >= limit)
        return {
          status: 503,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': 'no-store',
            'Retry-After': '1',
          },
          body: JSON.stringify({
            error: 'server_busy',
            message: 'Hourmark is busy right now. Please try again in a moment.',
          }),
        };
      underWay += 1;
      res.once('close', () => {
        underWay -= 1;
      });
      return null;
    },
    underWay: () => underWay,
  };
}
