// Everyday actions as a person waits for them (issue 47, point 14): from the click (or the
// address typed) until the screen shows its result, in Debian's Chromium against the built
// server, on an agency's workspace (4 people, 5 clients, 12 projects, 2,000 logs over a year,
// the last weeks in the browser's window). Each action runs three times; the first run after the
// server started is printed apart (cold), and the median is held to a budget of 1 s.
// On PGlite, and on PostgreSQL when installed; exits non-zero when a median is over budget.
import { randomUUID } from 'node:crypto';
import { freshDatabase, launchChromium, median, onBothDrivers, startServer } from './_harness.mjs';
import { workspaceMutations } from './_sync-data.mjs';

const BUDGET_MS = 1000;
const RUNS = 3;
const today = new Date().toISOString().slice(0, 10);

let address = 0;
/** A documentation-range address per browser, so sign-up limits per address do not add up. */
const ownAddress = () => {
  address += 1;
  return { 'X-Forwarded-For': `198.51.100.${address % 250}, 203.0.113.${1 + (address % 250)}` };
};

/** A client of the API with one session. */
function api(url) {
  let cookie = '';
  return async function call(method, path, body) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, ...ownAddress(), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path.split('?')[0]} answered ${res.status}: ${text}`);
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    return JSON.parse(text);
  };
}

/** The agency's workspace, pushed as the browser would, and the Admin who owns it. */
async function agency(url) {
  const call = api(url);
  const admin = {
    name: 'Bench Owner',
    email: `bench.owner.${randomUUID().slice(0, 8)}@example.com`,
    password: 'bench password 1',
  };
  await call('POST', '/user/register', admin);
  const [workspace] = (await call('GET', '/sync/workspaces')).workspaces;
  const data = workspaceMutations({
    ownMemberId: workspace.memberId,
    members: 4,
    clients: 5,
    projects: 12,
    tasksPerProject: 2,
    logs: 2000,
    lastDay: today,
    years: 1,
  });
  let id = 0;
  const clientId = `bench-actions-${randomUUID()}`;
  for (let i = 0; i < data.mutations.length; i += 500) {
    const batch = data.mutations.slice(i, i + 500).map((m) => ({ id: (id += 1), ...m }));
    const { results } = await call('POST', '/sync/push', {
      workspaceId: workspace.id,
      clientId,
      mutations: batch,
    });
    const refused = results.find((r) => r.outcome !== 'ok');
    if (refused) throw new Error(`seeding refused: ${JSON.stringify(refused)}`);
  }
  return { admin, workspaceId: workspace.id, call };
}

/** Milliseconds from `act` until `ready` resolves; Infinity when it never did (30 s). */
async function timed(act, ready) {
  const started = performance.now();
  try {
    await act();
    await ready();
  } catch (error) {
    console.log(`  (did not finish: ${String(error).split('\n')[0]})`);
    return Infinity;
  }
  return performance.now() - started;
}

const ready = (locator) => locator.first().waitFor({ timeout: 30_000 });
const onTrack = (page) => ready(page.getByText(/Total for the day/));

/** Signs in through the form in a new context; answers the page on Track. */
async function signedInPage(browser, url, account) {
  const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const ms = await timed(
    () => page.getByRole('button', { name: 'Login' }).click(),
    () => onTrack(page),
  );
  return { page, ms };
}

async function measure(url) {
  const { admin, workspaceId, call } = await agency(url);
  const browser = await launchChromium();
  const figures = new Map();
  const record = (label, ms) => figures.set(label, [...(figures.get(label) ?? []), ms]);
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // Sign-up: the person is in their own workspace, on Track.
      const context = await browser.newContext({ extraHTTPHeaders: ownAddress() });
      const page = await context.newPage();
      await page.goto(`${url}/signup`);
      await page.getByLabel('Full Name').fill('New Person');
      await page.getByLabel('Email address').fill(`new.${randomUUID().slice(0, 8)}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('a new password 1');
      record(
        'Sign up (until on Track)',
        await timed(
          () => page.getByRole('button', { name: 'Sign up' }).click(),
          () => onTrack(page),
        ),
      );
      await context.close();

      // Accepting an invitation: a new member joins the agency and is on Track.
      const { link } = await call('POST', '/sync/invitations', {
        workspaceId,
        memberId: `m-${run + 1}`,
      });
      const invited = await browser.newContext({ extraHTTPHeaders: ownAddress() });
      const joining = await invited.newPage();
      await joining.goto(`${url}/invite${new URL(link).hash}`);
      await joining.getByLabel('Full Name').fill(`Member ${run + 1}`);
      await joining.getByLabel('Password').fill('a good password');
      record(
        'Accept an invitation (until on Track)',
        await timed(
          () => joining.getByRole('button', { name: 'Create account and join' }).click(),
          () => onTrack(joining),
        ),
      );
      await invited.close();
    }

    for (let run = 0; run < RUNS; run += 1) {
      const { page, ms } = await signedInPage(browser, url, admin);
      record('Sign in (until on Track)', ms);
      const visit = async (label, path, shown) =>
        record(
          label,
          await timed(
            () => page.goto(`${url}${path}`),
            () => shown(),
          ),
        );
      await visit('Account setting (workspace settings shown)', '/accountSetting', () =>
        ready(page.getByRole('button', { name: 'Save workspace settings' })),
      );
      await visit('Projects (list shown)', '/projects', () =>
        ready(page.getByRole('row', { name: /Project \d+/ })),
      );
      await visit('Detailed report (entries shown)', '/reports/detailed', () =>
        ready(page.getByRole('table').getByRole('row').nth(1)),
      );
      await page.goto(`${url}/clients`);
      await page.getByRole('link', { name: 'New Client' }).click();
      await page.getByLabel(/^name$/i).fill(`Bench client ${run}`);
      record(
        'New client (Save until listed)',
        await timed(
          () => page.getByRole('button', { name: 'Save' }).click(),
          () => ready(page.getByRole('row', { name: new RegExp(`Bench client ${run}`) })),
        ),
      );
      const create = page.getByRole('button', { name: /^Create invoice for / });
      await visit('Uninvoiced (time to bill shown)', '/uninvoiced', () => ready(create));
      record(
        'Create an invoice (until the draft shows)',
        await timed(
          () => create.first().click(),
          () => ready(page.getByRole('heading', { level: 1, name: /^Draft invoice for / })),
        ),
      );
      await page.getByLabel('Issue date').fill(today);
      await page.getByRole('button', { name: 'Issue invoice' }).click();
      record(
        'Issue an invoice (confirmed until numbered)',
        await timed(
          () =>
            page.getByRole('alertdialog').getByRole('button', { name: 'Issue invoice' }).click(),
          () => ready(page.getByRole('heading', { level: 1, name: /^Invoice / })),
        ),
      );
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never');

await onBothDrivers('everyday actions', async (label, env) => {
  const server = await startServer(
    env.DATABASE_URL ? { ...env, DATABASE_URL: await freshDatabase(env.DATABASE_URL) } : env,
  );
  try {
    const figures = await measure(server.url);
    console.log(
      `\n${label}: first run / median of ${RUNS} (budget ${ms(BUDGET_MS)} for the median)`,
    );
    const over = [];
    for (const [action, times] of figures) {
      const mid = median(times);
      if (mid > BUDGET_MS) over.push(action);
      console.log(`  ${action}: ${ms(times[0])} / ${ms(mid)} ${mid > BUDGET_MS ? '✘' : '✔'}`);
    }
    if (over.length) throw new Error(`over the 1 s budget: ${over.join('; ')}`);
  } finally {
    server.stop();
  }
});
