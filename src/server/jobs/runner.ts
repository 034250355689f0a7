import type { Database } from '../db/connect';
import { onJobsAdded } from '../sync/poke';
import type { JobDeps, JobKind } from './kind';
import { claimJob, completeJob, failJob, pruneJobs, renewLease, type Job } from './queue';

// The job runner (issue 31): every server process runs one, with or without mail. It works on
// up to `concurrency` jobs at once, wakes when any process adds a job (the pokes' LISTEN
// connection on PostgreSQL, in process on PGlite) as well as on its tick, renews the lease of
// a job that runs long, retries a failed job after its kind's backoff, and prunes finished rows.
// A claim, a renewal and a finish are each one statement: no transaction stays open while a job
// waits on the network (PGlite has one connection, and a held transaction would stop every
// request).

/** A claim lasts this long unless renewed; a process that dies frees its jobs this soon. */
export const CLAIM_MS = 60_000;
/** Finished jobs are kept this long: past a month, so a once-only monthly key is never re-added. */
export const RETENTION_MS = 40 * 86_400_000;

/** The kinds a runner knows, by name. */
export type JobKinds = Readonly<Record<string, JobKind>>;

/** Runs one claimed job to its end; true when it finished (done), false when it failed. */
async function runJob(job: Job, deps: JobDeps, kinds: JobKinds, claimMs: number): Promise<boolean> {
  const kind = kinds[job.kind];
  // Renewed three times per claim, so a long job keeps it with time to spare.
  const renewal = setInterval(() => {
    renewLease(deps.db, job, deps.now(), claimMs).catch((error: unknown) =>
      console.error('A job lease was not renewed', error),
    );
  }, claimMs / 3);
  renewal.unref();
  let error: string;
  try {
    if (!kind) error = `No job kind "${job.kind}" in this release`;
    else {
      const outcome = await kind.run(job.payload, deps);
      if (outcome === 'done') {
        await completeJob(deps.db, job, deps.now());
        return true;
      }
      error = outcome.retry;
    }
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  } finally {
    clearInterval(renewal);
  }
  const last = job.attempts >= job.maxAttempts;
  await failJob(deps.db, job, error, deps.now(), last || !kind ? 0 : kind.backoffMs(job.attempts));
  if (last && kind?.onGiveUp) await kind.onGiveUp(job.payload, error, deps);
  return false;
}

/** A pool of workers that claim and run due jobs until none is left. */
export interface JobPool {
  /** Starts workers up to the pool's size; a worker finding nothing due ends. */
  wake: () => void;
  /** Resolves when no worker runs. */
  idle: () => Promise<void>;
  /** How many jobs finished so far. */
  finished: () => number;
}

/** How a pool runs: its size, its claims' length, and who hears of each start. */
export interface PoolOptions {
  concurrency?: number;
  claimMs?: number;
  onStart?: (job: Job) => void;
}

export function jobPool(deps: JobDeps, kinds: JobKinds, options: PoolOptions = {}): JobPool {
  const { concurrency = 4, claimMs = CLAIM_MS, onStart = () => undefined } = options;
  const running = new Set<Promise<void>>();
  let finished = 0;
  // Counts wakes, so a worker that found nothing while a job was being added looks once more.
  let wakes = 0;
  const worker = async () => {
    for (;;) {
      const seen = wakes;
      const job = await claimJob(deps.db, deps.now(), claimMs);
      if (!job) {
        if (seen !== wakes) continue;
        return;
      }
      onStart(job);
      if (await runJob(job, deps, kinds, claimMs)) finished += 1;
    }
  };
  return {
    wake: () => {
      wakes += 1;
      while (running.size < concurrency) {
        const one: Promise<void> = worker()
          .catch((error: unknown) => console.error('The job runner failed', error))
          .finally(() => running.delete(one));
        running.add(one);
      }
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    finished: () => finished,
  };
}

export interface RunnerOptions extends PoolOptions {
  kinds: JobKinds;
  /** Adds the jobs the clock makes due (report mails, reminders); run on every tick. */
  schedule?: (deps: JobDeps) => Promise<unknown>;
  tickMs?: number;
  retentionMs?: number;
  /** Wake on NOTIFY when a job is added (the bench turns it off to compare). */
  wakeOnNotify?: boolean;
}

/** A running job runner. */
export interface JobRunner {
  /** Resolves once the runner listens for new jobs. */
  ready: Promise<void>;
  /** Stops ticking and listening, and resolves when the jobs under way have ended. */
  stop: () => Promise<void>;
}

/** Starts this process's job runner: a tick every `tickMs`, and a wake on every job added. */
export function startJobRunner(
  database: Database,
  deps: JobDeps,
  options: RunnerOptions,
): JobRunner {
  const { kinds, schedule, tickMs = 60_000 } = options;
  const retentionMs = options.retentionMs ?? RETENTION_MS;
  const pool = jobPool(deps, kinds, options);
  let ticking = false;
  const tick = () => {
    if (ticking) return;
    ticking = true;
    (async () => {
      await schedule?.(deps);
      await pruneJobs(deps.db, deps.now(), retentionMs);
    })()
      .catch((error: unknown) => console.error('Scheduled work failed', error))
      .finally(() => {
        ticking = false;
        pool.wake();
      });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  const listening =
    options.wakeOnNotify === false
      ? Promise.resolve(() => undefined as unknown)
      : onJobsAdded(database, pool.wake);
  tick();
  return {
    ready: listening.then(() => undefined),
    stop: async () => {
      clearInterval(timer);
      (await listening)();
      await pool.idle();
    },
  };
}
