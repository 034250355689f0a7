import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { throttle } from '../db/schema';

/**
 * How one key slows down: the first `free` attempts run at once; each one after that must wait
 * `baseDelayMs`, doubling per attempt up to `maxDelayMs`. A key that stays quiet for `quietMs`
 * starts over. Nothing ever locks: the longest wait is `maxDelayMs`.
 */
export interface ThrottlePolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  quietMs: number;
}

/** A key and the policy it is counted under. */
export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** Outcome of a reservation: go ahead, or wait this many milliseconds. */
export type Reservation = { ok: true } | { ok: false; retryAfterMs: number };

/** The wait that follows the `hits`-th attempt under `policy` (0 while attempts are free). */
export function delayAfter(hits: number, policy: ThrottlePolicy): number {
  if (hits < policy.free) return 0;
  const doublings = Math.min(hits - policy.free, 40);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings);
}

type Row = typeof throttle.$inferSelect;

/** Attempts counted on a row at `now`: none once it has been quiet for a whole window. */
const liveHits = (row: Row, policy: ThrottlePolicy, now: Date) =>
  now.getTime() - row.lastAt.getTime() >= policy.quietMs ? 0 : row.hits;

/**
 * Counts one attempt on every key, or on none. The rows are locked in key order inside one
 * transaction, so concurrent requests on any number of processes queue up on PostgreSQL and
 * exactly `free` of them get through at once; everyone else is told how long to wait.
 */
export async function reserve(db: Db, keys: ThrottleKey[], now: Date): Promise<Reservation> {
  if (keys.length === 0) return { ok: true };
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  return db.transaction(async (tx) => {
    await tx
      .insert(throttle)
      .values(sorted.map(({ key }) => ({ key, hits: 0, lastAt: new Date(0), nextAt: new Date(0) })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(throttle)
      .where(
        inArray(
          throttle.key,
          sorted.map((k) => k.key),
        ),
      )
      .orderBy(throttle.key)
      .for('update');
    const byKey = new Map(rows.map((row) => [row.key, row]));
    let wait = 0;
    for (const { key, policy } of sorted) {
      const row = byKey.get(key);
      if (row && liveHits(row, policy, now) > 0)
        wait = Math.max(wait, row.nextAt.getTime() - now.getTime());
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    for (const { key, policy } of sorted) {
      const row = byKey.get(key);
      const hits = (row ? liveHits(row, policy, now) : 0) + 1;
      await tx
        .update(throttle)
        .set({ hits, lastAt: now, nextAt: new Date(now.getTime() + delayAfter(hits, policy)) })
        .where(sql`${throttle.key} = ${key}`);
    }
    return { ok: true };
  });
}

/** Takes back one counted attempt per key (it turned out to be a success, or never ran). */
export async function refund(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(throttle)
      .where(
        inArray(
          throttle.key,
          sorted.map((k) => k.key),
        ),
      )
      .orderBy(throttle.key)
      .for('update');
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const { key, policy } of sorted) {
      const row = byKey.get(key);
      if (!row) continue;
      const hits = Math.max(0, liveHits(row, policy, now) - 1);
      await tx
        .update(throttle)
        .set({ hits, nextAt: new Date(row.lastAt.getTime() + delayAfter(hits, policy)) })
        .where(sql`${throttle.key} = ${key}`);
    }
  });
}

/** Forgets keys entirely (a successful sign-in clears its account's failures). */
export async function clear(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(throttle).where(inArray(throttle.key, keys));
}

/** Deletes rows quiet for longer than any policy's window, so the table does not grow forever. */
export async function forgetQuiet(db: Db, now: Date, longestQuietMs: number): Promise<void> {
  await db.delete(throttle).where(lt(throttle.lastAt, new Date(now.getTime() - longestQuietMs)));
}
