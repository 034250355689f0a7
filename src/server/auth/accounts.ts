import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { createPersonalWorkspace } from '../sync/workspaces';
import { forgetQuiet, reserve, settle, type ThrottleKey } from '../throttle/throttle';
import { forgetUnusedDevices, rememberDevice, trustedDevice, type DeviceToken } from './devices';
import { hashQueue, HashQueueFull } from './hash-queue';
import { dropResetLinks, takeResetLink, type ResetProblem } from './password-reset';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import {
  createSession,
  deleteExpiredSessions,
  revokeUserSessions,
  type IssuedSession,
} from './sessions';
import {
  deviceSignInKey,
  LONGEST_QUIET_MS,
  reauthKey,
  registrationKey,
  untrustedSignInKeys,
} from './sign-in-limits';

/** What the API returns about a person: never the hash. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/** Who is asking: their throttling unit (address) and the device tokens their browser holds. */
export interface Caller {
  address: string;
  devices: DeviceToken[];
}

/** Refusals shared by every operation that checks a password. */
export type Refusal =
  { kind: 'rate_limited'; retryAfter: number } | { kind: 'busy'; retryAfter: number };

/** Emails are trimmed and compared case-insensitively. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The public view of a user row. */
export function publicUser(row: typeof users.$inferSelect): PublicUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Admits a password operation into the hash queue: when too many are under way it is refused at
 * once with 'busy', before any database work, so a flood costs little more than parsing.
 */
async function admitted<T>(operation: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await hashQueue.admit(operation);
  } catch (error) {
    if (!(error instanceof HashQueueFull)) throw error;
    return { kind: 'busy', retryAfter: error.retryAfterSeconds };
  }
}

/** Counts an attempt on `keys`, then runs the password work; too many recent ones give the wait. */
async function throttled<T>(
  db: Db,
  keys: ThrottleKey[],
  now: Date,
  work: () => Promise<T>,
): Promise<{ kind: 'done'; value: T } | Refusal> {
  const reservation = await reserve(db, keys, now);
  if (!reservation.ok)
    return { kind: 'rate_limited', retryAfter: seconds(reservation.retryAfterMs) };
  return { kind: 'done', value: await work() };
}

/** A signed-in result: the session, and the device cookie value to send back. */
export interface SignedIn {
  user: PublicUser;
  session: IssuedSession;
  deviceCookie: string;
}

const TIDY_EVERY_MS = 60_000;
let lastTidy = 0;
/**
 * Keeps the tables small: expired sessions, quiet throttle rows and year-old devices go. Runs on
 * a successful sign-in at most once a minute per process (or whenever the clock jumped back).
 */
async function tidy(db: Db, now: Date): Promise<void> {
  if (Math.abs(now.getTime() - lastTidy) < TIDY_EVERY_MS) return;
  lastTidy = now.getTime();
  await deleteExpiredSessions(db, now);
  await forgetQuiet(db, now, LONGEST_QUIET_MS);
  await forgetUnusedDevices(db, now);
}

/** Thrown inside the sign-up transaction when the invitation it joins was taken meanwhile. */
class JoinRefused extends Error {}

/** What creating an account gives: signed in, or why not. */
export type CreatedAccount =
  { kind: 'ok'; signedIn: SignedIn } | { kind: 'email_taken' } | { kind: 'join_refused' };

/**
 * Creates an account with an already hashed password and signs it in; 'email_taken' when the
 * email is registered (any case). With `join` (an invitation) the account joins that workspace
 * instead of getting its own; when `join` answers false nothing is created ('join_refused').
 */
export async function createAccount(
  db: Db,
  input: { name: string; email: string; passwordHash: string; timeZone?: string | undefined },
  caller: Caller,
  now: Date,
  join?: (tx: Db, userId: string) => Promise<boolean>,
): Promise<CreatedAccount> {
  // The account and its own workspace (or the one it joins) are created together, or neither.
  const created = db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        id: randomUUID(),
        name: input.name.trim(),
        email: normaliseEmail(input.email),
        passwordHash: input.passwordHash,
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    const user = inserted[0];
    if (user && join) {
      if (!(await join(tx, user.id))) throw new JoinRefused();
    } else if (user) await createPersonalWorkspace(tx, user, now, undefined, input.timeZone);
    return inserted;
  });
  let rows;
  try {
    rows = await created;
  } catch (error) {
    if (error instanceof JoinRefused) return { kind: 'join_refused' };
    throw error;
  }
  const row = rows[0];
  if (!row) return { kind: 'email_taken' };
  return {
    kind: 'ok',
    signedIn: {
      user: publicUser(row),
      session: await createSession(db, row.id, now, true),
      deviceCookie: await rememberDevice(db, caller.devices, row.id, null, now),
    },
  };
}

