// Sync at team scale (issue 34): how many devices one setup holds. A workspace with a team of
// real accounts, each joined by invitation as a Manager (Managers see every log, so each change
// reaches every other device: the worst case). For each team size N, all N devices connect at
// once (the poke stream, then a first pull, honouring 503 and Retry-After and asking for gzip as
// browsers do): the time until every device is synced. Then for TEAM_RUN_S seconds each device pushes one new time
// log at random, every 30 s on average, and acts on its stream as `stores/sync` does: a
// `changes` event whose `from` its cookie covers is applied without a pull, anything else (a
// gap, a plain poke past its cookie) pulls from its cookie. Printed per N: push p50/p99, the
// delay from a push's start to the change on each other device p50/p99, deliveries that never
// came (5 s after the run), and the server processes' CPU and largest RSS.
//
// Setups: PGlite with one process, PostgreSQL with one process and with two (devices split
// between them). TEAM_LEVELS (default 50,200,500,1000) and TEAM_RUN_S (default 60) change the
// run; TEAM_SETUPS picks setups by name (pglite,pg1,pg2). The whole section takes about
// 25 minutes on the 2-core machine with the defaults; run it on a quiet machine.
// Targets (issue 34): PostgreSQL one process holds N = 500 with push p99 < 250 ms and delay p99
// < 1 s; PGlite holds N = 200; 1,000 devices connecting at once settle within 30 s on
// PostgreSQL; no change is ever lost. The section prints whether each holds; it does not fail
// on them, since a loaded machine would make the verdict about the machine.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startPostgres } from '../postgres.mjs';
import { freshDatabase, startServer } from './_harness.mjs';
import { seeded, timeLogFields, workspaceMutations } from './_sync-data.mjs';

