import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { agency, websiteLog } from '../track/fixtures';
import { allSaved } from '../support/sync';

// Issue 32: Export my data of one workspace imported into another through the server's import
// (Import an export file → the preview, people, progress and result of Import from another
// tool), twice: the second time nothing is left to import. axe-core clean at 1280 and 375 px.

const log = (id: string, date: string, desc: string) =>
  websiteLog(id, date, { tags: 'import', desc: `<p>${desc}</p>`, dur: 1800 });

// Logs from two years apart, so the file holds more than any recent window of the cache.
const taskData = [
  log('i3', '2026-03-10', 'Recent work'),
  log('i2', '2025-06-02', 'Last year'),
  log('i1', '2024-01-15', 'Long ago'),
];

const figure = (page: Page, term: string) =>
  page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an export imported twice into a new account restores every record once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await seedStorage(page, { ...agency, taskData });
  await signIn(page);
  await page.goto('/accountSetting');
  await allSaved(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = {
    name: 'hourmark-export.json',
    mimeType: 'application/json',
    buffer: readFileSync(await (await downloading).path()),
  };

  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const fresh = await other.newPage();
  await signIn(fresh);
  await fresh.goto('/accountSetting');
  const entry = fresh.getByLabel('Import an export file');
  // Offered once the first pull has said this person is the workspace's Admin.
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await entry.setInputFiles(file);

  await expect(fresh.getByRole('heading', { name: 'What this file holds' })).toBeVisible();
  await expect(fresh.getByText(/^Chosen: hourmark-export\.json/)).toBeVisible();
  await expect(fresh.getByText('Read as a Hourmark export (JSON), UTF-8.')).toBeVisible();
  await expect(figure(fresh, 'Time logs to import')).toHaveText('3 logs');
  await expect(figure(fresh, 'Dates')).toHaveText('15 Jan 2024 to 10 Mar 2026');
  // Three logs of 0:30:00.
  await expect(figure(fresh, 'Total hours')).toHaveText('1:30:00');
  const records = fresh.getByRole('table', { name: 'Records the import creates and uses' });
  await expect(records.getByRole('row', { name: /^Clients/ })).toHaveText('Clients10Acme Ltd');
  await expect(records.getByRole('row', { name: /^Projects/ })).toHaveText('Projects10Website');
  await expect(records.getByRole('row', { name: /^Tasks/ })).toHaveText('Tasks10Website / Design');
  // The first account's own team-member record comes along with Asha: both are new here.
  await expect(records.getByRole('row', { name: /^Team members/ })).toContainText('Team members20');
  await expect(fresh.getByLabel('Asha (asha@agency.test)')).toHaveValue('new');
  await axeAtBothWidths(fresh);

  await fresh.getByRole('button', { name: 'Start import of 3 logs' }).click();
  await expect(
    fresh.getByRole('heading', { name: 'Import of hourmark-export.json: Done' }),
  ).toBeVisible({ timeout: 60_000 });
  // 2 team members, 1 client, 1 project, 1 task, then 3 logs.
  await expect(
    fresh.getByRole('progressbar', { name: 'Rows of hourmark-export.json done' }),
  ).toHaveAttribute('aria-valuenow', '8');
  await expect(figure(fresh, 'Time logs').first()).toHaveText('3 (1:30:00)');
  await expect(figure(fresh, 'Clients').first()).toHaveText('Acme Ltd');
  await axeAtBothWidths(fresh);

  // The same file again: every log was imported before, and nothing is left to import.
  await entry.setInputFiles(file);
  await expect(figure(fresh, 'Already imported')).toHaveText(
    '3 rows were imported before and will not be imported again',
  );
  await expect(figure(fresh, 'Time logs to import')).toHaveText('0 logs');
  await expect(fresh.getByText('This file has no rows left to import.')).toBeVisible();
  await expect(fresh.getByRole('button', { name: /^Start import/ })).toBeDisabled();
  await axeAtBothWidths(fresh);

  await fresh.goto('/allHours');
  for (const text of ['Recent work', 'Last year', 'Long ago'])
    await expect(fresh.getByText(text)).toHaveCount(1, { timeout: 15_000 });
  await fresh.goto('/clients');
  await expect(fresh.getByRole('row', { name: /Acme Ltd/ })).toHaveCount(1);
  await other.close();
});
