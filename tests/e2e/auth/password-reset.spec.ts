import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { fromOwnAddress } from '../support/addresses';
import { waitForMail } from '../support/mailbox';
import { newAccount, registerConfirmed } from '../support/session';

test('Forgot password mails a link that sets a new password once and signs out every device', async ({
  page,
  browser,
}) => {
  const account = newAccount();
  // Another device, signed in with the old password.
  const other = await browser.newContext();
  const headers = fromOwnAddress();
  await registerConfirmed(other.request, account, headers);
  expect((await other.request.get('/user/me')).status()).toBe(200);

  await page.setExtraHTTPHeaders(fromOwnAddress());
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If an account uses ${account.email}, a link to reset its password is on its way. It works for one hour.`,
  );
  await expectNoAxeViolations(page);

  // The second mail: the first confirmed the sign-up.
  const mail = await waitForMail(account.email, 2);
  expect(mail.subject).toBe('Reset your Hourmark password');
  const link = /http:\/\/localhost:\d+\/reset-password#\S+/.exec(mail.text)?.[0] ?? '';
  expect(link, mail.text).not.toBe('');

  await page.goto(link);
  await expect(page.getByText(`For ${account.email}`)).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a much better password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your password is changed, and you are signed out on every device.',
  );
  expect((await other.request.get('/user/me')).status()).toBe(401);
  await other.close();

  // The link works once (opened afresh, as from the mail).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText(
    'This reset link has already been used. Ask for a new one if you need to reset again.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // Signing in takes the new password.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill('a much better password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeHidden();
});

test('a made-up reset link says so and offers a new one', async ({ page }) => {
  await page.goto(`/reset-password#${'A'.repeat(22)}.${'B'.repeat(43)}`);
  await expect(page.getByRole('status')).toContainText('This reset link is not valid.');
  await expectNoAxeViolations(page);
});
