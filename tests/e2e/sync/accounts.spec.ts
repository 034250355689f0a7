import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerConfirmed, type TestAccount } from '../support/session';
import { allSaved } from '../support/sync';

async function register(page: Page): Promise<TestAccount> {
  const account = newAccount();
  await registerConfirmed(page.request, account);
  // Registering signs in through the API's cookie; this test signs in through the form.
  await page.context().clearCookies();
  return account;
}

async function signInWithForm(page: Page, account: TestAccount) {
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('two accounts on one browser, one after the other: the second never sees the first’s data', async ({
  page,
}) => {
  const first = await register(page);
  const second = await register(page);

  await page.goto('/clients');
  await signInWithForm(page, first);
  await page.getByRole('link', { name: 'New Client' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Secret Client of the first');
  await page.getByLabel('Email').fill('secret@first.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Secret Client/ })).toBeVisible();
  await allSaved(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Nothing of the first account is left in this browser's storage.
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Secret');

  await signInWithForm(page, second);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await allSaved(page);
  await expect(page.getByText('No Clients found.')).toBeVisible();
  await expect(page.getByText(/Secret Client/)).toHaveCount(0);

  // And the first finds their client again after signing back in.
  await page.getByRole('button', { name: 'Log out' }).click();
  await signInWithForm(page, first);
  await expect(page.getByRole('row', { name: /Secret Client/ })).toBeVisible();
});