const LEVELS = (process.env.TEAM_LEVELS ?? '50,200,500,1000').split(',').map(Number);
const RUN_S = Number(process.env.TEAM_RUN_S ?? 60);
const SETUPS = (process.env.TEAM_SETUPS ?? 'pglite,pg1,pg2').split(',');
const MEAN_GAP_S = 30;
const GRACE_MS = 5000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms` : 'n/a');
const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));

/** One HTTP request on the shared keep-alive agent: `{ status, headers, body }`. */
function request(url, method, path, { cookie = '', body, ip } = {}) {
  const { hostname, port } = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method,
        agent,
        headers: {
          cookie,
          // As browsers ask: the server's gzip is part of what a reconnecting team costs it.
          'Accept-Encoding': 'gzip',
          ...(ip ? { 'X-Forwarded-For': ip } : {}),
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('error', reject);
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = (
            res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes
          ).toString();
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: text ? JSON.parse(text) : null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Requests that failed on the network (a connection reset or refused), asked again. */
let networkFailures = 0;
/** Poke streams that dropped and were opened again. */
let streamDrops = 0;
/** Pulls the server answered 503 (busy, ask again after Retry-After). */
let busyAnswers = 0;

/** A device's request: on a network failure it waits a second and asks again, as the browser does. */
async function persistently(...args) {
  for (;;) {
    try {
      return await request(...args);
    } catch {
      networkFailures += 1;
      await sleep(1000);
    }
  }
}

/** A request asked again while the server answers 503 (busy), after its Retry-After. */
async function patiently(...args) {
  for (;;) {
    const res = await request(...args);
    if (res.status !== 503) return res;
    await sleep(Number(res.headers['retry-after'] ?? 1) * 1000);
  }
}

const cookieOf = (headers) => (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

/** A distinct documentation-range address per account, so sign-up throttles see many people. */
const ipOf = (i) => `198.18.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** The team: the Admin and `size - 1` Managers who joined by invitation, each with a session. */
async function team(urls, size) {
  const url = urls[0];
  const reg = await patiently(url, 'POST', '/user/register', {
    body: {
      name: 'Team Admin',
      email: `admin.${Date.now()}@example.com`,
      password: 'bench password 1',
    },
    ip: ipOf(9999),
  });
  if (reg.status >= 300) throw new Error(`register answered ${reg.status}`);
  const adminCookie = cookieOf(reg.headers);
  const listed = await request(url, 'GET', '/sync/workspaces', { cookie: adminCookie });
  const workspace = listed.body.workspaces[0];
  const data = workspaceMutations({
    ownMemberId: workspace.memberId,
    members: size,
    clients: 5,
    projects: 20,
    logs: 0,
  });
  // Every member a Manager on every project, so each new log is one every other device sees.
  const mutations = data.mutations.map((m) => {
    if (m.name === 'createMember')
      return {
        ...m,
        args: { ...m.args, fields: { ...m.args.fields, Role: 'Manager', status: 'Active' } },
      };
    if (m.name === 'createProject')
      return {
        ...m,
        args: {
          ...m.args,
          fields: { ...m.args.fields, status: 'Active', memberIds: data.pick.members },
        },
      };
    return m;
  });
  let last = 0;
  for (let i = 0; i < mutations.length; i += 500) {
    const res = await request(url, 'POST', '/sync/push', {
      cookie: adminCookie,
      body: {
        workspaceId: workspace.id,
        clientId: 'team-bench-admin-loader',
        mutations: mutations.slice(i, i + 500).map((m) => ({ id: (last += 1), ...m })),
      },
    });
    if (res.status !== 200 || res.body.results.some((r) => r.outcome !== 'ok'))
      throw new Error(`loading the team failed: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  const devices = [{ cookie: adminCookie, memberId: workspace.memberId, url }];
  const memberIds = data.pick.members.slice(1);
  // Invitations accepted a few at a time: each makes an account (one argon2id hash).
  for (let i = 0; i < memberIds.length; i += 8)
    await Promise.all(
      memberIds.slice(i, i + 8).map(async (memberId, j) => {
        const n = i + j + 1;
        const invited = await patiently(url, 'POST', '/api/invitations', {
          cookie: adminCookie,
          body: { workspaceId: workspace.id, memberId },
          ip: ipOf(n),
        });
        if (invited.status !== 201) throw new Error(`invite answered ${invited.status}`);
        const token = invited.body.link.split('#')[1];
        const accepted = await patiently(url, 'POST', '/user/accept-invitation', {
          body: { token, name: `Member ${n}`, password: 'bench password 1' },
          ip: ipOf(n),
        });
        if (accepted.status >= 300)
          throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
        devices[n] = { cookie: cookieOf(accepted.headers), memberId, url: urls[n % urls.length] };
      }),
    );
  return { workspaceId: workspace.id, devices, pick: data.pick };
}

/** Server process CPU (ms, user + system) and resident memory (MB) from /proc. */
function processStats(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return {
      cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
      rssMb: Number(rss?.[1] ?? 0) / 1024,
    };
  } catch {
    return { cpuMs: 0, rssMb: 0 };
  }
}

/** A device: its stream, its cookie, and the changes it has seen. */
function device(spec, workspaceId, index, sent, delays) {
  let cookie = null;
  let pulling = null;
  let again = false;
  const seen = new Set();
  const note = (ids) => {
    const at = performance.now();
    for (const id of ids) {
      const push = sent.get(id);
      if (!push || push.device === index || seen.has(id)) continue;
      seen.add(id);
      push.reached += 1;
      delays.push(at - push.startedAt);
    }
  };
  async function pullOnce() {
    let page = '';
    for (;;) {
      const since = cookie === null ? '' : `&cookie=${cookie}`;
      const res = await persistently(
        spec.url,
        'GET',
        `/sync/pull?workspace=${workspaceId}${since}${page}`,
        {
          cookie: spec.cookie,
        },
      );
      if (res.status === 503) {
        busyAnswers += 1;
        await sleep(Number(res.headers['retry-after'] ?? 1) * 1000);
        continue;
      }
      if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
      note(res.body.changes.map((c) => c.id));
      if (!res.body.next) {
        cookie = res.body.cookie;
        return;
      }
      page = `&upTo=${res.body.cookie}&cursor=${res.body.next}`;
    }
  }
  // Rows that come during a pull wait for it and are laid over what it brought, as the
  // browser's engine does (session.ts `patched`); a gap after it asks for one more pull.
  const held = [];
  function patched(patch) {
    if (cookie !== null && cookie >= patch.to) return;
    if (pulling) return void held.push(patch);
    if (cookie === null || cookie < patch.from) return void pull();
    note(patch.changes.map((c) => c.id));
    cookie = Math.max(cookie, patch.to);
  }
  /** One pull at a time; a pull asked for meanwhile runs once more after it. */
  function pull() {
    if (pulling) {
      again = true;
      return pulling;
    }
    pulling = (async () => {
      do {
        again = false;
        await pullOnce();
      } while (again);
      pulling = null;
      for (const patch of held.splice(0).sort((a, b) => a.from - b.from)) patched(patch);
    })();
    return pulling;
  }
  let stream = null;
  let closed = false;
  function open() {
    const { hostname, port } = new URL(spec.url);
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          hostname,
          port,
          path: `/sync/poke?workspace=${workspaceId}`,
          headers: { cookie: spec.cookie },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200)
            return reject(new Error(`poke stream answered ${res.statusCode}`));
          // A stream that drops is opened again after the server's retry (3 to 8 s), and the
          // device pulls what it missed meanwhile, as EventSource and the engine do.
          let ready = false;
          const dropped = () => {
            if (!ready) return reject(new Error('poke stream dropped before it was ready'));
            if (closed || stream !== req) return;
            streamDrops += 1;
            stream = null;
            void sleep(3000 + Math.random() * 5000).then(async () => {
              if (closed) return;
              await openPatiently();
              await pull();
            });
          };
          res.on('error', dropped);
          res.on('close', dropped);
          let buffer = '';
          res.on('data', (chunk) => {
            buffer += chunk.toString();
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const message = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const event = /^event: (.*)$/m.exec(message)?.[1];
              const data = /^data: (.*)$/m.exec(message)?.[1];
              if (event === 'ready') {
                ready = true;
                resolve();
              } else if (event === 'poke') {
                const { version } = JSON.parse(data);
                if (cookie === null || version > cookie) void pull();
              } else if (event === 'changes') patched(JSON.parse(data));
            }
          });
        },
      );
      req.on('error', reject);
      stream = req;
    });
  }
  /** Opens the stream, asking again a second or so later while the network fails. */
  async function openPatiently() {
    for (;;) {
      if (closed) return;
      try {
        return await open();
      } catch {
        networkFailures += 1;
        await sleep(1000 + Math.random() * 2000);
      }
    }
  }
  return {
    /** Opens the stream and pulls; answers when the stream was ready and when it was synced. */
    async connect() {
      const started = performance.now();
      await openPatiently();
      const ready = performance.now() - started;
      await pull();
      return { ready, synced: performance.now() - started };
    },
    close: () => {
      closed = true;
      stream?.destroy();
    },
  };
}

async function level(setup, size, t, pids) {
  networkFailures = 0;
  streamDrops = 0;
  busyAnswers = 0;
  const sent = new Map();
  const delays = [];
  const devices = t.devices
    .slice(0, size)
    .map((spec, i) => device(spec, t.workspaceId, i, sent, delays));
  const before = pids.map(processStats);
  // Everyone at once, as after a restart.
  let started = performance.now();
  const connected = await Promise.all(devices.map((d) => d.connect()));
  const settleS = (performance.now() - started) / 1000;
  // Where the settling time went: streams opening, pulls (with the 503s they met), the server.
  const settled = pids.map(processStats);
  const settleCpu =
    settled.reduce((sum, a, i) => sum + a.cpuMs - before[i].cpuMs, 0) / 1000 / settleS;
  const readyMs = connected.map((c) => c.ready);
  const syncedMs = connected.map((c) => c.synced);
  console.log(
    `  ${setup}, N = ${size}, settling: stream ready p50 ${ms(percentile(readyMs, 0.5))}, p99 ${ms(percentile(readyMs, 0.99))}; synced p50 ${ms(percentile(syncedMs, 0.5))}, p99 ${ms(percentile(syncedMs, 0.99))}; pulls answered 503 ${busyAnswers}; server CPU ${(settleCpu * 100).toFixed(0)} % of a core`,
  );
  const pushes = [];
  started = performance.now();
  const deadline = started + RUN_S * 1000;
  await Promise.all(
    t.devices.slice(0, size).map(async (spec, i) => {
      const own = seeded(10_000 + i);
      let mutationId = 0;
      const clientId = `team-bench-${size}-${i}-device`;
      for (;;) {
        // Exponential gaps around the mean: people do not push on a beat.
        const gap = -Math.log(1 - own()) * MEAN_GAP_S * 1000;
        if (performance.now() + gap > deadline) break;
        await sleep(gap);
        const id = `team-${size}-${i}-${(mutationId += 1)}`;
        const fields = {
          ...timeLogFields(own, t.pick),
          memberId: spec.memberId,
          status: 'pending',
        };
        const at = performance.now();
        sent.set(id, { device: i, startedAt: at, reached: 0 });
        const res = await persistently(spec.url, 'POST', '/sync/push', {
          cookie: spec.cookie,
          body: {
            workspaceId: t.workspaceId,
            clientId,
            mutations: [{ id: mutationId, name: 'addTimeLog', args: { id, fields } }],
          },
        });
        pushes.push(performance.now() - at);
        if (res.status !== 200 || res.body.results[0]?.outcome !== 'ok')
          throw new Error(`push answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }),
  );
  await sleep(GRACE_MS);
  const runS = (performance.now() - started) / 1000;
  const after = pids.map(processStats);
  for (const d of devices) d.close();
  const expected = sent.size * (size - 1);
  const delivered = [...sent.values()].reduce((sum, s) => sum + s.reached, 0);
  const cpu =
    after.reduce((sum, a, i) => sum + a.cpuMs - before[i].cpuMs, 0) / 1000 / (runS + settleS);
  const rss = Math.max(...after.map((a) => a.rssMb));
  const pushP99 = percentile(pushes, 0.99);
  const delayP99 = percentile(delays, 0.99);
  console.log(
    `  ${setup}, N = ${size}: all connected and synced in ${settleS.toFixed(1)} s; ${pushes.length} pushes, p50 ${ms(percentile(pushes, 0.5))}, p99 ${ms(pushP99)}; delay to the ${size - 1} other devices p50 ${ms(percentile(delays, 0.5))}, p99 ${ms(delayP99)}; never delivered ${expected - delivered} of ${expected}; server CPU ${(cpu * 100).toFixed(0)} % of a core, largest RSS ${rss.toFixed(0)} MB; requests and streams asked again after a failure ${networkFailures}, streams reopened after dropping ${streamDrops}`,
  );
  return { pushP99, delayP99, settleS, lost: expected - delivered };
}

