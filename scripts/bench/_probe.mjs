// A process of its own that asks the server for `GET /` and `GET /user/me` at 10 requests a
// second for a while and prints the latencies as JSON: how the site feels to someone else while
// a load test runs in another process.
// Usage: node scripts/bench/_probe.mjs <url> <session cookie> <seconds>
import { performance } from 'node:perf_hooks';

const [url, cookie, seconds] = process.argv.slice(2);
const RATE = 10;
const samples = { home: [], me: [], failures: 0 };

async function time(path, headers) {
  const start = performance.now();
  try {
    const res = await fetch(`${url}${path}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) samples.failures += 1;
  } catch {
    samples.failures += 1;
  }
  return performance.now() - start;
}

const pending = [];
const end = Date.now() + Number(seconds) * 1000;
for (let i = 0; Date.now() < end; i += 1) {
  // Fired on a fixed schedule, not one after another, so a slow answer cannot hide the next one.
  pending.push(
    i % 2 === 0
      ? time('/', {}).then((ms) => samples.home.push(ms))
      : time('/user/me', { cookie }).then((ms) => samples.me.push(ms)),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000 / RATE));
}
await Promise.all(pending);
process.stdout.write(JSON.stringify(samples));