/** Hashes a new account's password, counted against the address's registrations. */
export function hashForRegistration(
  db: Db,
  password: string,
  caller: Caller,
  now: Date,
): Promise<{ kind: 'done'; value: string } | Refusal> {
  return admitted(async () => {
    const hashed = await throttled(db, [registrationKey(caller.address)], now, () =>
      hashPassword(password),
    );
    return hashed;
  });
}

/** Creates an account and signs it in at once (mail off, or an invitation): see createAccount. */
export async function registerAccount(
  db: Db,
  input: { name: string; email: string; password: string; timeZone?: string | undefined },
  caller: Caller,
  now: Date,
  join?: (tx: Db, userId: string) => Promise<boolean>,
): Promise<CreatedAccount | Refusal> {
  const hashed = await hashForRegistration(db, input.password, caller, now);
  if (hashed.kind !== 'done') return hashed;
  return createAccount(db, { ...input, passwordHash: hashed.value }, caller, now, join);
}

/** Outcome of a sign-in attempt. */
export type LoginOutcome = ({ kind: 'ok' } & SignedIn) | { kind: 'invalid' } | Refusal;

/**
 * Checks a password under the sign-in limits of docs/security.md, with equal timing for unknown
 * emails, then opens a session. A browser holding this account's device token is counted on its
 * own key, so limits that attackers elsewhere ran into do not keep the owner out.
 */
export function login(
  db: Db,
  input: { email: string; password: string; remember: boolean },
  caller: Caller,
  now: Date,
): Promise<LoginOutcome> {
  return admitted(async (): Promise<LoginOutcome> => {
    const email = normaliseEmail(input.email);
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const deviceId = row ? await trustedDevice(db, caller.devices, row.id) : null;
    const keys = deviceId
      ? { failures: [deviceSignInKey(deviceId)], attempts: [] }
      : untrustedSignInKeys(email, caller.address);
    const checked = await throttled(db, [...keys.failures, ...keys.attempts], now, () =>
      row
        ? verifyPassword(row.passwordHash, input.password)
        : verifyDummy(input.password).then(() => false),
    );
    if (checked.kind !== 'done') return checked;
    if (!row || !checked.value) return { kind: 'invalid' };
    // The failures counted up front did not happen. The account's own keys start over; the
    // address keeps its other failures, since they may be against other accounts.
    const isAddressKey = (k: ThrottleKey) => k.key.startsWith('fail:address:');
    await settle(
      db,
      {
        forget: keys.failures.filter((k) => !isAddressKey(k)),
        refund: keys.failures.filter(isAddressKey),
      },
      now,
    );
    await tidy(db, now);
    return {
      kind: 'ok',
      user: publicUser(row),
      session: await createSession(db, row.id, now, input.remember),
      deviceCookie: await rememberDevice(db, caller.devices, row.id, deviceId, now),
    };
  });
}

/** Checks a signed-in user's current password, throttled per account. */
export function checkPassword(
  db: Db,
  userId: string,
  password: string,
  now: Date,
): Promise<{ kind: 'done'; value: boolean } | Refusal> {
  return admitted(async () => {
    const [row] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const key = reauthKey(userId);
    const checked = await throttled(db, [key], now, () =>
      row ? verifyPassword(row.hash, password) : Promise.resolve(false),
    );
    if (checked.kind === 'done' && checked.value)
      await settle(db, { forget: [key], refund: [] }, now);
    return checked;
  });
}

/** Sets a new password and signs out every other session; 'busy' when the hash queue is full. */
export async function changePassword(
  db: Db,
  userId: string,
  newPassword: string,
  keepSession: string,
): Promise<'ok' | 'busy'> {
  const changed = await admitted(async () => {
    const passwordHash = await hashPassword(newPassword);
    await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeUserSessions(db, userId, keepSession);
    return 'ok' as const;
  });
  return changed === 'ok' ? 'ok' : 'busy';
}

/**
 * Sets a new password through a reset link: the hash is made first (so a busy server never
 * spends the link), then the link is taken once, the password replaced, and every session of
 * the account signed out (whoever had the old password is out too).
 */
export async function resetPassword(
  db: Db,
  token: string,
  newPassword: string,
  now: Date,
): Promise<{ kind: 'done' } | { kind: 'invalid'; problem: ResetProblem } | Refusal> {
  return admitted(async () => {
    const passwordHash = await hashPassword(newPassword);
    const taken = await takeResetLink(db, token, now);
    if (!taken.ok) return { kind: 'invalid' as const, problem: taken.problem };
    await db.update(users).set({ passwordHash }).where(eq(users.id, taken.userId));
    await revokeUserSessions(db, taken.userId);
    await dropResetLinks(db, taken.userId, now);
    return { kind: 'done' as const };
  });
}
