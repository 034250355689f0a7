// Sync server (issue 10), on PGlite and on PostgreSQL when installed. Through the real API of the
// built server: a team's workspace (20 team members, the account's own among them, 40 clients,
// 200 projects with 3 tasks each, 50,000 time logs over three years) is pushed in batches of
// 500, then measured:
// - the first pull into an empty browser: every page of GET /sync/pull, time, bytes, rows (median
//   of 3); and
//   of the 8-week cache window a browser asks for, with the reads of older logs, totals, tags
//   and the export that screens make instead (median of 5);
// - an incremental pull after one change (push one updateTimeLog, pull since the last cookie),
//   100 runs in 5 rounds;
// - 50 clients of one account pushing single-mutation batches at once for 10 s, 2 rounds.
// With a baseline build (_baseline.mjs) both builds are set up side by side and every step runs
// on each in turn, the rounds interleaved, so both are measured in the same minutes.
// SYNC_LOGS (default 50,000) makes a smaller workspace, for a quick try of the bench itself.
// Exits non-zero when a request answers other than 2xx or a mutation is refused: the figures
// would then be of something else.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { seeded, timeLogFields, workspaceMutations } from './_sync-data.mjs';
import { freshDatabase, onBothDrivers, startServer } from './_harness.mjs';
import { baseline, change } from './_baseline.mjs';

const BATCH = 500;
const INCREMENTAL_RUNS = 100;
/** The incremental pulls are measured in rounds, the builds in turn. */
const INCREMENTAL_ROUNDS = 5;
/**
 * First pulls per build, the builds in turn and in alternate order: the first one after both
 * workspaces were generated is slower (the database still writing the second one out), and a
 * single pull made whichever build went first look a quarter slower than it is.
 */
const FIRST_PULL_ROUNDS = 3;
const CLIENTS = 50;
const CONCURRENT_S = 10;
/** Rounds of the 50 clients, the builds in turn. */
const CONCURRENT_ROUNDS = 2;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (value) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const kb = (bytes) => `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 0 })} KB`;
const count = (n) => n.toLocaleString('en');

