import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { rows } from '../sync/records';

// A jobs table both drivers run (pg-boss and graphile-worker need Node 22 and neither runs on
// PGlite). A job's key makes it once-only: enqueueing the same key again does nothing. A
// process claims a due job with FOR UPDATE SKIP LOCKED, so two processes never take the same
// one, and holds it for a lease; a process that dies mid-job frees it when the lease runs out.

export interface Job {
  key: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

/** How long a claimed job is its process's alone. */
export const LEASE_MS = 5 * 60_000;
/** After this many failed attempts a job stays failed (its last error says why). */
export const MAX_ATTEMPTS = 5;

/** Adds a job unless one with `key` exists; true when this call added it. */
export async function enqueue(
  db: Db,
  job: { key: string; kind: string; payload: unknown; runAt: Date },
): Promise<boolean> {
  const added = await rows<{ key: string }>(
    db,
    sql`INSERT INTO jobs (key, kind, payload, run_at) VALUES (${job.key}, ${job.kind},
      ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()})
      ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  return added.length > 0;
}

/** Claims the next due job nobody holds, or null. */
export async function claimJob(db: Db, now: Date): Promise<Job | null> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const [job] = await rows<{ key: string; kind: string; payload: unknown; attempts: number }>(
    db,
    sql`UPDATE jobs SET claimed_until = ${until}, attempts = attempts + 1
      WHERE key = (
        SELECT key FROM jobs
        WHERE done_at IS NULL AND run_at <= ${at} AND attempts < ${MAX_ATTEMPTS}
          AND (claimed_until IS NULL OR claimed_until < ${at})
        ORDER BY run_at, key LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING key, kind, payload, attempts`,
  );
  return job ? { ...job, attempts: Number(job.attempts) } : null;
}

/** Marks a claimed job done. */
export async function completeJob(db: Db, key: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET done_at = ${now.toISOString()}, claimed_until = NULL, last_error = NULL WHERE key = ${key}`,
  );
}

/** Frees a claimed job to be tried again a minute later, keeping why it failed. */
export async function failJob(db: Db, key: string, error: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET claimed_until = NULL, last_error = ${error.slice(0, 1000)},
      run_at = ${new Date(now.getTime() + 60_000).toISOString()} WHERE key = ${key}`,
  );
}
