import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connect';
import type { JobDeps, JobKind } from '../../src/server/jobs/kind';
import { doubling } from '../../src/server/jobs/kind';
import { claimJob, completeJob, enqueue, pruneJobs, renewLease } from '../../src/server/jobs/queue';
import { jobPool, startJobRunner } from '../../src/server/jobs/runner';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { drivers } from './support';

// The job runner (issue 31): wakes on NOTIFY, runs several jobs at once, retries by its kind's
// backoff, renews a long job's lease, prunes finished rows, and with two runners on one
// PostgreSQL runs each job once.

const HOUR = 3_600_000;
const depsOf = (database: Database, now = () => new Date()): JobDeps => ({
  db: database.db,
  mailer: mailOff,
  appUrl: new URL('https://hourmark.test'),
  now,
});

/** Waits until `check` holds (real time), failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const jobRow = async (database: Database, key: string) => {
  const [row] = await rows<{
    attempts: number;
    run_at: string;
    done_at: string | null;
    last_error: string | null;
  }>(
    database.db,
    sql`SELECT attempts, run_at::text, done_at::text, last_error FROM jobs WHERE key = ${key}`,
  );
  return row;
};

describe.each(drivers)('the job runner on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
  });
  afterAll(async () => {
    await drop();
  });

  it('starts a job added while it sleeps at once, woken by the NOTIFY, not by its hourly tick', async () => {
    const started: string[] = [];
    const kinds = {
      note: {
        backoffMs: () => 1000,
        run: (payload: unknown) => {
          started.push((payload as { n: string }).n);
          return Promise.resolve('done' as const);
        },
      },
    };
    const runner = startJobRunner(database, depsOf(database), { kinds, tickMs: HOUR });
    await runner.ready;
    // The first tick found nothing; only a wake can start what is added now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const addedAt = Date.now();
    await enqueue(database.db, {
      key: 'wake-1',
      kind: 'note',
      payload: { n: 'a' },
      runAt: new Date(),
    });
    await until(() => started.length === 1, 3000);
    expect(Date.now() - addedAt).toBeLessThan(3000);
    // Added inside a transaction, it wakes the runner when that commits.
    await database.db.transaction(async (tx) => {
      await enqueue(tx, { key: 'wake-2', kind: 'note', payload: { n: 'b' }, runAt: new Date() });
    });
    await until(() => started.length === 2, 3000);
    await runner.stop();
    expect(started).toEqual(['a', 'b']);
    expect((await jobRow(database, 'wake-2'))?.done_at).not.toBeNull();
  });

  it('runs several jobs at once, up to its size', async () => {
    let running = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const kinds = {
      slow: {
        backoffMs: () => 1000,
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await gate;
          running -= 1;
          return 'done' as const;
        },
      },
    };
    for (let i = 1; i <= 5; i += 1)
      await enqueue(database.db, {
        key: `slow-${i}`,
        kind: 'slow',
        payload: {},
        runAt: new Date(),
      });
    const pool = jobPool(depsOf(database), kinds, { concurrency: 3 });
    pool.wake();
    await until(() => running === 3);
    release();
    await pool.idle();
    expect(most).toBe(3);
    expect(pool.finished()).toBe(5);
  });

  it('retries a failing job after its kind’s backoff, and gives up once after its last attempt', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const givenUp: string[] = [];
    const kinds: Record<string, JobKind> = {
      flaky: {
        backoffMs: doubling(60_000, 10 * 60_000),
        run: () => Promise.resolve({ retry: 'The far end refused' }),
        onGiveUp: (_payload, error) => {
          givenUp.push(error);
          return Promise.resolve();
        },
      },
    };
    await enqueue(database.db, {
      key: 'flaky-1',
      kind: 'flaky',
      payload: {},
      runAt: now,
      maxAttempts: 3,
    });
    const round = async () => {
      const pool = jobPool(
        depsOf(database, () => now),
        kinds,
      );
      pool.wake();
      await pool.idle();
    };
    await round();
    expect(await jobRow(database, 'flaky-1')).toMatchObject({
      attempts: 1,
      run_at: '2026-11-25 10:01:00+00',
      last_error: 'The far end refused',
    });
    // Not due again until a minute has passed; then two minutes (doubling).
    now = new Date('2026-11-25T10:00:59Z');
    await round();
    expect((await jobRow(database, 'flaky-1'))?.attempts).toBe(1);
    now = new Date('2026-11-25T10:01:00Z');
    await round();
    expect(await jobRow(database, 'flaky-1')).toMatchObject({
      attempts: 2,
      run_at: '2026-11-25 10:03:00+00',
    });
    now = new Date('2026-11-25T10:03:00Z');
    await round();
    expect((await jobRow(database, 'flaky-1'))?.attempts).toBe(3);
    // Three attempts were all it had: never claimed again, and its kind heard of it once.
    now = new Date('2026-11-26T10:00:00Z');
    await round();
    expect((await jobRow(database, 'flaky-1'))?.attempts).toBe(3);
    expect(givenUp).toEqual(['The far end refused']);
  });

  it('keeps a long job its own by renewing the lease; a lapsed claim cannot finish another’s job', async () => {
    const at = new Date('2026-11-25T12:00:00Z');
    await enqueue(database.db, { key: 'long-1', kind: 'long', payload: {}, runAt: at });
    const mine = await claimJob(database.db, at, 60_000);
    expect(mine?.key).toBe('long-1');
    // 50 s in, the runner renews: at 70 s nobody else may take it.
    expect(
      mine && (await renewLease(database.db, mine, new Date(at.getTime() + 50_000), 60_000)),
    ).toBe(true);
    expect(await claimJob(database.db, new Date(at.getTime() + 70_000), 60_000)).toBeNull();
    // Unrenewed past its lease, another process takes it, and the first one's finish does nothing.
    const theirs = await claimJob(database.db, new Date(at.getTime() + 111_000), 60_000);
    expect(theirs?.key).toBe('long-1');
    if (!mine || !theirs) throw new Error('no claim');
    expect(await renewLease(database.db, mine, new Date(at.getTime() + 112_000), 60_000)).toBe(
      false,
    );
    await completeJob(database.db, mine, new Date(at.getTime() + 113_000));
    expect((await jobRow(database, 'long-1'))?.done_at).toBeNull();
    await completeJob(database.db, theirs, new Date(at.getTime() + 114_000));
    expect((await jobRow(database, 'long-1'))?.done_at).toBe('2026-11-25 12:01:54+00');
  });

  it('a runner renews its running job’s claim while it works', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const kinds = {
      long: {
        backoffMs: () => 1000,
        run: async () => {
          started = true;
          await gate;
          return 'done' as const;
        },
      },
    };
    await enqueue(database.db, { key: 'long-2', kind: 'long', payload: {}, runAt: new Date() });
    // Claims of 300 ms: without renewal another claim would take it after 300 ms.
    const pool = jobPool(depsOf(database), kinds, { claimMs: 300 });
    pool.wake();
    await until(() => started);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await claimJob(database.db, new Date(), 300)).toBeNull();
    release();
    await pool.idle();
    expect(pool.finished()).toBe(1);
  });

  it('prunes jobs finished before the retention period, and keeps the rest', async () => {
    const t = (iso: string) => new Date(iso);
    await enqueue(database.db, {
      key: 'old-done',
      kind: 'x',
      payload: {},
      runAt: t('2026-01-01T00:00:00Z'),
    });
    await enqueue(database.db, {
      key: 'new-done',
      kind: 'x',
      payload: {},
      runAt: t('2026-03-01T00:00:00Z'),
    });
    await enqueue(database.db, {
      key: 'old-waiting',
      kind: 'x',
      payload: {},
      runAt: t('2026-01-01T00:00:00Z'),
    });
    await database.db.execute(
      sql`UPDATE jobs SET done_at = run_at WHERE key IN ('old-done', 'new-done')`,
    );
    // On 15 March with 40 days' retention: done before 4 February goes.
    const gone = await pruneJobs(database.db, t('2026-03-15T00:00:00Z'), 40 * 86_400_000);
    const left = await rows<{ key: string }>(
      database.db,
      sql`SELECT key FROM jobs WHERE key IN ('old-done', 'new-done', 'old-waiting') ORDER BY key`,
    );
    expect(left.map((r) => r.key)).toEqual(['new-done', 'old-waiting']);
    expect(gone).toBeGreaterThanOrEqual(1);
  });

  it.runIf(driver.name === 'PostgreSQL')(
    'two runners on separate pools of one PostgreSQL run each of 60 jobs once',
    async () => {
      const other = await openDatabase({ url });
      const runs = new Map<string, string[]>();
      const kindFor = (who: string) => ({
        count: {
          backoffMs: () => 1000,
          run: async (payload: unknown) => {
            const n = (payload as { n: number }).n;
            runs.set(String(n), [...(runs.get(String(n)) ?? []), who]);
            await new Promise((resolve) => setTimeout(resolve, 5));
            return 'done' as const;
          },
        },
      });
      const a = startJobRunner(database, depsOf(database), { kinds: kindFor('a'), tickMs: HOUR });
      const b = startJobRunner(other, depsOf(other), { kinds: kindFor('b'), tickMs: HOUR });
      await Promise.all([a.ready, b.ready]);
      for (let n = 1; n <= 60; n += 1)
        await enqueue(database.db, {
          key: `count-${n}`,
          kind: 'count',
          payload: { n },
          runAt: new Date(),
        });
      await until(() => runs.size === 60, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
      expect([...runs.values()].filter((who) => who.length !== 1)).toEqual([]);
    },
    30_000,
  );
});
