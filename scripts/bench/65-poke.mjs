// How long a change takes to reach another device (issue 10): device A pushes a new client; device
// B, listening on /sync/poke, is sent its row (issue 34; a build from before pulls when poked and
// finds it there). On PGlite both devices use the one
// server process; on PostgreSQL they use two server processes on one database, so the poke goes
// through LISTEN/NOTIFY. 30 changes each; median and p99 from the start of the push to the end
// of B's pull. Real devices add their network's round trips to this.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startPostgres } from '../postgres.mjs';
import { baseline, change } from './_baseline.mjs';
import { freshDatabase, startServer } from './_harness.mjs';

const RUNS = 30;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

async function json(url, path, { cookie = '', body, headers = {} } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return { body: await res.json(), res };
}

/**
 * Opens the poke stream on `url`; calls `onPoke` for each plain poke and `onRows` with the text of
 * each event that carries rows. Resolves once it is live.
 */
function listen(url, cookie, workspaceId, onPoke, onRows) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { hostname, port, path: `/sync/poke?workspace=${workspaceId}`, headers: { cookie } },
      (res) => {
        res.on('data', (chunk) => {
          const text = chunk.toString();
          if (text.includes('event: ready')) resolve(req);
          if (text.includes('event: poke')) onPoke();
          if (text.includes('event: changes')) onRows(text);
        });
      },
    );
    req.on('error', reject);
  });
}

async function measure(label, urlA, urlB) {
  const account = {
    name: 'Bench',
    email: `poke.${Date.now()}@example.com`,
    password: 'bench password',
  };
  const { res } = await json(urlA, '/user/register', { body: account });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { body: listed } = await json(urlA, '/sync/workspaces', { cookie });
  const workspaceId = listed.workspaces[0].id;
  let cookieB = (await json(urlB, `/sync/pull?workspace=${workspaceId}`, { cookie })).body.cookie;

  let waiting = null;
  let rowsCame = null;
  const stream = await listen(
    urlB,
    cookie,
    workspaceId,
    () => waiting?.(),
    (text) => rowsCame?.(text),
  );
  const delays = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const id = `c-${i}`;
    const arrived = new Promise((resolve) => {
      rowsCame = (text) => {
        if (text.includes(`"id":"${id}"`)) resolve(performance.now());
      };
      waiting = async () => {
        const { body } = await json(urlB, `/sync/pull?workspace=${workspaceId}&cookie=${cookieB}`, {
          cookie,
        });
        cookieB = body.cookie;
        if (body.changes.some((c) => c.id === id)) resolve(performance.now());
      };
    });
    const started = performance.now();
    await json(urlA, '/sync/push', {
      cookie,
      body: {
        workspaceId,
        clientId: 'bench-poke-device-a-0123',
        mutations: [
          {
            id: i,
            name: 'createClient',
            args: {
              id,
              fields: {
                name: `Client ${i}`,
                contactPerson: '',
                email: '',
                phone: '',
                address: '',
                taxName: '',
                taxPercentage: null,
                taxNumber: '',
                status: 'Active',
              },
            },
          },
        ],
      },
    });
    delays.push((await arrived) - started);
    // Changes 100 ms apart, as people make them: closer ones are a burst, which the server
    // groups into one message per device every 50 ms (issue 34).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stream.destroy();
  console.log(
    `${label}: push on one device → change on another (sent, or pulled when poked), ${RUNS} changes: median ${percentile(delays, 0.5).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms`,
  );
  return { median: percentile(delays, 0.5), p99: percentile(delays, 0.99) };
}

/** Measures this build and, when asked, the baseline build, and says how far apart they are. */
async function both(label, measureOn) {
  const now = await measureOn(`${label}, this build`, undefined);
  if (!base) return;
  const before = await measureOn(`${label}, ${base.label}`, base.dir);
  console.log(
    `  ${label}, this build against ${base.label}: median ${change(now.median, before.median)}, p99 ${change(now.p99, before.p99)}`,
  );
}

const base = baseline();

await both('PGlite, one server process', async (label, cwd) => {
  const single = await startServer({}, cwd);
  try {
    return await measure(label, single.url, single.url);
  } finally {
    single.stop();
  }
});
const pgServer = await startPostgres();
if (pgServer) {
  try {
    await both('PostgreSQL, two server processes', async (label, cwd) => {
      const env = { DATABASE_URL: await freshDatabase(pgServer.url) };
      const a = await startServer(env, cwd);
      const b = await startServer(env, cwd);
      try {
        return await measure(label, a.url, b.url);
      } finally {
        a.stop();
        b.stop();
      }
    });
  } finally {
    pgServer.stop();
  }
} else console.log('PostgreSQL is not installed: measured on PGlite only.');
