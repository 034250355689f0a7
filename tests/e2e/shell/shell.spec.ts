import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { newAccount, signIn } from '../support/session';

test('the first Tab offers Skip to content, which lands past the sidebar', async ({ page }) => {
  await signIn(page);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab reaches the screen's own controls, not the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('nav') === null)).toBe(true);
});

test('on All hours only All hours is marked as the current page', async ({ page }) => {
  await signIn(page);
  await page.goto('/allHours');
  const nav = page.getByRole('navigation', { name: 'App' });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'All hours' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Economy' })).toBeVisible();
});

test('Helps, Apps and What’s New open beside the sidebar for someone signed in', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/login/');
  const nav = page.getByRole('navigation', { name: 'App' });
  await nav.getByRole('link', { name: 'Helps' }).click();
  await expect(page).toHaveURL(/\/app\/help$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Advice and answers from the product team' }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Helps' })).toHaveAttribute('aria-current', 'page');
  // An article stays in the shell, under Helps, with a way back to the help centre.
  await page.getByRole('main').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/app\/help\/[\w-]+$/);
  await expect(nav.getByRole('link', { name: 'Helps' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: '← Help centre' })).toHaveAttribute(
    'href',
    '/app/help',
  );
  await expectNoAxeViolations(page);
  await nav.getByRole('link', { name: 'Apps' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apps and administration' }),
  ).toBeVisible();
  await nav.getByRole('link', { name: "What's New" }).click();
  await expect(page.getByRole('heading', { level: 1, name: "What's new" })).toBeVisible();
  await expectNoAxeViolations(page);
  // No "Sign in" offered to someone signed in.
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});

test('the shortcuts popover keeps one h1 on the page', async ({ page }) => {
  await signIn(page);
  await page.goto('/login/?day=2026-03-10');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a long email does not make Account setting scroll sideways', async ({ page }) => {
    const account = newAccount();
    const long = {
      ...account,
      email: `a.very.long.mailbox.name.for.testing.${account.email.replace('@', '@departments.of.a.long.company.')}`,
    };
    await signIn(page, long);
    await page.goto('/accountSetting');
    await expect(page.getByText(long.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test('the open menu says Hourmark once', async ({ page }) => {
    await signIn(page);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
    await expect(page.getByText('Hourmark', { exact: true }).filter({ visible: true })).toHaveCount(
      1,
    );
  });
});
