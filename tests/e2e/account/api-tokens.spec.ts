import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// Issue 50: a personal access token made on Account setting, copied the one time it is shown,
// used by a script against the real server (its middleware: CORS for any origin without
// credentials on /api/v1 only, no Origin check there, tokens refused elsewhere), and revoked.

test('make a token, copy it once, use it from a script, and revoke it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  await signIn(page);
  await page.goto('/accountSetting');
  const section = page.getByRole('region', { name: 'API access tokens' });
  await expect(section.getByText('You have no tokens for this workspace.')).toBeVisible();

  await section.getByLabel('Token name').fill('Nightly export');
  await section.getByRole('radio', { name: 'Read only' }).check();
  await section.getByRole('button', { name: 'Make token' }).click();
  const shown = section.getByLabel('New token');
  await expect(shown).toHaveValue(/^hm_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  await section.getByRole('button', { name: 'Copy token' }).click();
  await expect(section.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(section.getByRole('row', { name: /Nightly export/ })).toContainText('Read only');
  await expectNoAxeViolations(page);

  // A script on another site: the token, no cookie.
  const script = { Authorization: `Bearer ${token}`, Origin: 'https://scripts.example' };
  const me = await request.get('/api/v1/me', { headers: script });
  expect(me.status()).toBe(200);
  expect(me.headers()['access-control-allow-origin']).toBe('*');
  expect(me.headers()['access-control-allow-credentials']).toBeUndefined();
  expect(((await me.json()) as { scope: string }).scope).toBe('read');

  const preflight = await request.fetch('/api/v1/time-entries', {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://scripts.example',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'authorization',
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe('*');
  expect(preflight.headers()['access-control-allow-headers']).toContain('Authorization');
  // The app's own API gives another site nothing, and takes no token.
  const appPreflight = await request.fetch('/api/logs', {
    method: 'OPTIONS',
    headers: { Origin: 'https://scripts.example', 'Access-Control-Request-Method': 'GET' },
  });
  expect(appPreflight.headers()['access-control-allow-origin']).toBeUndefined();
  const appRead = await request.get('/api/logs', { headers: script });
  expect(appRead.status()).toBe(400);
  expect(await appRead.json()).toMatchObject({ error: 'token_not_accepted' });
  // No Origin check on /api/v1: another site's POST is refused for its method, not its origin.
  const posted = await request.post('/api/v1/me', { headers: script, data: {} });
  expect(posted.status()).toBe(405);

  // Revoke it, by keyboard: the script is refused at its next request.
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByLabel('New token')).toHaveCount(0);
  await section.getByRole('button', { name: 'Revoke Nightly export…' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: 'Revoke Nightly export' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByText('You have no tokens for this workspace.')).toBeVisible();
  const after = await request.get('/api/v1/me', { headers: script });
  expect(after.status()).toBe(401);
  expect(after.headers()['www-authenticate']).toContain('Bearer');
});
