import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

// The public API's reference (issue 50): a static page built from the OpenAPI document, under
// the site's CSP, reachable from the Apps page, usable by keyboard, and the document itself
// served to any origin without a token.

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
