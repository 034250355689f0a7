import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { devices } from '../db/schema';

/**
 * OWASP's device cookies: after a successful sign-in the browser gets a random token tied to the
 * account. A later sign-in that presents it is counted on its own throttle key, so attackers who
 * hammer the account elsewhere cannot keep its owner out. One browser may hold tokens for a few
 * accounts (people share a laptop between a personal and an agency account).
 */
const MAX_TOKENS = 5;
const UNUSED_DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

/** One device token as the cookie carries it. */
export interface DeviceToken {
  id: string;
  secret: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The well-formed tokens in a device cookie value (malformed ones are ignored). */
export function parseDeviceCookie(value: string | undefined): DeviceToken[] {
  if (!value) return [];
  return value
    .split('~')
    .slice(0, MAX_TOKENS)
    .flatMap((part) => {
      const match = TOKEN.exec(part);
      return match?.[1] && match[2] ? [{ id: match[1], secret: match[2] }] : [];
    });
}

const encode = (tokens: DeviceToken[]) =>
  tokens
    .slice(0, MAX_TOKENS)
    .map((t) => `${t.id}.${t.secret}`)
    .join('~');

/** The id of the token in `tokens` that belongs to `userId`, or null. */
export async function trustedDevice(
  db: Db,
  tokens: DeviceToken[],
  userId: string,
): Promise<string | null> {
  if (tokens.length === 0) return null;
  const rows = await db
    .select()
    .from(devices)
    .where(
      and(
        inArray(
          devices.id,
          tokens.map((t) => t.id),
        ),
        eq(devices.userId, userId),
      ),
    );
  for (const row of rows) {
    const token = tokens.find((t) => t.id === row.id);
    if (!token) continue;
    const expected = Buffer.from(row.secretHash, 'hex');
    const given = Buffer.from(sha256(token.secret), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) return row.id;
  }
  return null;
}

/**
 * After a successful sign-in: marks the device used, or issues a new token for this account.
 * Returns the cookie value to send (this account's token first, then the others it carried).
 */
export async function rememberDevice(
  db: Db,
  tokens: DeviceToken[],
  userId: string,
  knownId: string | null,
  now: Date,
): Promise<string> {
  if (knownId) {
    await db.update(devices).set({ lastUsedAt: now }).where(eq(devices.id, knownId));
    const own = tokens.filter((t) => t.id === knownId);
    return encode([...own, ...tokens.filter((t) => t.id !== knownId)]);
  }
  const token = {
    id: randomBytes(16).toString('base64url'),
    secret: randomBytes(32).toString('base64url'),
  };
  await db.insert(devices).values({
    id: token.id,
    userId,
    secretHash: sha256(token.secret),
    createdAt: now,
    lastUsedAt: now,
  });
  return encode([token, ...tokens]);
}

/** Deletes devices not used for a year. */
export async function forgetUnusedDevices(db: Db, now: Date): Promise<void> {
  await db
    .delete(devices)
    .where(lt(devices.lastUsedAt, new Date(now.getTime() - UNUSED_DEVICE_MS)));
}
