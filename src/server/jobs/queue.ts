import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import type { RawRow } from '../db/raw-row';
import type { jobs } from '../db/schema';
import { wakeJobRunners } from '../sync/poke';
import { rows, type Runner } from '../sync/records';

// A jobs table both drivers run (pg-boss and graphile-worker need Node 22 and neither runs on
// PGlite). A job's key makes it once-only: enqueueing the same key again does nothing. A
// process claims a due job with FOR UPDATE SKIP LOCKED, so two processes never take the same
// one, and holds it for a lease under a token of its own; a process that dies mid-job frees it
// when the lease runs out, and one that outlived its lease can no longer finish it. Every
// statement here is one statement on its own: no transaction stays open while a job works.

export interface Job {
  key: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** This claim's own token: renewing, finishing and failing the job need it. */
  token: string;
}

/** How long a claimed job is its process's alone unless the process renews it. */
export const LEASE_MS = 5 * 60_000;
/** After this many failed attempts a job stays failed (its last error says why), by default. */
export const MAX_ATTEMPTS = 5;

/** A job to add: its once-only key, its kind and payload, when it is due and how often it may fail. */
export interface NewJob {
  key: string;
  kind: string;
  payload: unknown;
  runAt: Date;
  maxAttempts?: number;
}

/**
 * Adds a job unless one with `key` exists; true when this call added it. Wakes every process's
 * runner; called inside a transaction (a commit), both the job and the wake happen when it
 * commits, and neither when it rolls back.
 */
export async function enqueue(runner: Runner, job: NewJob): Promise<boolean> {
  const added = await rows<RawRow<typeof jobs, 'key'>>(
    runner,
    sql`INSERT INTO jobs (key, kind, payload, run_at, max_attempts)
      VALUES (${job.key}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb,
        ${job.runAt.toISOString()}, ${job.maxAttempts ?? MAX_ATTEMPTS})
      ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  if (added.length > 0) await wakeJobRunners(runner);
  return added.length > 0;
}

/** Claims the next due job nobody holds, for `leaseMs`, or null. */
export async function claimJob(db: Db, now: Date, leaseMs = LEASE_MS): Promise<Job | null> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const token = randomUUID();
  const [job] = await rows<
    RawRow<typeof jobs, 'key' | 'kind' | 'payload' | 'attempts' | 'maxAttempts'>
  >(
    db,
    sql`UPDATE jobs SET claimed_until = ${until}, claim_token = ${token}, attempts = attempts + 1
      WHERE key = (
        SELECT key FROM jobs
        WHERE done_at IS NULL AND run_at <= ${at} AND attempts < max_attempts
          AND (claimed_until IS NULL OR claimed_until < ${at})
        ORDER BY run_at, key LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING key, kind, payload, attempts, max_attempts`,
  );
  if (!job) return null;
  return {
    key: job.key,
    kind: job.kind,
    payload: job.payload,
    attempts: Number(job.attempts),
    maxAttempts: Number(job.max_attempts),
    token,
  };
}

/** Extends a claim this process still holds; false when it lost it (its lease ran out and another took it). */
export async function renewLease(db: Db, job: Job, now: Date, leaseMs = LEASE_MS) {
  const renewed = await rows<RawRow<typeof jobs, 'key'>>(
    db,
    sql`UPDATE jobs SET claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}
      WHERE key = ${job.key} AND claim_token = ${job.token} AND done_at IS NULL RETURNING key`,
  );
  return renewed.length > 0;
}

/** Marks a claimed job done (nothing, when another process has taken it since). */
export async function completeJob(db: Db, job: Job, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET done_at = ${now.toISOString()}, claimed_until = NULL, last_error = NULL
      WHERE key = ${job.key} AND claim_token = ${job.token}`,
  );
}

/** Frees a claimed job to be tried again after `retryInMs`, keeping why it failed. */
export async function failJob(
  db: Db,
  job: Job,
  error: string,
  now: Date,
  retryInMs: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET claimed_until = NULL, last_error = ${error.slice(0, 1000)},
      run_at = ${new Date(now.getTime() + retryInMs).toISOString()}
      WHERE key = ${job.key} AND claim_token = ${job.token}`,
  );
}

/**
 * Deletes jobs finished more than `retentionMs` ago, and given-up ones last tried that long ago.
 * The retention must outlast the longest period a once-only key guards (a month's report
 * mail), or a pruned key could be added again. Returns how many rows went.
 */
export async function pruneJobs(db: Db, now: Date, retentionMs: number): Promise<number> {
  const before = new Date(now.getTime() - retentionMs).toISOString();
  const gone = await rows<RawRow<typeof jobs, 'key'>>(
    db,
    sql`DELETE FROM jobs WHERE done_at < ${before}
      OR (done_at IS NULL AND attempts >= max_attempts AND run_at < ${before}) RETURNING key`,
  );
  return gone.length;
}
