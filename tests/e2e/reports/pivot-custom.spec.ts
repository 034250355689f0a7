import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { reportWeek } from '../support/report-fixtures';
import { seedStorage, signIn } from '../support/session';

// reportWeek (tests/e2e/support/report-fixtures.ts), 16–22 Nov 2026: Asha 3000 + 4500 + 7200 =
// 14700 s (4:05), Bilal 5400 + 2000 = 7400 s (2:03); 22100 s together (6:08).

test('the team pivot takes a custom range of days', async ({ page }) => {
  await signIn(page);
  await seedStorage(page, reportWeek);
  await page.goto('/reports/pivot');
  await page.getByLabel('Dates').selectOption({ label: 'Custom' });
  await page.getByLabel('From', { exact: true }).fill('2026-11-16');
  await page.getByLabel('To', { exact: true }).fill('2026-11-22');
  const table = page.getByRole('table', { name: 'Team pivot, 16 Nov 2026 – 22 Nov 2026' });
  await expect(table.getByRole('row', { name: /^Asha/ })).toContainText('4:05');
  await expect(table.getByRole('row', { name: /^Bilal/ })).toContainText('2:03');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('6:08');
  await expect(page).toHaveURL(/range=custom/);
  await expectNoAxeViolations(page);

  // Exported by week: the same figures, in a dated file.
  await page.getByLabel('Columns').selectOption('week');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hourmark-report-pivot-2026-11-16-to-2026-11-22.csv');
  expect((await readFile((await file.path()) ?? '', 'utf8')).split('\r\n')).toEqual([
    '\uFEFFTeam member,Week of 16 Nov 2026,Total',
    'Asha,4:05:00,4:05:00',
    'Bilal,2:03:20,2:03:20',
    'Total,6:08:20,6:08:20',
  ]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
