// The job runner's delay from enqueue to start (issue 31), run by 67-job-runner.mjs under tsx:
// `node --import tsx scripts/bench/_job-delay.ts [database url]`. Adds JOBS jobs 20–60 ms apart
// and prints the delay p50 and p99, woken by NOTIFY and by the tick alone (a 1 s tick here; the
// server's is a minute, so without NOTIFY a job waits up to a minute there).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/connect';
import { enqueue } from '../../src/server/jobs/queue';
import { startJobRunner } from '../../src/server/jobs/runner';
import { mailOff } from '../../src/server/mail/mailer';

const JOBS = 60;
const TICK_MS = 1000;
const url = process.argv[2] || undefined;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

async function measure(wakeOnNotify: boolean) {
  const database = await openDatabase({ url });
  const delays: number[] = [];
  const added = new Map<string, number>();
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const runner = startJobRunner(
    database,
    {
      db: database.db,
      mailer: mailOff,
      appUrl: new URL('http://localhost'),
      now: () => new Date(),
    },
    {
      kinds: { bench: { backoffMs: () => 1000, run: () => Promise.resolve('done' as const) } },
      tickMs: TICK_MS,
      wakeOnNotify,
      onStart: (job) => {
        delays.push(performance.now() - (added.get(job.key) ?? NaN));
        if (delays.length === JOBS) done();
      },
    },
  );
  await runner.ready;
  const run = `${Date.now()}-${wakeOnNotify}`;
  for (let i = 0; i < JOBS; i += 1) {
    const key = `bench-${run}-${i}`;
    added.set(key, performance.now());
    await enqueue(database.db, { key, kind: 'bench', payload: {}, runAt: new Date() });
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 40));
  }
  await all;
  await runner.stop();
  await database.db.execute(sql`DELETE FROM jobs WHERE kind = 'bench'`);
  await database.close();
  return delays;
}

const where = url ? 'PostgreSQL' : 'PGlite';
for (const wake of [true, false]) {
  const delays = await measure(wake);
  console.log(
    `${where}, ${wake ? 'woken by NOTIFY' : `tick alone (${TICK_MS} ms)`}: enqueue → start, ${JOBS} jobs: p50 ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms`,
  );
}
