import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secret tokens (session cookies, password-reset and invitation links): a 128-bit public handle,
 * the row's key, and a 256-bit secret of which only the SHA-256 is stored, so a copy of the
 * database opens nothing.
 */
export interface NewToken {
  handle: string;
  /** `handle.secret`, what the link carries. */
  token: string;
  secretHash: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A fresh random token and the hash to store. */
export function newToken(): NewToken {
  const handle = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { handle, token: `${handle}.${secret}`, secretHash: sha256(secret) };
}

/** The handle and secret of a token in our shape, or null. */
export function splitToken(token: string): { handle: string; secret: string } | null {
  const match = /^([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{40,64})$/.exec(token);
  return match ? { handle: match[1] ?? '', secret: match[2] ?? '' } : null;
}

/** Whether `secret` hashes to `storedHash`, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
