import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

// The public API's reference (issue 50): a static page built from the OpenAPI document, under
// the site's CSP, reachable from the Apps page, usable by keyboard, and the document itself
// served to any origin without a token; its curl quick start run as written.

test('the API reference is reached from the Apps page and shows the document’s operations', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/apps');
  await page.getByRole('link', { name: 'API documentation' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hourmark API reference' }),
  ).toBeVisible();
  // Each operation of the document, under its group.
  const timer = page.getByRole('region', { name: 'Timer', exact: true });
  await expect(timer.getByRole('heading', { level: 3, name: 'Start the timer' })).toBeVisible();
  await expect(timer.getByText('POST /api/v1/timer/start')).toBeVisible();
  const create = page.getByRole('region', { name: 'Add a time entry: body' });
  await expect(create.getByRole('rowheader', { name: 'durationSeconds' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quick start commands' })).toContainText(
    '/api/v1/timer/stop',
  );
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('at phone width the reference does not scroll sideways: wide tables scroll in place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/api/docs');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the reference works by keyboard: the contents lead to each section', async ({ page }) => {
  await page.goto('/api/docs');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: 'Quick start with curl' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#quick-start$/);
  // The commands scroll sideways on a phone, so they take focus to be scrolled by keyboard.
  await page.getByRole('region', { name: 'Quick start commands' }).focus();
  await expect(page.getByRole('region', { name: 'Quick start commands' })).toBeFocused();
  await contents.getByRole('link', { name: /Stop the timer/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#stopTimer$/);
});

test('the OpenAPI document is served without a token, to any origin', async ({ request }) => {
  const res = await request.get('/api/v1/openapi.json', {
    headers: { origin: 'https://scripts.example' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/v1/time-entries', '/api/v1/timer/start', '/api/v1/timer/stop']),
  );
});

test('the quick start runs as written against the server', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/accountSetting');
  const section = page.getByRole('region', { name: 'API access tokens' });
  await section.getByLabel('Token name').fill('Quick start');
  await section.getByRole('radio', { name: 'Read and write' }).check();
  await section.getByRole('button', { name: 'Make token' }).click();
  const token = await section.getByLabel('New token').inputValue();
  expect(token).toMatch(/^hm_/);

  await page.goto('/api/docs');
  const written = await page.getByRole('region', { name: 'Quick start commands' }).textContent();
  // Only the two placeholders the page asks the reader to replace are replaced.
  const script = (written ?? '')
    .replace('https://your-hourmark-address', baseURL ?? '')
    .replace('hm_your_token', token);
  const [setup = '', ...steps] = script.split('\n\n');
  expect(steps).toHaveLength(3);
  const run = (step: string) =>
    JSON.parse(
      execFileSync('bash', ['-e', '-c', `${setup}\n${step}`], { encoding: 'utf8' }),
    ) as Record<string, unknown>;
  const [start = '', stop = '', list = ''] = steps;
  expect(run(start)).toMatchObject({
    data: { running: true, description: 'Writing the API guide' },
  });
  const stopped = run(stop) as { data: { running: boolean }; saved: { id: string }[] };
  expect(stopped.data.running).toBe(false);
  const listed = run(list) as { data: { id: string }[]; nextCursor: string | null };
  expect(listed.data.map((entry) => entry.id)).toEqual(
    expect.arrayContaining(stopped.saved.map((entry) => entry.id)),
  );
});
