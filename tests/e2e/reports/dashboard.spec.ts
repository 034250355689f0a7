import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { todaysTwoProjects } from '../support/report-fixtures';
import { seedStorage, signIn } from '../support/session';

// The figures of todaysTwoProjects (tests/e2e/support/report-fixtures.ts).

test('the dashboard shows this week and month, hours per day, top projects and budget burn', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, todaysTwoProjects());
  await page.goto('/reports/dashboard');
  const week = page.getByRole('region', { name: /^This week/ });
  await expect(week).toContainText('2:30');
  await expect(week).toContainText('₹1,500.00');
  await expect(week).toContainText('₹1,000.00');
  await expect(week).toContainText('₹500.00');
  await expect(page.getByRole('region', { name: /^This month/ })).toContainText('₹1,500.00');
  await expect(page.getByRole('region', { name: 'Top projects this month' })).toContainText(
    'Website1:30',
  );
  await expect(page.getByText('Website: 1:30 of 1:00 h, 0:30 h over budget')).toBeVisible();
  await page.getByText('Hours per day as a table').click();
  await expect(page.getByRole('table', { name: 'Hours per day this week' })).toContainText('1:30');
  await expectNoAxeViolations(page);

  // The PDF holds the same figures: 2:30 tracked, 1:30 billed, ₹1,500.00 billed, ₹1,000.00 cost,
  // ₹500.00 profit, no expenses; Website ₹1,500.00 against ₹600.00.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^hourmark-report-dashboard-\d{4}-\d\d-01-to-.*\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', (await pdf.path()) ?? '', '-'], {
    encoding: 'utf8',
  });
  expect(text).toMatch(/This week\s+2:30:00\s+1:30:00\s+₹1,500.00\s+₹1,000.00\s+₹500.00\s+₹0.00/);
  expect(text).toMatch(/Website\s+1:30:00\s+1:30:00\s+₹1,500.00\s+₹600.00\s+₹900.00\s+₹0.00/);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
