/** Name of the HttpOnly cookie that carries the session credential. */
export const SESSION_COOKIE = 'hm_session';

/** The session cookie's value from a Cookie header. */
export function readSessionCookie(header: string | null): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=');
  }
  return undefined;
}

// Browsers refuse Secure cookies over plain http, so localhost development drops the flag.
function isPlainLocalhost(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Set-Cookie for a new session (30 days) or, with `null`, one that deletes it. */
export function sessionCookie(
  value: string | null,
  url: URL,
  maxAgeSeconds = 30 * 24 * 3600,
): string {
  const parts = [
    `${SESSION_COOKIE}=${value ?? ''}`,
    'HttpOnly',
    'SameSite=Lax',
    'Path=/',
    `Max-Age=${value ? maxAgeSeconds : 0}`,
  ];
  if (!isPlainLocalhost(url)) parts.push('Secure');
  return parts.join('; ');
}
