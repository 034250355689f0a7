// @ts-check
// The one reading of a request's path, shared by the front door (scripts/front-door.mjs), the
// password admission there and the middleware in front of Astro's router: a rule keyed on a path
// cannot then be passed by spelling the path another way (`/user/login/`, `/user/%6Cogin`).

/**
 * Why a request's path is refused, or null when it is fine. A path must start with one slash,
 * percent-decode cleanly, and have no empty, `.` or `..` segments, no backslashes, and no
 * segment that decodes to a slash or NUL. Refusing such paths (rather than normalising them)
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

/** Percent-encoded letters, digits and `-._~` (RFC 3986's unreserved set), which mean themselves. */
const ENCODED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/**
 * The path part of a request target as the router reads it: percent-encoded unreserved
 * characters decoded (`%6C` is `l`) and a trailing slash dropped (`/` stays `/`). Two targets
 * with the same canonical path reach the same route.
 *
 * @param {string} target the request target as received (path and query)
 * @returns {string}
 */
export function canonicalPath(target) {
  const path = (target.split('?')[0] ?? '').replace(ENCODED_UNRESERVED, (encoded) =>
    String.fromCharCode(parseInt(encoded.slice(1), 16)),
  );
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Routes under these prefixes, and these exact paths, are endpoints (src/pages/**\/*.ts). */
const API_PREFIXES = ['/user/', '/sync/', '/api/'];
const API_PATHS = new Set(['/health', '/shared-report', '/support/messages']);
/** Pages under an API prefix: the public API's reference (src/pages/api/docs.astro, issue 50). */
const PAGE_PATHS = new Set(['/api/docs']);

/**
 * Whether a canonical path is an API endpoint rather than a page. Endpoints answer only their
 * canonical spelling; pages answer with and without a trailing slash.
 *
 * @param {string} path a canonical path
 * @returns {boolean}
 */
export function isApiPath(path) {
  if (PAGE_PATHS.has(path)) return false;
  return API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The route an API request may reach, or null when its target spells an endpoint in a
 * non-canonical way and must be answered 404 (not redirected: a 308 would replay a POST).
 *
 * @param {string} target the request target as received (path and query)
 * @returns {{ path: string, canonical: boolean }}
 */
export function readPath(target) {
  const path = canonicalPath(target);
  return { path, canonical: !isApiPath(path) || path === (target.split('?')[0] ?? '') };
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
