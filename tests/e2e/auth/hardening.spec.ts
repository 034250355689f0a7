import { expect, test } from '@playwright/test';
import { raw } from '../support/raw-http';
import { newAccount, registerConfirmed } from '../support/session';

// Against the real built server (scripts/serve.mjs + Astro), with raw requests.
const foreign = { origin: 'https://evil.example', 'content-type': 'application/json' };
const credentials = JSON.stringify({ email: 'nobody@example.com', password: 'not it 123' });

test('malformed paths get 400 and the server keeps serving', async ({ baseURL }) => {
  for (const [method, path] of [
    ['GET', '/%ZZ'],
    ['HEAD', '/%'],
    ['GET', '/_astro/%ZZ.js'],
    ['GET', '/clients/%E0%A4%A'],
  ] as const) {
    expect((await raw(baseURL ?? '', method, path)).status, `${method} ${path}`).toBe(400);
  }
  const home = await raw(baseURL ?? '', 'GET', '/');
  expect(home.status).toBe(200);
  expect(home.headers['content-security-policy']).toContain("default-src 'self'");
});

test('TRACE is 405, not a 500 with a stack trace', async ({ baseURL }) => {
  const res = await raw(baseURL ?? '', 'TRACE', '/user/me');
  expect(res.status).toBe(405);
  expect(JSON.parse(res.body)).toMatchObject({ error: 'method_not_allowed' });
});

test('a second slash does not get past the origin check', async ({ baseURL }) => {
  for (const path of ['//user/login', '//user/password', '//user/logout-all', '//user/delete']) {
    const res = await raw(baseURL ?? '', 'POST', path, foreign, credentials);
    expect(res.status, path).toBeGreaterThanOrEqual(400);
    expect(res.status, path).toBeLessThan(500);
    expect(res.headers['set-cookie'], path).toBeUndefined();
  }
  const straight = await raw(baseURL ?? '', 'POST', '/user/login', foreign, credentials);
  expect(straight.status).toBe(403);
});

test('the health endpoint says the database is ready', async ({ request }) => {
  const res = await request.get('/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ready' });
});

test('Remember me decides how long the browser keeps the session', async ({ page }) => {
  const account = newAccount();
  await registerConfirmed(page.request, account);
  const sessionCookie = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'hm_session');

  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
  // -1: a session cookie, gone when the browser closes.
  expect((await sessionCookie())?.expires).toBe(-1);
  await page.getByRole('button', { name: 'Log out' }).click();

  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
  const days = (((await sessionCookie())?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});
