import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { throttle } from '../db/schema';

/**
 * How one key slows down: the first `free` attempts run at once; each one after that must wait
 * `baseDelayMs`, doubling per attempt up to `maxDelayMs`. A key that stays quiet for `quietMs`
 * starts over. Nothing ever locks: the longest wait is `maxDelayMs` (never more than `quietMs`).
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
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Attempts counted on a row at `now`: none once it has been quiet for a whole window. */
const liveHits = (row: Row, policy: ThrottlePolicy, now: Date) =>
  now.getTime() - row.lastAt.getTime() >= policy.quietMs ? 0 : row.hits;

const byKey = (keys: ThrottleKey[]) => [...keys].sort((a, b) => a.key.localeCompare(b.key));

/** Locks the rows of `keys` in key order (so two requests never wait on each other in a cycle). */
async function lockRows(tx: Tx, keys: ThrottleKey[]): Promise<Map<string, Row>> {
  const rows = await tx
    .select()
    .from(throttle)
    .where(
      inArray(
        throttle.key,
        keys.map((k) => k.key),
      ),
    )
    .orderBy(throttle.key)
    .for('update');
  return new Map(rows.map((row) => [row.key, row]));
}

/** Writes new counts for several keys in one statement. */
async function writeRows(tx: Tx, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.key}::text, ${r.hits}::integer, ${r.lastAt.toISOString()}::timestamptz, ${r.nextAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE throttle AS t SET hits = v.hits, last_at = v.last_at, next_at = v.next_at
    FROM (VALUES ${values}) AS v(key, hits, last_at, next_at)
    WHERE t.key = v.key`);
}

/**
 * Counts one attempt on every key, or on none. The rows are locked in key order inside one
 * transaction, so concurrent requests on any number of processes queue up on PostgreSQL and
 * exactly `free` of them get through at once; everyone else is told how long to wait.
 */
export async function reserve(db: Db, keys: ThrottleKey[], now: Date): Promise<Reservation> {
  if (keys.length === 0) return { ok: true };
  const sorted = byKey(keys);
  return db.transaction(async (tx) => {
    await tx
      .insert(throttle)
      .values(sorted.map(({ key }) => ({ key, hits: 0, lastAt: new Date(0), nextAt: new Date(0) })))
      .onConflictDoNothing();
    const rows = await lockRows(tx, sorted);
    let wait = 0;
    for (const { key, policy } of sorted) {
      const row = rows.get(key);
      if (row && liveHits(row, policy, now) > 0)
        wait = Math.max(wait, row.nextAt.getTime() - now.getTime());
    }
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    await writeRows(
      tx,
      sorted.map(({ key, policy }) => {
        const row = rows.get(key);
        const hits = (row ? liveHits(row, policy, now) : 0) + 1;
        return {
          key,
          hits,
          lastAt: now,
          nextAt: new Date(now.getTime() + delayAfter(hits, policy)),
        };
      }),
    );
    return { ok: true };
  });
}

/**
 * After the attempt: forgets some keys entirely (a successful sign-in clears its account's
 * failures) and takes back one counted attempt on others, in one transaction.
 */
export async function settle(
  db: Db,
  change: { forget: ThrottleKey[]; refund: ThrottleKey[] },
  now: Date,
): Promise<void> {
  if (change.forget.length === 0 && change.refund.length === 0) return;
  await db.transaction(async (tx) => {
    if (change.forget.length > 0)
      await tx.delete(throttle).where(
        inArray(
          throttle.key,
          change.forget.map((k) => k.key),
        ),
      );
    if (change.refund.length === 0) return;
    const sorted = byKey(change.refund);
    const rows = await lockRows(tx, sorted);
    await writeRows(
      tx,
      sorted.flatMap(({ key, policy }) => {
        const row = rows.get(key);
        if (!row) return [];
        const hits = Math.max(0, liveHits(row, policy, now) - 1);
        return [
          { ...row, hits, nextAt: new Date(row.lastAt.getTime() + delayAfter(hits, policy)) },
        ];
      }),
    );
  });
}

/** Deletes rows quiet for longer than any policy's window, so the table does not grow forever. */
export async function forgetQuiet(db: Db, now: Date, longestQuietMs: number): Promise<void> {
  await db.delete(throttle).where(lt(throttle.lastAt, new Date(now.getTime() - longestQuietMs)));
}
