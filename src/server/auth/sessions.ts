import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sessions, users } from '../db/schema';

/** Sessions last 30 days from their last use. */
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
// Extending on every request would write on every call; once an hour is plenty.
const EXTEND_AFTER_MS = 60 * 60 * 1000;

/** A new session: `handle` is public (the app's `token`), `cookie` carries the secret. */
export interface IssuedSession {
  handle: string;
  cookie: string;
  expiresAt: Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Creates a session with a 256-bit random secret; only its SHA-256 is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<IssuedSession> {
  const handle = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MS);
  await db.insert(sessions).values({
    id: handle,
    userId,
    secretHash: sha256(secret),
    createdAt: now,
    expiresAt,
    lastUsedAt: now,
  });
  return { handle, cookie: `${handle}.${secret}`, expiresAt };
}

function splitCookie(cookie: string): { handle: string; secret: string } | null {
  const match = /^([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{40,64})$/.exec(cookie);
  return match ? { handle: match[1] ?? '', secret: match[2] ?? '' } : null;
}

/** The signed-in user of a session cookie, extending the session; null when absent, wrong or expired. */
export async function authenticate(db: Db, cookie: string | undefined, now: Date) {
  const parts = cookie ? splitCookie(cookie) : null;
  if (!parts) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, parts.handle), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const expected = Buffer.from(row.session.secretHash, 'hex');
  const given = Buffer.from(sha256(parts.secret), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() > EXTEND_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) })
      .where(eq(sessions.id, parts.handle));
  }
  return { sessionId: row.session.id, user: row.user };
}

/** Deletes one session (logout). */
export async function revokeSession(db: Db, handle: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, handle));
}

/** Deletes every session of a user, or all but `keep`. */
export async function revokeUserSessions(db: Db, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId),
    );
}

/** The handle part of a cookie value, for logout of a possibly expired session. */
export function handleOf(cookie: string | undefined): string | null {
  return cookie ? (splitCookie(cookie)?.handle ?? null) : null;
}
