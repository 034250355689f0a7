import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './rate-limit';
import { createSession, revokeUserSessions, type IssuedSession } from './sessions';

/** What the API returns about a person: never the hash. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/** Emails are trimmed and compared case-insensitively. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The public view of a user row. */
export function publicUser(row: typeof users.$inferSelect): PublicUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** Creates an account; 'email_taken' when the email is registered (any case). */
export async function registerAccount(
  db: Db,
  input: { name: string; email: string; password: string },
  now: Date,
): Promise<PublicUser | 'email_taken'> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(users)
    .values({ id: randomUUID(), name: input.name.trim(), email, passwordHash, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const row = rows[0];
  return row ? publicUser(row) : 'email_taken';
}

/** Outcome of a sign-in attempt. */
export type LoginOutcome =
  | { kind: 'ok'; user: PublicUser; session: IssuedSession }
  | { kind: 'invalid' }
  | { kind: 'rate_limited'; retryAfter: number };

/** Checks limits, then the password (with equal timing for unknown emails), then opens a session. */
export async function login(
  db: Db,
  input: { email: string; password: string },
  ip: string,
  now: Date,
): Promise<LoginOutcome> {
  const email = normaliseEmail(input.email);
  const retryAfter = await loginRetryAfter(db, email, ip, now);
  if (retryAfter > 0) return { kind: 'rate_limited', retryAfter };
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = row
    ? await verifyPassword(row.passwordHash, input.password)
    : (await verifyDummy(input.password), false);
  if (!row || !ok) {
    await recordLoginFailure(db, email, ip, now);
    return { kind: 'invalid' };
  }
  await clearLoginFailures(db, email);
  return { kind: 'ok', user: publicUser(row), session: await createSession(db, row.id, now) };
}

/** Checks a user's current password. */
export async function checkPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? verifyPassword(row.hash, password) : false;
}

/** Sets a new password and signs out every other session. */
export async function changePassword(
  db: Db,
  userId: string,
  newPassword: string,
  keepSession: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, userId));
  await revokeUserSessions(db, userId, keepSession);
}

/** Deletes an account; its sessions go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
