import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

// The Content-Security-Policy must allow everything the app itself needs: a blocked inline
// script or style shows up as a console error and a securitypolicyviolation event.
test('signed-in screens load without console errors or CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await signIn(page);
  for (const [path, heading] of [
    ['/login/', /Time logs for/],
    ['/allHours', 'All hours'],
    ['/projects', 'Projects'],
    ['/clients', 'Clients'],
    ['/clients/new', 'New client'],
    ['/users', 'Team Members'],
    ['/users/new', 'New team member'],
    ['/accountSetting', 'Account setting'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(problems).toEqual([]);
});
