/** Name of the HttpOnly cookie that carries the session credential. */
export const SESSION_COOKIE = 'hm_session';
/** Name of the HttpOnly cookie that marks browsers which signed in before (devices.ts). */
export const DEVICE_COOKIE = 'hm_device';

/** A 'Remember me' session cookie lasts this long; the server extends both on use. */
export const PERSISTENT_COOKIE_SECONDS = 30 * 24 * 3600;
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

/** A cookie's value from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The session cookie's value from a Cookie header. */
export function readSessionCookie(header: string | null): string | undefined {
  return readCookie(header, SESSION_COOKIE);
}

/**
 * Whether cookies get `Secure`: always when PUBLIC_URL is https; otherwise everywhere except
 * plain http on localhost (and names under .localhost), where browsers would refuse a Secure
 * cookie during development.
 */
export function isSecureContext(url: URL, publicUrl: URL | undefined): boolean {
  if (publicUrl?.protocol === 'https:') return true;
  const loopback =
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
    // Names under .localhost are loopback too (RFC 6761): app.x.localhost and api.x.localhost
    // are how a split site and API are tried on one machine.
    url.hostname.endsWith('.localhost');
  return !(url.protocol === 'http:' && loopback);
}

/** Where the cookie is going: the request's URL and the configured public address. */
export interface CookieTarget {
  url: URL;
  publicUrl?: URL | undefined;
}

function cookie(name: string, value: string, maxAge: number | null, target: CookieTarget) {
  const parts = [`${name}=${value}`, 'HttpOnly', 'SameSite=Lax', 'Path=/'];
  if (maxAge !== null) parts.push(`Max-Age=${maxAge}`);
  if (isSecureContext(target.url, target.publicUrl)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Set-Cookie for a session, or with `null` one that deletes it. A persistent ('Remember me')
 * session gets a Max-Age; otherwise the cookie ends when the browser closes.
 */
export function sessionCookie(
  value: string | null,
  target: CookieTarget,
  persistent = true,
  maxAgeSeconds = PERSISTENT_COOKIE_SECONDS,
): string {
  if (value === null) return cookie(SESSION_COOKIE, '', 0, target);
  return cookie(SESSION_COOKIE, value, persistent ? maxAgeSeconds : null, target);
}

/** Set-Cookie for the device cookie (a year; it only ever eases sign-in throttling). */
export function deviceCookie(value: string, target: CookieTarget): string {
  return cookie(DEVICE_COOKIE, value, DEVICE_COOKIE_SECONDS, target);
}
