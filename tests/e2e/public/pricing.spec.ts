import { expect, test } from '@playwright/test';

test('the nine FAQ items open and close independently', async ({ page }) => {
  await page.goto('/pricing');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const items = faq.locator('details');
  await expect(items).toHaveCount(9);
  const first = items.nth(0);
  const third = items.nth(2);
  await first.getByRole('group').or(first.locator('summary')).first().click();
  await third.locator('summary').click();
  await expect(first).toHaveAttribute('open', '');
  await expect(third).toHaveAttribute('open', '');
  await expect(items.nth(1)).not.toHaveAttribute('open', '');
  await first.locator('summary').click();
  await expect(first).not.toHaveAttribute('open', '');
  await expect(third).toHaveAttribute('open', '');
});

test('the comparison table reads ticks as included or not included', async ({ page }) => {
  await page.goto('/pricing');
  const table = page.getByRole('table', { name: 'Features included in Free and Pro' });
  await expect(table.getByRole('columnheader', { name: 'Pro' })).toBeVisible();
  for (const section of ['Track', 'Organize', 'Billing', 'Report', 'Team']) {
    await expect(table.getByRole('columnheader', { name: section, exact: true })).toBeVisible();
  }
  await expect(table.getByText('Not included').first()).toBeAttached();
  await expect(table.getByText('Included', { exact: true }).first()).toBeAttached();
});

test('plan cards show the Pro prices and the trial button goes to sign-up', async ({ page }) => {
  await page.goto('/pricing');
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByText('$6')).toBeVisible();
  await expect(plans.getByText(/\$7 billed monthly/)).toBeVisible();
  await plans.getByRole('link', { name: '14 day free trial' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the pricing page ships no JavaScript besides the menu', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  expect(scripts.every((url) => !/react|client/i.test(url))).toBe(true);
});
