import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { fromOwnAddress } from '../support/addresses';
import { newAccount } from '../support/session';
import { allSaved } from '../support/sync';

// Static hosting stays possible: the pages on one origin, the API on another of the same site,
// as a CDN deployment would have them. Two host names on one machine (names under .localhost
// are loopback, RFC 6761), not two ports of one name, so the browser treats them as the
// different origins they would be: push, pull and poke go to the API's origin with credentials.
// This needs a build of its own (PUBLIC_API_URL is read at build time), so it runs once, on
// the embedded database.
test.skip(Boolean(process.env.DATABASE_URL), 'One run is enough: the rule is the same on both');

const PORT = 4397;
const APP = `http://app.hourmark.localhost:${PORT}`;
const API = `http://api.hourmark.localhost:${PORT}`;
const OUT = 'tmp/dist-two-hosts';
const DATA = 'tmp/e2e-data-two-hosts';

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const built = spawnSync('npx', ['astro', 'build'], {
    env: { ...process.env, ASTRO_OUT_DIR: OUT, PUBLIC_API_URL: API },
    stdio: 'ignore',
  });
  expect(built.status, 'the split build').toBe(0);
  rmSync(DATA, { recursive: true, force: true });
  server = spawn('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      ASTRO_OUT_DIR: OUT,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: DATA,
      ALLOWED_ORIGINS: APP,
      // A server answers only to the names it is told (loopback ones without PUBLIC_URL).
      ALLOWED_HOSTS: 'app.hourmark.localhost,api.hourmark.localhost',
      TRUST_PROXY: '1',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${PORT}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

async function device(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/sync/') || url.pathname.startsWith('/user/'))
      apiCalls.push(url.origin);
  });
  await page.goto(`${APP}/clients`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await allSaved(page);
  return { context, page, apiCalls };
}

test('pages on one host and the API on another: sign-in, push, pull and poke all work', async ({
  browser,
  request,
}) => {
  const account = newAccount();
  // Node does not resolve .localhost names as browsers do; the account is made at 127.0.0.1.
  const registered = await request.post(`http://127.0.0.1:${PORT}/user/register`, {
    data: account,
    headers: fromOwnAddress(),
  });
  expect(registered.status()).toBe(201);

  const one = await device(browser, account.email, account.password);
  const two = await device(browser, account.email, account.password);

  await one.page.getByRole('link', { name: 'New Client' }).click();
  await one.page.getByLabel('Name', { exact: true }).fill('Split Hosting Ltd');
  await one.page.getByLabel('Email').fill('split@example.test');
  await one.page.getByRole('button', { name: 'Save' }).click();
  await allSaved(one.page);
  // The poke reaches the other device across origins; no reload.
  await expect(two.page.getByRole('row', { name: /Split Hosting Ltd/ })).toBeVisible();

  // Every API call went to the API's host, none to the pages' host.
  expect(new Set([...one.apiCalls, ...two.apiCalls])).toEqual(new Set([API]));
  await one.context.close();
  await two.context.close();
});