async function runSetup(setup, env, processes) {
  const servers = [];
  for (let i = 0; i < processes; i += 1)
    servers.push(
      await startServer({ ...env, HOURMARK_PULL_LIMIT: process.env.HOURMARK_PULL_LIMIT ?? '' }),
    );
  try {
    const t = await team(
      servers.map((s) => s.url),
      Math.max(...LEVELS),
    );
    const results = {};
    for (const size of LEVELS)
      results[size] = await level(
        setup,
        size,
        t,
        servers.map((s) => s.pid),
      );
    return results;
  } finally {
    for (const s of servers) s.stop();
  }
}

const holds = (r) => r && r.pushP99 < 250 && r.delayP99 < 1000 && r.lost === 0;
const verdicts = [];
const begun = performance.now();
if (SETUPS.includes('pglite')) {
  const r = await runSetup('PGlite, one process', {}, 1);
  verdicts.push(`PGlite holds N = 200: ${holds(r[200]) ? 'yes' : r[200] ? 'no' : 'not run'}`);
}
const pg = SETUPS.some((s) => s === 'pg1' || s === 'pg2') ? await startPostgres() : null;
if (pg) {
  try {
    if (SETUPS.includes('pg1')) {
      const r = await runSetup(
        'PostgreSQL, one process',
        { DATABASE_URL: await freshDatabase(pg.url) },
        1,
      );
      verdicts.push(
        `PostgreSQL (one process) holds N = 500: ${holds(r[500]) ? 'yes' : r[500] ? 'no' : 'not run'}`,
      );
      verdicts.push(
        `1,000 devices connecting at once settle within 30 s: ${r[1000] ? (r[1000].settleS < 30 ? 'yes' : 'no') : 'not run'}`,
      );
    }
    if (SETUPS.includes('pg2'))
      await runSetup('PostgreSQL, two processes', { DATABASE_URL: await freshDatabase(pg.url) }, 2);
  } finally {
    pg.stop();
  }
}
for (const v of verdicts) console.log(`  ${v}`);
console.log(`\nteam-scale bench took ${((performance.now() - begun) / 1000).toFixed(0)} s`);
process.exit(0);
