import { expect, test, type Page } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';
import { agency } from '../track/fixtures';
import { allSaved, syncStatus } from '../support/sync';

const dayLogs = (page: Page) =>
  page.getByRole('list', { name: 'Time logs of the day' }).getByRole('listitem');

async function addLog(page: Page, duration: string, description: string) {
  await page.getByRole('button', { name: 'Add time log' }).click();
  await page.getByLabel('Client & project').click();
  await page.getByLabel('Client & project').fill('web');
  await page.getByRole('listbox').getByRole('option', { name: 'Website' }).click();
  await page
    .getByRole('form', { name: /time log$/ })
    .getByLabel('Task', { exact: true })
    .selectOption({ label: 'Design' });
  await page
    .getByRole('form', { name: /time log$/ })
    .getByLabel('Tags', { exact: true })
    .fill('offline');
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByLabel('Duration').fill(duration);
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await expect(dayLogs(page).filter({ hasText: description })).toBeVisible();
}

test('offline: add and edit, reload while offline, come back online: everything arrives once', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow();
  await seedStorage(page, agency);
  const account = await signIn(page);
  await page.goto('/login/?day=2026-03-10');
  await allSaved(page);
  // The service worker has the screens and their code once it is in control.
  await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 15_000,
    })
    .catch(async () => {
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    });

  await context.setOffline(true);
  await addLog(page, '1h', 'Written on a train');
  await expect(syncStatus(page)).toHaveText('Offline, 1 change waiting');
  await page.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time log' });
  await dialog.getByLabel('Duration').fill('1h 15m');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(syncStatus(page)).toHaveText('Offline, 2 changes waiting');

  // Leaving with changes waiting asks first; the person agrees to reload.
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(dayLogs(page).filter({ hasText: 'Written on a train' })).toContainText('1:15:00');
  await expect(syncStatus(page)).toHaveText('Offline, 2 changes waiting');

  await context.setOffline(false);
  await allSaved(page, 15_000);

  // Another device of the same account sees the log once, with the edit.
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const second = await other.newPage();
  await second.goto('/login/?day=2026-03-10');
  await second.getByLabel('Email address').fill(account.email);
  await second.getByLabel('Password').fill(account.password);
  await second.getByRole('button', { name: 'Login' }).click();
  const arrived = dayLogs(second).filter({ hasText: 'Written on a train' });
  await expect(arrived).toHaveCount(1);
  await expect(arrived).toContainText('1:15:00');
  await other.close();
});
