// Issues 13 and 14: the JavaScript each report and invoice screen loads (gzip), signed in to an empty workspace:
// what a person downloads before the screen works. Charts are drawn by hand in SVG, so no chart
// library is in any of them.
import { gzipSync } from 'node:zlib';
import { launchChromium, signInContext, startServer } from './_harness.mjs';

const screens = [
  ['Dashboard', '/reports/dashboard'],
  ['Detailed report', '/reports/detailed'],
  ['Team pivot', '/reports/pivot'],
  ['Activity', '/reports/activity'],
  ['Economy', '/reports/economy'],
  ['Timesheet', '/reports/timesheet'],
  ['Shared report (public)', '/shared/report'],
  ['Invoices', '/invoices'],
  ['Uninvoiced', '/uninvoiced'],
];

const server = await startServer();
const browser = await launchChromium();
try {
  for (const [name, path] of screens) {
    const context = await browser.newContext();
    const session = await signInContext(context, server.url);
    await context.addInitScript(
      (entries) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      },
      { token: session.token, user: session.user, 'hm.cacheOwner': session.owner },
    );
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), gzipSync(await response.body()).length);
      } catch {
        // A redirect or aborted load has no body to count.
      }
    });
    const res = await page.goto(`${server.url}${path}`);
    if (!res || res.status() === 404) {
      console.log(`${name}: no such screen yet`);
      await context.close();
      continue;
    }
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    console.log(`${name} (${path}) JS: ${(total / 1024).toFixed(1)} KB gz`);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
