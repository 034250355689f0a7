import { expect, test, type Browser, type Page } from '@playwright/test';
import { newAccount, signIn, type TestAccount } from '../support/session';
import { allSaved } from '../support/sync';

// Two browser contexts are two devices of one person: separate storage, one account. No
// periodic polling runs while the poke stream is open, so only the poke can deliver a change.

async function device(browser: Browser, baseURL: string, account?: TestAccount) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const signedIn = account ? await signInExisting(page, account) : await signIn(page, newAccount());
  return { context, page, account: signedIn };
}

async function signInExisting(page: Page, account: TestAccount): Promise<TestAccount> {
  await page.goto('/clients/');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  return account;
}

async function addClient(page: Page, name: string) {
  await page.goto('/clients/');
  await page.getByRole('link', { name: 'New Client' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill('hello@bolt.test');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients$/);
}

test('a client added on one device appears on the other without a reload, and edits and deletes follow', async ({
  browser,
  baseURL,
}) => {
  const one = await device(browser, baseURL ?? '');
  const two = await device(browser, baseURL ?? '', one.account);
  await two.page.goto('/clients/');
  await allSaved(two.page);

  await addClient(one.page, 'Bolt Studio');
  await allSaved(one.page);
  await expect(two.page.getByRole('row', { name: /Bolt Studio/ })).toBeVisible();

  // An edit on the second device reaches the first, which stays on its list.
  await two.page
    .getByRole('row', { name: /Bolt Studio/ })
    .getByRole('link', { name: 'Bolt Studio' })
    .click();
  await two.page.getByLabel('Contact person').fill('Ira Shah');
  await two.page.getByRole('button', { name: 'Save' }).click();
  await expect(two.page).toHaveURL(/\/clients$/);
  await expect(one.page.getByRole('row', { name: /Bolt Studio/ })).toContainText('Ira Shah');

  // Archiving on the first device hides it from the second's Active list.
  await one.page.getByRole('button', { name: 'Actions for Bolt Studio' }).click();
  await one.page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(two.page.getByRole('row', { name: /Bolt Studio/ })).toBeHidden();
  await two.page.goto('/clients?status=Archived');
  await expect(two.page.getByRole('row', { name: /Bolt Studio/ })).toBeVisible();

  // Deleting it on the second device removes it on the first.
  await one.page.goto('/clients?status=Archived');
  await expect(one.page.getByRole('row', { name: /Bolt Studio/ })).toBeVisible();
  await two.page.getByRole('button', { name: 'Actions for Bolt Studio' }).click();
  await two.page.getByRole('menuitem', { name: 'Delete' }).click();
  await two.page.getByRole('button', { name: 'Delete client' }).click();
  await expect(one.page.getByRole('row', { name: /Bolt Studio/ })).toBeHidden();
  await allSaved(one.page);
  await allSaved(two.page);

  await one.context.close();
  await two.context.close();
});

test('a clash with an edit made on another device says so (issue 29)', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const one = await device(browser, baseURL ?? '');
  const two = await device(browser, baseURL ?? '', one.account);
  await one.page.goto('/login/');
  await one.page.getByRole('button', { name: 'Add time log' }).click();
  await one.page.getByRole('textbox', { name: 'Description' }).fill('Shared log');
  await one.page.getByLabel('Duration').fill('0:45');
  await one.page.getByRole('button', { name: 'Add & Close' }).click();
  await allSaved(one.page);
  await two.page.goto('/login/');
  const logs = (page: Page) => page.getByRole('main').getByRole('listitem');
  await expect(logs(two.page).filter({ hasText: 'Shared log' })).toBeVisible();

  const openDialog = async (page: Page) => {
    await page.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit time log' });
    await expect(dialog.getByLabel('Duration')).toBeVisible();
    return dialog;
  };
  const first = await openDialog(one.page);
  const second = await openDialog(two.page);
  await first.getByLabel('Duration').fill('1h');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first).toBeHidden();
  await allSaved(one.page);
  // The poke brings the change to the second device while its dialog is open.
  await expect(logs(two.page).filter({ hasText: 'Shared log' })).toContainText('1:00:00');
  await second.getByLabel('Duration').fill('3h');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByRole('alert')).toContainText(
    'This log was changed on another device since you opened it (Duration)',
  );

  await one.context.close();
  await two.context.close();
});
