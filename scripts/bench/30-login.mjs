// Sign-in throughput: 20 connections posting correct credentials to /user/login for 10 s
// (the rate limit counts failed sign-ins only), and the cost of one argon2id hash on its own.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { median, startServer } from './_harness.mjs';

const DURATION_S = 10;
const CONNECTIONS = 20;
const HASHES = 20;

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

const server = await startServer();
try {
  const account = {
    name: 'Bench',
    email: `bench.login.${Date.now()}@example.com`,
    password: 'bench password 1',
  };
  const registered = await fetch(`${server.url}/user/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);

  // Timed first, while the server is idle, so the load test's queued verifications cannot slow it.
  const options = argon2Options();
  const times = [];
  for (let i = 0; i < HASHES; i += 1) {
    const start = performance.now();
    await hash(`bench password ${i}`, options);
    times.push(performance.now() - start);
  }

  const result = await autocannon({
    url: `${server.url}/user/login`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  // Requests still queued when autocannon hangs up are aborted; Astro's Node adapter logs each as
  // "Could not render /user/login … body object should not be disturbed". Let them finish first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const perSecond = result['2xx'] / result.duration;
  console.log(
    `POST /user/login, ${CONNECTIONS} connections for ${DURATION_S} s: ${perSecond.toFixed(1)} logins/s (${result['2xx']} signed in)`,
  );
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(
    `  non-2xx responses: ${result.non2xx}${result.errors || result.timeouts ? `, errors ${result.errors}, timeouts ${result.timeouts}` : ''}`,
  );
  console.log(
    `argon2id hash (m=${options.memoryCost} KiB, t=${options.timeCost}, p=${options.parallelism}): ${median(times).toFixed(1)} ms per hash (median of ${HASHES})`,
  );

  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  server.stop();
}
