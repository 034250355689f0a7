import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { pendingRegistrations, users } from '../db/schema';
import { rows } from '../sync/records';
import { createAccount, normaliseEmail, type Caller, type CreatedAccount } from './accounts';
import { newToken, secretMatches, splitToken } from './secret-tokens';

// Sign-up by confirmation mail (when SMTP_URL is set): the account is created only when the
// link mailed to the address is opened, so a sign-up answers the same whether the email is new
// or already has an account (whose owner is mailed instead), and reveals no accounts.

/** A confirmation link works for a day. */
export const CONFIRM_LINK_MS = 24 * 60 * 60 * 1000;

export type ConfirmProblem = 'unknown' | 'expired';

export const confirmProblemMessage: Record<ConfirmProblem, string> = {
  unknown:
    'This confirmation link is not valid or was already used. Check that the whole link was copied, or sign up again.',
  expired: 'This confirmation link has expired: links work for one day. Sign up again.',
};

/** What a sign-up leads to: a link to mail to a new address, or the existing account's name. */
export type PendingSignUp =
  { kind: 'new'; token: string } | { kind: 'existing'; name: string; email: string };

/**
 * Keeps a sign-up until its link is opened (a newer sign-up for the address replaces it), or
 * says the address already has an account.
 */
export async function holdSignUp(
  db: Db,
  input: { name: string; email: string; passwordHash: string },
  now: Date,
): Promise<PendingSignUp> {
  const email = normaliseEmail(input.email);
  const [existing] = await rows<RawRow<typeof users, 'name' | 'email'>>(
    db,
    sql`SELECT name, email FROM users WHERE email = ${email}`,
  );
  if (existing) return { kind: 'existing', ...existing };
  const { handle, token, secretHash } = newToken();
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`DELETE FROM pending_registrations WHERE email = ${email} OR expires_at < ${now.toISOString()}`,
    );
    await tx.execute(
      sql`INSERT INTO pending_registrations (id, email, name, password_hash, secret_hash, created_at, expires_at)
        VALUES (${handle}, ${email}, ${input.name.trim()}, ${input.passwordHash}, ${secretHash},
          ${now.toISOString()}, ${new Date(now.getTime() + CONFIRM_LINK_MS).toISOString()})`,
    );
  });
  return { kind: 'new', token };
}

/** Opens a confirmation link: creates the account and signs it in, once. */
export async function confirmSignUp(
  db: Db,
  token: string,
  caller: Caller,
  now: Date,
  /** The confirming browser's zone, which the new workspace starts in (issue 31). */
  timeZone?: string,
): Promise<CreatedAccount | { kind: 'invalid'; problem: ConfirmProblem }> {
  const parts = splitToken(token);
  if (!parts) return { kind: 'invalid', problem: 'unknown' };
  const [held] = await rows<
    RawRow<
      typeof pendingRegistrations,
      'email' | 'name' | 'passwordHash' | 'secretHash' | 'expiresAt'
    >
  >(
    db,
    sql`SELECT email, name, password_hash, secret_hash, expires_at FROM pending_registrations
      WHERE id = ${parts.handle}`,
  );
  if (!held || !secretMatches(parts.secret, held.secret_hash))
    return { kind: 'invalid', problem: 'unknown' };
  if (new Date(held.expires_at).getTime() <= now.getTime())
    return { kind: 'invalid', problem: 'expired' };
  // Taken once: of two tabs opening the link together, one deletes the row and goes on.
  const taken = await rows<RawRow<typeof pendingRegistrations, 'id'>>(
    db,
    sql`DELETE FROM pending_registrations WHERE id = ${parts.handle} RETURNING id`,
  );
  if (taken.length === 0) return { kind: 'invalid', problem: 'unknown' };
  return createAccount(
    db,
    { name: held.name, email: held.email, passwordHash: held.password_hash, timeZone },
    caller,
    now,
  );
}
