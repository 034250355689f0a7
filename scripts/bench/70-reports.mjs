// Reports (issue 13), on PGlite and on PostgreSQL when installed, through the real API of the
// built server: a workspace of 20 team members, 40 clients, 200 projects and 100,000 time logs
// over three years (pushed in batches of 500), then GET /sync/report over the whole three years
// grouped by project and week, 30 times: the server's time p50 and p99 (target on PostgreSQL:
// ≤ 300 ms p50), and the same for the current month grouped by member; then the dashboard's
// first render in Chromium over that workspace (its six reports answered by the server).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { workspaceMutations } from './_sync-data.mjs';
import { launchChromium, median, onBothDrivers, startServer } from './_harness.mjs';

const BATCH = 500;
const RUNS = 30;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const ms = (value) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

function api(url) {
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

/** Median ms from navigation until the dashboard shows this week's figures, signed in as `account`. */
async function dashboardFirstRender(url, account, workspace) {
  const browser = await launchChromium();
  try {
    const times = [];
    for (let i = 0; i < 3; i += 1) {
      const context = await browser.newContext();
      const login = await context.request.post(`${url}/user/login`, {
        data: { email: account.email, password: account.password },
      });
      const body = await login.json();
      const owner = {
        userId: body.user.id,
        workspaceId: workspace.id,
        workspaceName: workspace.name,
      };
      await context.addInitScript(
        (entries) => {
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        },
        {
          token: body.token,
          user: JSON.stringify(body.user),
          'hm.cacheOwner': JSON.stringify(owner),
        },
      );
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${url}/reports/dashboard`);
      await page
        .locator('section[aria-label^="This week"] dd')
        .first()
        .waitFor({ timeout: 60_000 });
      times.push(Date.now() - started);
      await context.close();
    }
    return median(times);
  } finally {
    await browser.close();
  }
}

async function section(label, extraEnv) {
  console.log(`\n${label}`);
  const server = await startServer(extraEnv);
  try {
    const call = api(server.url);
    const account = {
      name: 'Bench Admin',
      email: `bench.reports.${Date.now()}@example.com`,
      password: 'bench password 1',
    };
    await call('POST', '/user/register', account);
    const [workspace] = (await call('GET', '/sync/workspaces')).workspaces;
    const data = workspaceMutations({ ownMemberId: workspace.memberId, logs: 100_000 });
    const device = { id: `bench-${randomUUID()}`, last: 0 };
    let started = performance.now();
    for (let i = 0; i < data.mutations.length; i += BATCH) {
      const body = await call('POST', '/sync/push', {
        workspaceId: workspace.id,
        clientId: device.id,
        mutations: data.mutations
          .slice(i, i + BATCH)
          .map((m) => ({ id: (device.last += 1), ...m })),
      });
      const refused = body.results.find((r) => r.outcome !== 'ok');
      if (refused) throw new Error(`push refused ${JSON.stringify(refused)}`);
    }
    console.log(
      `  generate: ${data.mutations.length.toLocaleString('en')} mutations in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const measure = async (what, query) => {
      const times = [];
      let report = null;
      for (let i = 0; i < RUNS; i += 1) {
        started = performance.now();
        report = await call('GET', `/sync/report?workspace=${workspace.id}&${query}`);
        times.push(performance.now() - started);
      }
      console.log(
        `  ${what}: p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))} (${RUNS} runs; ${report.totals.logs.toLocaleString('en')} logs, ${report.groups.length} groups)`,
      );
      return percentile(times, 0.5);
    };
    const p50 = await measure(
      'detailed report, three years by project then week',
      'from=2023-11-24&to=2026-11-23&group=project&group=week',
    );
    await measure(
      'detailed report, one month by member',
      'from=2026-11-01&to=2026-11-30&group=member',
    );
    if (label === 'PostgreSQL')
      console.log(`  budget: p50 ≤ 300 ms on PostgreSQL ${p50 <= 300 ? 'OK' : 'OVER BUDGET'}`);
    const render = await dashboardFirstRender(server.url, account, workspace);
    console.log(
      `  dashboard first render, 100,000 logs on the server: ${ms(render)} (median of 3, until this week's figures show)`,
    );
  } finally {
    server.stop();
  }
}

await onBothDrivers('reports', section);
