import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { reportWeek } from '../support/report-fixtures';
import { seedStorage, signIn } from '../support/session';

// The figures of reportWeek (tests/e2e/support/report-fixtures.ts).

test('the detailed report totals a week by project and member, and exports what it shows', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, reportWeek);
  await page.goto('/reports/detailed?range=custom&from=2026-11-16&to=2026-11-22');
  const table = page.getByRole('table', { name: 'Detailed report, 16 Nov 2026 – 22 Nov 2026' });
  const total = table.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText('6:08');
  await expect(total).toContainText('4:30');
  await expect(total).toContainText('₹5,650.00');
  await expect(total).toContainText('₹2,250.00');
  await expect(total).toContainText('₹3,400.00');
  await expect(total).toContainText('₹350.50');
  await expect(table.getByRole('row', { name: /^Website/ })).toContainText('₹3,750.00');
  await expect(table.getByRole('row', { name: /^Website/ })).toContainText('2:20');
  await expectNoAxeViolations(page);

  await page.getByLabel('Then by').selectOption('member');
  // Groups go by name: Internal, Support, Website; Bilal's Website row is the last of his.
  await expect(table.getByRole('row', { name: /^Bilal/ }).last()).toContainText('₹2,250.00');
  await expect(page).toHaveURL(/then=member/);

  // The files can list group totals (what the table above shows) or each entry.
  await page.getByLabel('Files list').selectOption('Group totals');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hourmark-report-2026-11-16-to-2026-11-22.csv');
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(
    'Project,Team member,Logs,Hours,Billed hours,Billable amount (INR),Labour cost (INR),Profit (INR),Expenses (INR)',
  );
  expect(csv).toContain('Website,Bilal,1,1.50,1.50,2250.00,450.00,1800.00,250.50');
  expect(csv).toContain('Total,,5,6.14,4.50,5650.00,2250.00,3400.00,350.50');

  // The server's files for the same filter: a Letter PDF poppler reads, and a workbook.
  await page.getByLabel('PDF paper size').selectOption('letter');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('hourmark-report-2026-11-16-to-2026-11-22.pdf');
  const pdfText = execFileSync('pdftotext', ['-layout', (await pdf.path()) ?? '', '-'], {
    encoding: 'utf8',
  });
  expect(pdfText).toMatch(/Total\s+6:08:20\s+4:30:00\s+₹5,650.00\s+₹2,250.00\s+₹3,400.00/);
  expect(execFileSync('pdfinfo', [(await pdf.path()) ?? ''], { encoding: 'utf8' })).toContain(
    '(letter)',
  );
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export XLSX' }).click();
  expect((await xlsxDownload).suggestedFilename()).toBe(
    'hourmark-report-2026-11-16-to-2026-11-22.xlsx',
  );

  // Only billable time, chosen by keyboard.
  await page.getByLabel('Billable', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(total).toContainText('₹5,650.00');
  await expect(total).toContainText('₹1,450.00');
});

test('the detailed report lists each entry under its group, sorts, and exports the entries', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, reportWeek);
  await page.goto('/reports/detailed?range=custom&from=2026-11-16&to=2026-11-22');
  const entries = page.getByRole('table', { name: 'Entries, page 1 of 1' });
  await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText(
    '5 entries, page 1 of 1',
  );
  // Under Website (by project, the default): Asha's 50 minutes on 16 Nov, Bilal's 1:30 on 17 Nov.
  const website = entries.getByRole('rowgroup').filter({ hasText: 'Website' });
  await expect(website.getByRole('row', { name: /^Website/ })).toBeVisible();
  const bilal = website.getByRole('row').filter({ hasText: '17 Nov 2026' });
  await expect(bilal).toContainText('Bilal');
  await expect(bilal).toContainText('Acme');
  await expect(bilal).toContainText('L2');
  await expect(bilal).toContainText('1:30');
  await expect(bilal).toContainText('₹2,250.00');
  await expectNoAxeViolations(page);

  // Without groups, sorted by duration, longest first: Internal's 2:00 (L5), then L2's 1:30.
  await page.getByLabel('Group by').selectOption('None');
  await entries.getByRole('button', { name: 'Duration' }).click();
  await entries.getByRole('button', { name: 'Duration' }).click();
  await expect(entries.getByRole('columnheader', { name: 'Duration' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(entries.getByRole('row').nth(1)).toContainText('L5');
  await expect(entries.getByRole('row').nth(2)).toContainText('L2');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hourmark-report-entries-2026-11-16-to-2026-11-22.csv');
  const lines = (await readFile((await file.path()) ?? '', 'utf8')).split('\r\n');
  expect(lines.slice(0, 3)).toEqual([
    '\uFEFFDate,Team member,Client,Project,Task,Description,Tags,Billable,Duration,Amount (INR)',
    '2026-11-21,Asha,,Internal,,L5,work,No,2:00:00,0.00',
    '2026-11-17,Bilal,Acme,Website,,L2,work,Yes,1:30:00,2250.00',
  ]);
  expect(lines).toContain('Total,,,,,,,,6:08:20,5650.00');

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
