// @ts-check
// The first thing every request meets, before static files and Astro: refuses what no route
// should ever see, so a malformed request costs a 4xx instead of an exception.
import { answersTo } from '../src/server/http/hosts.mjs';
import { PASSWORD_PATHS, malformedPath, readPath } from '../src/server/http/request-path.mjs';

export { PASSWORD_PATHS, malformedPath };

/** Methods any route may serve; the rest (TRACE, CONNECT, WebDAV verbs…) are refused here. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The answer to a request that must not go further, or null to let it through: a method no
 * route serves, a malformed path, a Host this server does not answer to (which also stops DNS
 * rebinding against a server on localhost; `/health` is exempt, as load balancers probe it by
 * address), and an endpoint spelled in a non-canonical way (`/user/login/`, `/user/%6Cogin`).
 * The last two are `held`: answered after a pause, since no page of ours sends them, so a flood
 * of them comes back once a second per connection instead of thousands of times.
 *
 * @param {{ method?: string | undefined, url?: string | undefined, headers: { host?: string | undefined } }} req
 * @param {import('../src/server/http/hosts.mjs').HostRules} hosts
 * @returns {{ status: number, headers: Record<string, string>, body: string, held?: boolean } | null}
 */
export function refuse(req, hosts) {
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
  const { path, canonical } = readPath(req.url ?? '/');
  if (path !== '/health' && !answersTo(req.headers.host, hosts))
    return {
      ...json(
        400,
        'unknown_host',
        'This server does not answer to that host name. Its administrator can add it to ALLOWED_HOSTS.',
      ),
      held: true,
    };
  if (!canonical)
    return {
      ...json(
        404,
        'not_found',
        `Not found. This endpoint answers only at ${path}, without a trailing slash or encoded letters.`,
      ),
      held: true,
    };
  return null;
}

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
      if (req.method !== 'POST' || !PASSWORD_PATHS.has(readPath(req.url ?? '/').path)) return null;
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
