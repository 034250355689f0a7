import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { todaysTwoProjects } from '../support/report-fixtures';
import { seedStorage, signIn } from '../support/session';

// The figures of todaysTwoProjects (tests/e2e/support/report-fixtures.ts), this month:
// Website ₹1,500.00 billed, ₹600.00 cost, ₹900.00 profit, margin 900 / 1,500 = 60.0 %, 1.50 of
// its 1 h budget; Internal nothing billed, ₹400.00 cost, −₹400.00 profit, no margin.
// Total: ₹1,500.00, ₹1,000.00 cost, ₹500.00 profit, margin 500 / 1,500 = 33.3 %.

test('Economy shows amount, cost, profit, margin and budget per project and per member', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, todaysTwoProjects());
  await page.goto('/reports/economy');
  const table = page.getByRole('table', { name: /^Economy by project/ });
  const website = table.getByRole('row', { name: /^Website/ });
  await expect(website).toContainText('1:30');
  await expect(website).toContainText('₹1,500.00');
  await expect(website).toContainText('₹600.00');
  await expect(website).toContainText('₹900.00');
  await expect(website).toContainText('60.0 %');
  await expect(website).toContainText('1:30 of 1:00 h, 0:30 h over');
  const internal = table.getByRole('row', { name: /^Internal/ });
  await expect(internal).toContainText('₹400.00');
  await expect(internal).toContainText('-₹400.00');
  const total = table.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText('₹1,000.00');
  await expect(total).toContainText('₹500.00');
  await expect(total).toContainText('33.3 %');
  // Most billed first, and the chart beside the table draws the same rows.
  await expect(table.getByRole('rowheader').first()).toHaveText('Website');
  await expect(page.getByText('Billable amount against labour cost')).toBeVisible();
  await expectNoAxeViolations(page);

  // The file holds what the table shows, under a dated name.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const month = new Date().toISOString().slice(0, 7);
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^hourmark-report-economy-${month}-01-to-${month}-\\d\\d\\.csv$`),
  );
  const lines = (await readFile((await file.path()) ?? '', 'utf8')).split('\r\n');
  expect(lines).toEqual([
    '\uFEFFProject,Billable hours,Billable amount (INR),Labour cost (INR),Expenses (INR),Profit (INR),Margin (%),Budget used',
    'Website,1:30:00,1500.00,600.00,0.00,900.00,60,"1.50 of 1 h, 0.50 h over"',
    'Internal,0:00:00,0.00,400.00,0.00,-400.00,,',
    'Total,1:30:00,1500.00,1000.00,0.00,500.00,33.3,',
  ]);

  // By team member, chosen by keyboard; the choice stays in the URL.
  await page.getByLabel('By', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/by=member/);
  const asha = page.getByRole('table', { name: /^Economy by team member/ }).getByRole('row', {
    name: /^Asha/,
  });
  await expect(asha).toContainText('₹1,500.00');
  await expect(asha).toContainText('₹1,000.00');
  await expect(asha).toContainText('33.3 %');
  await expect(page.getByRole('columnheader', { name: 'Budget used' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
