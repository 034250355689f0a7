// Issue 10: what a full cache costs Track's first render. The cache at its size for a large
// workspace's 8-week window (62-cache-size: 2,622 logs of a 20-member, 200-project workspace)
// against an empty cache, median of 7 each, time until the day's heading is drawn. Budget: at
// most 150 ms more. Sync is kept out of these pages (the records are only in the cache).
import { generateData } from './_generate.mjs';
import { firstRender } from './_first-render.mjs';
import { launchChromium, startServer } from './_harness.mjs';

const DAY = '2026-03-10';
const BUDGET_MS = 150;
const server = await startServer();
const browser = await launchChromium();

try {
  const full = generateData({ clients: 40, projects: 200, members: 20, logs: 2622, day: DAY });
  const path = `/login/?day=${DAY}`;
  const empty = await firstRender(browser, server, path, 'main h1', {}, 7);
  const cached = await firstRender(browser, server, path, 'main h1', full, 7);
  const extra = cached - empty;
  console.log(
    `Track first render, empty cache: ${empty.toFixed(0)} ms; with a full 8-week cache (2,622 logs, 200 projects, 20 members): ${cached.toFixed(0)} ms (median of 7)`,
  );
  console.log(
    `  the full cache costs ${extra.toFixed(0)} ms more (budget ${BUDGET_MS} ms) ${extra <= BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
  );
} finally {
  await browser.close();
  server.stop();
}
