import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sessions, users } from '../db/schema';
import { newToken, secretMatches, splitToken } from './secret-tokens';

/** 'Remember me' sessions last 30 days from their last use. */
export const SESSION_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;
const PERSISTENT_MS = SESSION_DAYS * 24 * HOUR_MS;
/**
 * Without 'Remember me' the cookie ends with the browser, which the server cannot see; the
 * session ends 12 hours after its last use, so a working day never signs anyone out.
 */
export const BROWSER_SESSION_MS = 12 * HOUR_MS;
// Extending on every request would write on every call; once an hour is plenty.
const EXTEND_AFTER_MS = HOUR_MS;

const lifetime = (persistent: boolean) => (persistent ? PERSISTENT_MS : BROWSER_SESSION_MS);

/** A new session: `handle` is public (the app's `token`), `cookie` carries the secret. */
export interface IssuedSession {
  handle: string;
  cookie: string;
  expiresAt: Date;
  persistent: boolean;
}

/** Creates a session with a 256-bit random secret; only its SHA-256 is stored. */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  persistent = true,
): Promise<IssuedSession> {
  const { handle, token, secretHash } = newToken();
  const expiresAt = new Date(now.getTime() + lifetime(persistent));
  await db.insert(sessions).values({
    id: handle,
    userId,
    secretHash,
    createdAt: now,
    expiresAt,
    lastUsedAt: now,
    persistent,
  });
  return { handle, cookie: token, expiresAt, persistent };
}

/**
 * The signed-in user of a session cookie, extending the session; null when absent, wrong or
 * expired. `extended` says the expiry moved, so the caller refreshes the cookie's Max-Age too.
 */
export async function authenticate(db: Db, cookie: string | undefined, now: Date) {
  const parts = cookie ? splitToken(cookie) : null;
  if (!parts) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, parts.handle), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (!secretMatches(parts.secret, row.session.secretHash)) return null;
  const extended = now.getTime() - row.session.lastUsedAt.getTime() > EXTEND_AFTER_MS;
  if (extended) {
    await db
      .update(sessions)
      .set({
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + lifetime(row.session.persistent)),
      })
      .where(eq(sessions.id, parts.handle));
  }
  return {
    sessionId: row.session.id,
    user: row.user,
    persistent: row.session.persistent,
    extended,
    cookie: cookie ?? '',
  };
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
  return cookie ? (splitToken(cookie)?.handle ?? null) : null;
}

/** Deletes sessions past their expiry, so the table holds only live ones. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
