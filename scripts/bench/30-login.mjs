// Sign-in under a flood (issue 9): 200 connections posting correct credentials of 50 accounts to
// /user/login for 30 s, each request from its own address (TRUST_PROXY=1 and X-Forwarded-For, as many people
// behind nginx), so every request reaches the password hash rather than the per-address limit.
// Meanwhile a probe process of its own asks for `GET /` and `/user/me` at 10 requests/s; its p99
// is compared with the same probe on the idle server. On PGlite, and on PostgreSQL when installed.
// Also: the cost of one argon2id hash on its own, and the server's memory before and after.
// The same flood then goes to /user/login/ and /user/%6Cogin (issue 24): other spellings of the
// endpoint must meet the front door's 404, not slip past its flood guard to the handler.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { startPostgres } from '../postgres.mjs';
import { median, startServer } from './_harness.mjs';

const FLOOD_S = 30;
const IDLE_S = 10;
const CONNECTIONS = 200;
// Valid sign-ins of many people: one account signing in from 200 new browsers at once would be
// held back by its own failure limit, which counts attempts while they are being checked.
const ACCOUNTS = 50;
const HASHES = 20;
const FLOODED_PATHS = ['/user/login', '/user/login/', '/user/%6Cogin'];

/** The argon2id options of src/server/auth/passwords.ts, read from it so the two cannot drift. */
function argon2Options() {
  const source = readFileSync(
    new URL('../../src/server/auth/passwords.ts', import.meta.url),
    'utf8',
  );
  const read = (name) => {
    const match = new RegExp(`\\b${name}:\\s*([\\d_]+)`).exec(source);
    if (!match?.[1]) throw new Error(`${name} not found in src/server/auth/passwords.ts`);
    return Number(match[1].replaceAll('_', ''));
  };
  return {
    algorithm: read('algorithm'),
    memoryCost: read('memoryCost'),
    timeCost: read('timeCost'),
    parallelism: read('parallelism'),
  };
}

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? NaN;
};

function probe(url, cookie, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['scripts/bench/_probe.mjs', url, cookie, String(seconds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`)),
    );
  });
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

let address = 0;
/** A new documentation-range address per request (RFC 5737 and 2544 ranges). */
function nextAddress() {
  address += 1;
  return `198.${18 + ((address >> 16) & 1)}.${(address >> 8) & 255}.${address & 255}`;
}

async function flood(label, extraEnv) {
  const server = await startServer({ TRUST_PROXY: '1', ...extraEnv });
  try {
    const json = { 'Content-Type': 'application/json' };
    const accounts = [];
    let registered;
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const account = {
        name: 'Bench',
        email: `bench.login.${Date.now()}.${i}@example.com`,
        password: `bench password ${i}`,
      };
      registered = await fetch(`${server.url}/user/register`, {
        method: 'POST',
        headers: { ...json, 'X-Forwarded-For': nextAddress() },
        body: JSON.stringify(account),
      });
      if (registered.status !== 201)
        throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
      accounts.push(account);
    }
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const memoryBefore = rssMb(server.pid);
    const idle = await probe(server.url, cookie, IDLE_S);
    let ok = true;
    for (const path of FLOODED_PATHS) {
      const loaded = probe(server.url, cookie, FLOOD_S);
      const statuses = {};
      const result = await autocannon({
        url: `${server.url}${path}`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: FLOOD_S,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...json, 'X-Forwarded-For': nextAddress() },
              body: JSON.stringify(accounts[address % ACCOUNTS]),
            }),
            onResponse: (status) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
            },
          },
        ],
      });
      const during = await loaded;
      // Let requests still queued when autocannon hung up finish before the next flood.
      await new Promise((resolve) => setTimeout(resolve, 2000));

      const signedIn = statuses[200] ?? 0;
      console.log(`\n${label}: POST ${path}, ${CONNECTIONS} connections for ${FLOOD_S} s`);
      console.log(
        `  ${(signedIn / result.duration).toFixed(1)} logins/s (${signedIn} signed in); answers: ${Object.entries(
          statuses,
        )
          .map(([status, n]) => `${status}×${n}`)
          .join(', ')}${result.errors ? `; socket errors ${result.errors}` : ''}`,
      );
      console.log(`  login latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
      if (path !== '/user/login' && signedIn > 0) {
        ok = false;
        console.log(`  ${path} reached the sign-in handler ${signedIn} times: OVER`);
      }
      for (const [name, key] of [
        ['GET /', 'home'],
        ['GET /user/me', 'me'],
      ]) {
        const before = p99(idle[key]);
        const under = p99(during[key]);
        const pass = under <= 3 * before && under < 250;
        ok &&= pass;
        console.log(
          `  ${name.padEnd(13)} p99 idle ${before.toFixed(1)} ms, during the flood ${under.toFixed(1)} ms (target ≤ 3× idle and < 250 ms) ${pass ? 'OK' : 'OVER'}`,
        );
      }
      if (during.failures) console.log(`  probe failures during the flood: ${during.failures}`);
    }
    const memoryAfter = rssMb(server.pid);
    console.log(
      `  server memory ${memoryBefore.toFixed(0)} MB before, ${memoryAfter.toFixed(0)} MB after`,
    );
    return ok;
  } finally {
    server.stop();
  }
}

const options = argon2Options();
const times = [];
for (let i = 0; i < HASHES; i += 1) {
  const start = performance.now();
  await hash(`bench password ${i}`, options);
  times.push(performance.now() - start);
}
console.log(
  `argon2id hash (m=${options.memoryCost} KiB, t=${options.timeCost}, p=${options.parallelism}): ${median(times).toFixed(1)} ms per hash (median of ${HASHES})`,
);

let ok = await flood('PGlite', {});
const pg = await startPostgres();
if (pg) {
  try {
    ok = (await flood('PostgreSQL', { DATABASE_URL: pg.url })) && ok;
  } finally {
    pg.stop();
  }
} else console.log('\nPostgreSQL is not installed: the flood ran on PGlite only.');
if (!ok) process.exitCode = 1;
