// The public API (issue 50), on PGlite and on PostgreSQL when installed, through the built server
// as a script reaches it: 10,000 time entries (pushed by the app's sync in batches of 500) listed
// page by page through GET /api/v1/time-entries at limit 500 and at limit 100 (each page's time,
// p50 and p99); 1,000 entries created one after another through POST /api/v1/time-entries
// (p50, p99 and entries a second); and what a token costs against a session cookie: the same
// day's entries read with a token (/api/v1/time-entries?from=D&to=D) and by the app with its
// cookie (/api/logs?from=D&to=D), alternately, median of each (budget: the token's within 20 %
// of the cookie's), and /api/v1/me against /user/me for the bare cost of each way in.
//
// Smoke it small: BENCH_API_ENTRIES=1000 BENCH_API_CREATES=100 node scripts/bench/62-public-api.mjs
//
// Each phase uses a fresh token, and a token is never sent more than 500 requests: the rate
// limit (600 a minute, then 10 a second; tests/server/public-api-rate-limits.test.ts) would
// otherwise pace the bench rather than the server. A 429 fails the section.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { workspaceMutations } from './_sync-data.mjs';
import { median, onBothDrivers, startServer } from './_harness.mjs';

const ENTRIES = Number(process.env['BENCH_API_ENTRIES'] ?? 10_000);
const CREATES = Number(process.env['BENCH_API_CREATES'] ?? 1_000);
const READS = Number(process.env['BENCH_API_READS'] ?? 200);
const BATCH = 500;
/** Requests per token before the bench makes another (under the 600 burst). */
const PER_TOKEN = 500;
/** The token's read may cost at most this much more than the cookie's (issue 50). */
const TOKEN_BUDGET = 1.2;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (value) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const count = (n) => n.toLocaleString('en');

/** The app's own API with a session cookie, as the browser calls it. */
function cookieApi(url) {
  let cookie = '';
  return async function call(method, path, body) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path.split('?')[0]} answered ${res.status}: ${text}`);
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return JSON.parse(text);
  };
}

/** The public API as a script calls it: a bearer token, a fresh one every PER_TOKEN requests. */
function tokenApi(url, makeToken) {
  let token = '';
  let sent = PER_TOKEN;
  return async function call(method, path, body) {
    if (sent >= PER_TOKEN) {
      token = await makeToken();
      sent = 0;
    }
    sent += 1;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path.split('?')[0]} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Times `fn`, in ms. */
async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

async function section(label, extraEnv) {
  console.log(`\n${label}`);
  const server = await startServer(extraEnv);
  try {
    const app = cookieApi(server.url);
    await app('POST', '/user/register', {
      name: 'Bench Admin',
      email: `bench.public-api.${Date.now()}@example.com`,
      password: 'bench password 1',
    });
    const [workspace] = (await app('GET', '/sync/workspaces')).workspaces;
    const makeToken = async () =>
      (
        await app('POST', '/api/tokens', {
          workspaceId: workspace.id,
          name: `bench ${randomUUID().slice(0, 8)}`,
          scope: 'write',
        })
      ).token;
    const api = tokenApi(server.url, makeToken);

    const data = workspaceMutations({
      ownMemberId: workspace.memberId,
      members: 10,
      clients: 10,
      projects: 40,
      logs: ENTRIES,
    });
    const device = { id: `bench-${randomUUID()}`, last: 0 };
    const generated = await timed(async () => {
      for (let i = 0; i < data.mutations.length; i += BATCH) {
        const body = await app('POST', '/sync/push', {
          workspaceId: workspace.id,
          clientId: device.id,
          mutations: data.mutations
            .slice(i, i + BATCH)
            .map((m) => ({ id: (device.last += 1), ...m })),
        });
        const refused = body.results.find((r) => r.outcome !== 'ok');
        if (refused) throw new Error(`push refused ${JSON.stringify(refused)}`);
      }
    });
    console.log(
      `  generate: ${count(data.mutations.length)} mutations (${count(ENTRIES)} entries) by push in ${(generated.ms / 1000).toFixed(0)} s`,
    );

    for (const limit of [500, 100]) {
      const times = [];
      let seen = 0;
      let cursor = null;
      do {
        const page = await timed(() =>
          api(
            'GET',
            `/api/v1/time-entries?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          ),
        );
        times.push(page.ms);
        seen += page.value.data.length;
        cursor = page.value.nextCursor;
      } while (cursor !== null);
      if (seen !== ENTRIES) throw new Error(`listed ${seen} entries of ${ENTRIES}`);
      console.log(
        `  list ${count(seen)} entries at limit ${limit}: ${times.length} pages, p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))} per page, ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all`,
      );
    }

    const creates = [];
    const day = data.pick.days[Math.floor(data.pick.days.length / 2)];
    const allCreates = await timed(async () => {
      for (let i = 0; i < CREATES; i += 1) {
        const made = await timed(() =>
          api('POST', '/api/v1/time-entries', {
            date: day,
            durationSeconds: 900 + (i % 8) * 900,
            description: `Bench entry ${i}`,
          }),
        );
        creates.push(made.ms);
      }
    });
    console.log(
      `  create ${count(CREATES)} entries one after another: p50 ${ms(percentile(creates, 0.5))}, p99 ${ms(percentile(creates, 0.99))}, ${(CREATES / (allCreates.ms / 1000)).toFixed(1)} entries/s`,
    );

    // The same day's entries both ways, alternately, so a busy moment costs both alike.
    // The busiest day of the pushed entries, so both read the same handful of rows.
    const perDay = new Map();
    for (const m of data.mutations)
      if (m.name === 'addTimeLog')
        perDay.set(m.args.fields.date, (perDay.get(m.args.fields.date) ?? 0) + 1);
    const [other] = [...perDay].reduce((best, next) => (next[1] > best[1] ? next : best));
    const byToken = [];
    const byCookie = [];
    let rows = 0;
    for (let i = 0; i < READS; i += 1) {
      const token = await timed(() =>
        api('GET', `/api/v1/time-entries?from=${other}&to=${other}&limit=500`),
      );
      const cookie = await timed(() =>
        app('GET', `/api/logs?workspace=${workspace.id}&from=${other}&to=${other}&limit=500`),
      );
      if (token.value.data.length !== cookie.value.logs.length)
        throw new Error(
          `token read ${token.value.data.length} entries, cookie read ${cookie.value.logs.length}`,
        );
      rows = token.value.data.length;
      byToken.push(token.ms);
      byCookie.push(cookie.ms);
    }
    const ratio = median(byToken) / median(byCookie);
    console.log(
      `  one day's ${rows} entries, median of ${READS}: token ${ms(median(byToken))} (/api/v1/time-entries), cookie ${ms(median(byCookie))} (/api/logs): ${ratio <= TOKEN_BUDGET ? 'OK' : 'OVER BUDGET'} (token ≤ 120 % of cookie: ${(ratio * 100).toFixed(0)} %)`,
    );
    if (ratio > TOKEN_BUDGET) process.exitCode = 1;

    const meToken = [];
    const meCookie = [];
    for (let i = 0; i < READS; i += 1) {
      meToken.push((await timed(() => api('GET', '/api/v1/me'))).ms);
      meCookie.push((await timed(() => app('GET', '/user/me'))).ms);
    }
    console.log(
      `  who am I, median of ${READS}: token ${ms(median(meToken))} (/api/v1/me: token, rate count, membership, person, workspace), cookie ${ms(median(meCookie))} (/user/me: session, person)`,
    );
  } finally {
    server.stop();
  }
}

await onBothDrivers('public API', section);