/** A client of the API with one session: `call` answers the parsed body and its text. */
function api(url) {
  let cookie = '';
  async function call(method, path, body) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path.split('?')[0]} answered ${res.status}: ${text}`);
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return { body: JSON.parse(text), text };
  }
  return { call };
}

/** A client id as a browser makes one. */
const clientId = (label) => `bench-${label}-${randomUUID()}`;

/** Pushes a batch and throws unless every mutation was applied. */
async function push(client, workspaceId, device, mutations) {
  const { body } = await client.call('POST', '/sync/push', {
    workspaceId,
    clientId: device.id,
    mutations: mutations.map((m) => ({ id: (device.last += 1), ...m })),
  });
  const refused = body.results.find((r) => r.outcome !== 'ok');
  if (refused) throw new Error(`push refused ${JSON.stringify(refused)}`);
  return body;
}

/** Every page of one pull since `cookie` (null: a first pull), with each page's body and time. */
async function pullAll(client, workspaceId, cookie, logsFrom = null) {
  const since =
    (cookie === null ? '' : `&cookie=${cookie}`) + (logsFrom ? `&logsFrom=${logsFrom}` : '');
  const pages = [];
  let answer = null;
  do {
    const started = performance.now();
    const more = answer ? `&upTo=${answer.cookie}&cursor=${answer.next}` : '';
    const { body, text } = await client.call(
      'GET',
      `/sync/pull?workspace=${workspaceId}${since}${more}`,
    );
    answer = body;
    pages.push({ text, rows: body.changes.length, ms: performance.now() - started });
  } while (answer.next);
  return { cookie: answer.cookie, pages };
}

/**
 * Starts the build in `cwd` and generates the workspace in it; answers its steps, each printing
 * its figures under `label` and answering the ones compared between builds. The steps of this
 * build and of the baseline run in turn, the incremental pulls interleaved, so a change in the
 * machine's state during the run (another process, the disk's cache) weighs on both alike.
 */
async function setUp(label, extraEnv, cwd) {
  const env = extraEnv.DATABASE_URL
    ? { ...extraEnv, DATABASE_URL: await freshDatabase(extraEnv.DATABASE_URL) }
    : extraEnv;
  const server = await startServer(env, cwd);
  const say = (line) => console.log(`  ${label}: ${line}`);
  const client = api(server.url);
  await client.call('POST', '/user/register', {
    name: 'Bench Admin',
    email: `bench.sync.${Date.now()}@example.com`,
    password: 'bench password 1',
  });
  const [workspace] = (await client.call('GET', '/sync/workspaces')).body.workspaces;
  const workspaceId = workspace.id;

  // 1. Generate the workspace through POST /sync/push.
  const data = workspaceMutations({
    ownMemberId: workspace.memberId,
    ...(process.env.SYNC_LOGS ? { logs: Number(process.env.SYNC_LOGS) } : {}),
  });
  const loader = { id: clientId('load'), last: 0 };
  const loadStarted = performance.now();
  for (let i = 0; i < data.mutations.length; i += BATCH)
    await push(client, workspaceId, loader, data.mutations.slice(i, i + BATCH));
  const loadMs = performance.now() - loadStarted;
  say(
    `generate: ${count(data.mutations.length)} mutations in ${Math.ceil(data.mutations.length / BATCH)} pushes of ≤ ${BATCH}: ${(loadMs / 1000).toFixed(1)} s (${count(Math.round(data.mutations.length / (loadMs / 1000)))} mutations/s)`,
  );
  let cookie = null;
  const incrementalRandom = seeded(60);
  let incrementalRun = 0;

  return {
    stop: () => server.stop(),

    /** 2. First pull into an empty browser, every page. */
    async firstPull() {
      const started = performance.now();
      const first = await pullAll(client, workspaceId, null);
      const firstMs = performance.now() - started;
      const bytes = first.pages.reduce((sum, p) => sum + Buffer.byteLength(p.text), 0);
      const gzipped = first.pages.reduce((sum, p) => sum + gzipSync(p.text).length, 0);
      const rows = first.pages.reduce((sum, p) => sum + p.rows, 0);
      const pageMs = first.pages.map((p) => p.ms);
      cookie = first.cookie;
      say(
        `first pull: ${(firstMs / 1000).toFixed(2)} s for ${first.pages.length} pages (${ms(Math.min(...pageMs))} to ${ms(Math.max(...pageMs))} each), ${count(rows)} rows, ${kb(bytes)} of JSON (${kb(gzipped)} gzipped, as the server sends it to browsers)`,
      );
      return firstMs;
    },

    /**
     * 2b. What a browser does since the cache window: a first pull of the last 8 weeks only, and
     * the server's reads for the older logs (median of 5 each).
     */
    async windowAndOlderReads() {
      const windowStart = '2026-09-28'; // 56 days before the generated data's last day
      const started = performance.now();
      const windowed = await pullAll(client, workspaceId, null, windowStart);
      const windowMs = performance.now() - started;
      const windowBytes = windowed.pages.reduce((sum, p) => sum + Buffer.byteLength(p.text), 0);
      const windowRows = windowed.pages.reduce((sum, p) => sum + p.rows, 0);
      say(
        `first pull of the 8-week window: ${(windowMs / 1000).toFixed(2)} s for ${windowed.pages.length} pages, ${count(windowRows)} rows, ${kb(windowBytes)} of JSON`,
      );
      const median = async (path) => {
        const times = [];
        let bytes = 0;
        for (let i = 0; i < 5; i += 1) {
          const t = performance.now();
          const { text } = await client.call(
            'GET',
            `${path}${path.includes('?') ? '&' : '?'}workspace=${workspaceId}`,
          );
          times.push(performance.now() - t);
          bytes = Buffer.byteLength(text);
        }
        return `${ms(percentile(times, 0.5))} (${kb(bytes)})`;
      };
      say(
        `older logs for /allHours, first 200 of all before the window: ${await median(`/sync/logs?before=${windowStart}&limit=200`)}; with a text filter: ${await median(`/sync/logs?before=${windowStart}&limit=200&q=review`)}; one old day for Track: ${await median('/sync/logs?from=2025-03-12&to=2025-03-12&limit=5000')}`,
      );
      say(
        `/projects' older totals: ${await median(`/sync/totals?before=${windowStart}`)}; every tag: ${await median('/sync/tags')}; Export my data (the whole workspace): ${await median('/sync/export')}`,
      );
    },

    /** 3. `runs` incremental pulls, each after a push of one change: the times of both. */
    async incremental(runs) {
      const pulls = [];
      const pushes = [];
      for (let i = 0; i < runs; i += 1) {
        const logId = data.logIds[Math.floor(incrementalRandom() * data.logIds.length)];
        incrementalRun += 1;
        const pushStart = performance.now();
        await push(client, workspaceId, loader, [
          {
            name: 'updateTimeLog',
            args: { id: logId, changes: { dur: 900 * (1 + (incrementalRun % 8)) } },
          },
        ]);
        pushes.push(performance.now() - pushStart);
        const pullStart = performance.now();
        const next = await pullAll(client, workspaceId, cookie);
        pulls.push(performance.now() - pullStart);
        const changed = next.pages.flatMap((p) => JSON.parse(p.text).changes.map((c) => c.id));
        if (changed.length !== 1 || changed[0] !== logId)
          throw new Error(`incremental pull brought ${JSON.stringify(changed)}, not ${logId}`);
        cookie = next.cookie;
      }
      return { pulls, pushes };
    },

    /**
     * 3b. One push of 500 named commands (addLog), as an import or a long offline day sends them
     * (median of 3). A build from before named commands refuses them: not measured there.
     */
    async commands() {
      const commandTimes = [];
      for (let run = 0; run < 3; run += 1) {
        const random = seeded(700 + run);
        const at = performance.now();
        const { body } = await client.call('POST', '/sync/push', {
          workspaceId,
          clientId: loader.id,
          mutations: Array.from({ length: 500 }, (_, i) => {
            // The same log as addTimeLog's, under the command's public names.
            const { dur, desc, st, end, exp, ...fields } = timeLogFields(random, data.pick);
            return {
              id: (loader.last += 1),
              name: 'addLog',
              args: {
                id: `cmd-${run}-${i}`,
                ...fields,
                durationSeconds: dur,
                description: desc,
                startTime: st,
                endTime: end,
                expenses: exp,
              },
            };
          }),
        });
        if (body.results.some((r) => r.outcome !== 'ok')) break;
        commandTimes.push(performance.now() - at);
      }
      say(
        commandTimes.length
          ? `one push of 500 named commands (addLog): median ${ms(percentile(commandTimes, 0.5))} of 3`
          : 'one push of 500 named commands: not supported by this build',
      );
    },

    /** 4. 50 clients of the account pushing one mutation at a time, all at once. */
    async concurrent(round) {
      const latencies = [];
      const deadline = performance.now() + CONCURRENT_S * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, c) => {
          const device = { id: clientId(`c${c}`), last: 0 };
          const own = seeded(1000 + c + round * 100);
          for (let n = 0; performance.now() < deadline; n += 1) {
            const mutation =
              n % 2 === 0
                ? {
                    name: 'addTimeLog',
                    args: { id: `l-c${c}-${round}-${n}`, fields: timeLogFields(own, data.pick) },
                  }
                : {
                    name: 'updateTimeLog',
                    args: {
                      id: data.logIds[Math.floor(own() * data.logIds.length)],
                      changes: { tags: `edited ${n}` },
                    },
                  };
            const at = performance.now();
            await push(client, workspaceId, device, [mutation]);
            latencies.push(performance.now() - at);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      say(
        `${CLIENTS} clients pushing one mutation each at once for ${CONCURRENT_S} s (round ${round + 1}): ${(latencies.length / seconds).toFixed(1)} pushes/s (${count(latencies.length)} pushes), latency p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}`,
      );
      return { latencies, seconds };
    },
  };
}

