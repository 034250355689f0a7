import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { reportWeek } from '../support/report-fixtures';
import { seedStorage, signIn } from '../support/session';

// The figures of reportWeek (tests/e2e/support/report-fixtures.ts): 16–22 Nov 2026 totals
// 6:08 tracked, ₹5,650.00 billable, ₹2,250.00 labour cost; billable logs only: ₹1,450.00 cost.

test('a saved report opens again, is mailed on a schedule, and is shared through a link that can be withdrawn', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await seedStorage(page, reportWeek);
  await page.goto('/reports/detailed?range=custom&from=2026-11-16&to=2026-11-22');
  const table = page.getByRole('table', { name: 'Detailed report, 16 Nov 2026 – 22 Nov 2026' });
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('₹5,650.00');

  await page.getByText('Saved reports and sharing').click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name the report to save it.')).toBeVisible();
  await page.getByLabel('Save this report as').fill('Week 47');
  await page.getByLabel('Save this report as').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved “Week 47”.' })).toBeVisible();

  await page.getByLabel('Mail it to me').selectOption('weekly');
  await expect(
    page.getByText('“Week 47” will be mailed to you at the start of each week'),
  ).toBeVisible();

  // Another filter on screen; opening the saved report brings its own back.
  await page.getByLabel('Billable', { exact: true }).selectOption('yes');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('₹1,450.00');
  await page.getByLabel('Open a saved report').selectOption({ label: 'Week 47' });
  await expect(page.getByLabel('Billable', { exact: true })).toHaveValue('any');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('₹2,250.00');

  await page.getByLabel('Show billable amounts and costs').check();
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('New link').inputValue();
  expect(link).toMatch(/\/shared\/report#[\w-]+\.[\w-]+$/);
  await expectNoAxeViolations(page);

  // Someone without an account opens it.
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  await outside.goto(link);
  await expect(outside.getByRole('heading', { name: 'Week 47' })).toBeVisible();
  await expect(outside.getByText('16 Nov 2026 – 22 Nov 2026', { exact: true })).toBeVisible();
  const shared = outside.getByRole('table', { name: 'Week 47, 16 Nov 2026 – 22 Nov 2026' });
  await expect(shared.getByRole('row', { name: /^Total/ })).toContainText('₹5,650.00');
  await expect(shared.getByRole('row', { name: /^Total/ })).toContainText('6:08');
  await expectNoAxeViolations(outside);
  // Its PDF carries the saved report's name, and no heading runs into the first row.
  const pdfDownload = outside.waitForEvent('download');
  await outside.getByRole('link', { name: 'Download PDF' }).click();
  const pdfText = execFileSync(
    'pdftotext',
    ['-layout', (await (await pdfDownload).path()) ?? '', '-'],
    { encoding: 'utf8' },
  );
  expect(pdfText.split('\n')[0]?.trim()).toBe('Week 47');
  expect(pdfText).not.toContain('Detailed report');
  await outside.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(outside);

  await page.getByRole('button', { name: /^Withdraw the link/ }).click();
  await expect(page.getByText('Link withdrawn: it no longer opens the report.')).toBeVisible();
  await outside.reload();
  await expect(outside.getByRole('alert')).toHaveText(
    'This report link was withdrawn by the person who shared it.',
  );
  await stranger.close();
});
