import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { passwordResets, users } from '../db/schema';
import { newToken, secretMatches, splitToken } from './secret-tokens';

/** A reset link works for an hour, as people open it from their mail right away. */
export const RESET_LINK_MS = 60 * 60 * 1000;

/** Why a reset link cannot be used, in words the page shows. */
export type ResetProblem = 'unknown' | 'expired' | 'used';

export const resetProblemMessage: Record<ResetProblem, string> = {
  unknown:
    'This reset link is not valid. Check that the whole link was copied, or ask for a new one.',
  expired: 'This reset link has expired: links work for one hour. Ask for a new one.',
  used: 'This reset link has already been used. Ask for a new one if you need to reset again.',
};

/**
 * A new single-use link for the account with `email`, or null when there is none. The token is
 * `handle.secret`; only the secret's SHA-256 is stored. Older unused links of the account stop
 * working, so only the newest mail counts.
 */
export async function createResetLink(
  db: Db,
  email: string,
  now: Date,
): Promise<{ token: string; user: { id: string; name: string; email: string } } | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return null;
  const { handle, token, secretHash } = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      id: handle,
      userId: user.id,
      secretHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    });
    // Links a day past their expiry are of no use to anyone: keep the table small.
    await tx
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, new Date(now.getTime() - 24 * RESET_LINK_MS)));
  });
  return { token, user };
}

/** The link's row when its secret matches (compared in constant time), else null. */
async function rowOf(db: Db, token: string) {
  const parts = splitToken(token);
  if (!parts) return null;
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, parts.handle));
  return row && secretMatches(parts.secret, row.secretHash) ? row : null;
}

/** Whether a link can still be used, and whose account it resets. */
export async function checkResetLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ ok: true; email: string } | { ok: false; problem: ResetProblem }> {
  const row = await rowOf(db, token);
  if (!row) return { ok: false, problem: 'unknown' };
  if (row.usedAt) return { ok: false, problem: 'used' };
  if (row.expiresAt <= now) return { ok: false, problem: 'expired' };
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return user ? { ok: true, email: user.email } : { ok: false, problem: 'unknown' };
}

/**
 * Takes the link: one UPDATE marks it used only if it is still unused and unexpired, so of two
 * requests at once exactly one gets the account id; the other learns the link is used.
 */
export async function takeResetLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ ok: true; userId: string } | { ok: false; problem: ResetProblem }> {
  const row = await rowOf(db, token);
  if (!row) return { ok: false, problem: 'unknown' };
  const taken = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.id, row.id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  const [first] = taken;
  if (first) return { ok: true, userId: first.userId };
  return { ok: false, problem: row.expiresAt <= now && !row.usedAt ? 'expired' : 'used' };
}

/** Every unused link of an account stops working (after its password changed). */
export async function dropResetLinks(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
