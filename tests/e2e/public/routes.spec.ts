import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

// Every public route of SPEC.md with the main heading a visitor sees first.
export const publicRoutes: [string, string | RegExp][] = [
  ['/', 'Organize projects, Track time and Report your work'],
  ['/how-it-works', /./],
  ['/use-cases', /./],
  ['/pricing', 'Pick your plan'],
  ['/support', "We're here"],
  ['/terms', 'Terms of Use'],
  ['/help', 'Advice and answers from the product team'],
  ['/help/quick-start-administrators', /administrators/i],
  ['/help/invoicing-your-clients', 'Invoicing your clients'],
  ['/help/moving-from-toggl', 'Moving from Toggl, Clockify or Harvest'],
  ['/whatNew', "What's new"],
  ['/apps', 'Apps and administration'],
  ['/UserCreds', 'UserCreds'],
  ['/clocking-in-and-out', /./],
];

for (const [route, heading] of publicRoutes) {
  test(`${route} answers 200 with its heading, navigation and footer, without console errors`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
}

test('every link on the public pages leads to a page that exists', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const [route] of publicRoutes) {
    await page.goto(route);
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    for (const href of hrefs) seen.add(href);
  }
  for (const href of seen) {
    const response = await request.get(href);
    expect(response.status(), `${href} should exist`).toBe(200);
  }
});

test('an unknown address shows a helpful 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help centre' }).first()).toBeVisible();
});

test('responses carry the security headers', async ({ request }) => {
  const response = await request.get('/pricing');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
});

test('scripts and styles arrive compressed and cached for a year', async ({ page, request }) => {
  await page.goto('/pricing');
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
  expect(stylesheet).toMatch(/^\/_astro\//);
  const response = await request.get(stylesheet ?? '', {
    headers: { 'Accept-Encoding': 'br, gzip' },
  });
  expect(response.status()).toBe(200);
  expect(['br', 'gzip']).toContain(response.headers()['content-encoding']);
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['content-type']).toContain('text/css');
  expect(await response.text()).toContain('--tw-');
  // Security headers are on these responses too.
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  // A path that tries to leave the assets folder is refused at the front door (encoded slashes).
  const escape = await request.get('/_astro/..%2f..%2fserver%2fentry.mjs');
  expect(escape.status()).toBe(400);
  expect(await escape.text()).not.toContain('createExports');
});
