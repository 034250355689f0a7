// Issue 5 figures: with 500 clients, 2,000 projects, 100 members and 10,000 logs in storage
// (about what fits the 5 MiB localStorage quota), time to first render of /projects with its
// computed totals, /clients and /users in headless Chromium.
import { generateData } from './_generate.mjs';
import { firstRender } from './_first-render.mjs';
import { launchChromium, startServer } from './_harness.mjs';

const server = await startServer();
const browser = await launchChromium();
try {
  const data = generateData({ clients: 500, projects: 2000, members: 100, logs: 10000 });
  const size = Object.values(data).reduce((sum, value) => sum + JSON.stringify(value).length, 0);
  console.log(
    `Lists data set: 500 clients, 2,000 projects, 100 members, 10,000 logs (${(size / 1024 / 1024).toFixed(2)} M characters in storage)`,
  );
  // The first data row (a row with a row header) marks the table as drawn.
  for (const [path, label] of [
    ['/projects?status=All', '/projects (totals of 10,000 logs)'],
    ['/clients?status=All', '/clients'],
    ['/users?status=All', '/users'],
  ]) {
    const ms = await firstRender(browser, server, path, 'main tbody th[scope="row"]', data);
    console.log(`${label} first render: ${ms.toFixed(0)} ms (median of 3)`);
  }
} finally {
  await browser.close();
  server.stop();
}
