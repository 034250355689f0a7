// @ts-check
// Which names this server answers to and which page origins are its own, read from the
// settings once. Shared by the front door (a Host it does not answer to gets 400), the origin
// check (src/server/http/origin-guard.ts) and the links put in mails (src/server/config.ts).

/** Names a server without PUBLIC_URL always answers to: it is someone's own machine. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** HOST values that mean "every interface" rather than a name a browser would use. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * @typedef {object} HostRules
 * @property {Set<string>} hostnames lower-case names (IPv6 in brackets) a request's Host may carry
 * @property {Set<string>} ownOrigins the origins of this server's own pages
 * @property {URL} appUrl where links in mails and shown links point
 */

/**
 * A host name as it appears in a Host header or URL: lower case, IPv6 in brackets, no port.
 *
 * @param {string} name
 * @returns {string}
 */
function bareName(name) {
  const trimmed = name.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  if (trimmed.split(':').length > 2) return `[${trimmed}]`; // a bare IPv6 address
  return trimmed.split(':')[0] ?? '';
}

/**
 * The rules for a server started with these settings: PUBLIC_URL's host when it is set,
 * otherwise the loopback names and the HOST listened on; ALLOWED_HOSTS adds names either way.
 * Own origins keep PUBLIC_URL's scheme and port (without it, plain http on PORT).
 *
 * @param {Record<string, string | undefined>} env
 * @returns {HostRules}
 */
export function hostRules(env) {
  const publicUrl = env['PUBLIC_URL'] ? new URL(env['PUBLIC_URL']) : undefined;
  const port = Number(env['PORT'] ?? 4321);
  const listened = bareName(env['HOST'] ?? 'localhost');
  const extra = (env['ALLOWED_HOSTS'] ?? '').split(',').map(bareName).filter(Boolean);
  const names = publicUrl
    ? [bareName(publicUrl.host), ...extra]
    : [...LOOPBACK_NAMES, ...(WILDCARD_HOSTS.has(listened) ? [] : [listened]), ...extra];
  const scheme = publicUrl?.protocol ?? 'http:';
  const portPart = publicUrl ? publicUrl.port : String(port);
  const originOf = (/** @type {string} */ name) =>
    new URL(`${scheme}//${name}${portPart ? `:${portPart}` : ''}`).origin;
  const localName = WILDCARD_HOSTS.has(listened) ? 'localhost' : listened;
  return {
    hostnames: new Set(names),
    ownOrigins: new Set(names.map(originOf)),
    appUrl: publicUrl ?? new URL(originOf(localName)),
  };
}

/**
 * Whether a request's Host header names this server. A missing Host (HTTP/1.0) is refused too.
 *
 * @param {string | undefined} host
 * @param {HostRules} rules
 * @returns {boolean}
 */
export function answersTo(host, rules) {
  return host !== undefined && rules.hostnames.has(bareName(host));
}

/**
 * Why the server must not start with these settings, or null. Mail carries links to this
 * server, and they must never be built from what a request claims its address is.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function settingsProblem(env) {
  if (env['PUBLIC_URL']) {
    try {
      const url = new URL(env['PUBLIC_URL']);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return `PUBLIC_URL must start with https:// or http://, not ${url.protocol}`;
    } catch {
      return `PUBLIC_URL is not a URL: ${env['PUBLIC_URL']}`;
    }
  } else if (env['SMTP_URL'])
    return 'SMTP_URL is set but PUBLIC_URL is not: set PUBLIC_URL to the address people use (for example https://hourmark.example.com), so that links in mails point there.';
  return null;
}