/** Runs `step` on each build in turn; answers their results in the same order. */
async function inTurn(builds, step) {
  const results = [];
  for (const build of builds) results.push(await step(build));
  return results;
}

const base = baseline();
const begun = performance.now();
// The figures are only as quiet as the machine: its load is printed with the run time.
const loadBefore = loadavg()[0];
await onBothDrivers('sync', async (label, env) => {
  console.log(`\n${label}`);
  const builds = [await setUp('this build', env)];
  try {
    if (base) builds.push(await setUp(base.label, env, base.dir));
    const firstPulls = builds.map(() => []);
    for (let round = 0; round < FIRST_PULL_ROUNDS; round += 1) {
      const order = round % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const i of order) firstPulls[i].push(await builds[i].firstPull());
    }
    const firstMs = firstPulls.map((pulls) => percentile(pulls, 0.5));
    builds.forEach((_, i) =>
      console.log(
        `  ${i === 0 ? 'this build' : base.label}: first pull median of ${FIRST_PULL_ROUNDS}: ${(firstMs[i] / 1000).toFixed(2)} s`,
      ),
    );
    await inTurn(builds, (b) => b.windowAndOlderReads());
    // Interleaved in rounds: each build's pulls are measured in the same minutes as the other's.
    const incremental = builds.map(() => ({ pulls: [], pushes: [] }));
    for (let round = 0; round < INCREMENTAL_ROUNDS; round += 1)
      for (const [i, b] of builds.entries()) {
        const { pulls, pushes } = await b.incremental(INCREMENTAL_RUNS / INCREMENTAL_ROUNDS);
        incremental[i].pulls.push(...pulls);
        incremental[i].pushes.push(...pushes);
      }
    builds.forEach((_, i) =>
      console.log(
        `  ${i === 0 ? 'this build' : base.label}: incremental pull after one change (${INCREMENTAL_RUNS} runs in ${INCREMENTAL_ROUNDS} rounds): p50 ${ms(percentile(incremental[i].pulls, 0.5))}, p99 ${ms(percentile(incremental[i].pulls, 0.99))}; the one-mutation push before it p50 ${ms(percentile(incremental[i].pushes, 0.5))}`,
      ),
    );
    await inTurn(builds, (b) => b.commands());
    const concurrent = builds.map(() => ({ latencies: [], seconds: 0 }));
    for (let round = 0; round < CONCURRENT_ROUNDS; round += 1)
      for (const [i, b] of builds.entries()) {
        const { latencies, seconds } = await b.concurrent(round);
        concurrent[i].latencies.push(...latencies);
        concurrent[i].seconds += seconds;
      }
    if (!base) return;
    const [now, before] = [0, 1].map((i) => ({
      firstPullMs: firstMs[i],
      incrementalP50: percentile(incremental[i].pulls, 0.5),
      pushesPerS: concurrent[i].latencies.length / concurrent[i].seconds,
      pushP50: percentile(concurrent[i].latencies, 0.5),
      pushP99: percentile(concurrent[i].latencies, 0.99),
    }));
    console.log(
      `\n  ${label}, this build against ${base.label}: first pull ${change(now.firstPullMs, before.firstPullMs)}, incremental pull p50 ${change(now.incrementalP50, before.incrementalP50)}, 50 clients (${CONCURRENT_ROUNDS} rounds each) ${change(now.pushesPerS, before.pushesPerS, { higherIsBetter: true })} pushes/s with push latency p50 ${change(now.pushP50, before.pushP50)} and p99 ${change(now.pushP99, before.pushP99)}`,
    );
  } finally {
    for (const b of builds) b.stop();
  }
});
console.log(
  `\nsync bench took ${((performance.now() - begun) / 1000).toFixed(0)} s; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
);
