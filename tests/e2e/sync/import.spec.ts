import { expect, test } from '@playwright/test';
import { seedStorage, signIn } from '../support/session';
import { agency, websiteLog } from '../track/fixtures';
import { allSaved } from '../support/sync';

const log = (id: string, date: string, desc: string) =>
  websiteLog(id, date, { tags: 'import', desc: `<p>${desc}</p>`, dur: 1800 });

// Logs from two years apart, so the file holds more than any recent window of the cache.
const taskData = [
  log('i3', '2026-03-10', 'Recent work'),
  log('i2', '2025-06-02', 'Last year'),
  log('i1', '2024-01-15', 'Long ago'),
];

test('an export imported twice into a new account restores every record once', async ({
  page,
  browser,
  baseURL,
}) => {
  await seedStorage(page, { ...agency, taskData });
  await signIn(page);
  await page.goto('/accountSetting');
  await allSaved(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = await (await downloading).path();

  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const fresh = await other.newPage();
  await signIn(fresh);
  await fresh.goto('/accountSetting');
  for (let time = 0; time < 2; time += 1) {
    await fresh.getByLabel('Import an export file').setInputFiles(file);
    await expect(fresh.getByRole('status').filter({ hasText: 'This file holds' })).toContainText(
      // The first account's own team-member record comes along with the one seeded.
      'This file holds 1 client, 1 project, 1 task, 2 team members and 3 time logs.',
    );
    await fresh.getByRole('button', { name: 'Add them' }).click();
    await allSaved(fresh);
  }
  await fresh.goto('/allHours');
  for (const text of ['Recent work', 'Last year', 'Long ago'])
    await expect(fresh.getByText(text)).toHaveCount(1);
  await fresh.goto('/clients');
  await expect(fresh.getByRole('row', { name: /Acme Ltd/ })).toHaveCount(1);
  await other.close();
});
