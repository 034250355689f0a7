import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// Issue 47, points 1 and 2, on the screens: the import's preview says what rate each new project
// gets from the file's amounts (tests/fixtures/import/toggl-agency-eur.csv: Portal Relaunch,
// 540.00 over 4:30 = 120.00 an hour; Wartung, 403.75 over 4:15 = 95.00) and that the file is in
// another currency (a new workspace bills in INR); the person changes a rate, and the billable
// history keeps its money on Uninvoiced. Uninvoiced says what waits for approval.

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an import shows and keeps the rate of each project it creates', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/accountSetting');
  const field = page.getByLabel('File exported from Toggl Track');
  await expect(field).toBeVisible({ timeout: 15_000 });
  await field.setInputFiles('tests/fixtures/import/toggl-agency-eur.csv');
  await expect(page.getByRole('heading', { name: 'Billing and approval' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('note')).toHaveText(
    "The file's amounts are in EUR, and this workspace bills in INR. Nothing is converted: the rates below would bill as the same numbers in INR. Change them before importing if they should differ.",
  );
  const portal = page.getByLabel('Rate per hour for Portal Relaunch (Stadtwerke Kiel), in INR');
  await expect(portal).toHaveValue('120');
  await expect(page.getByLabel('Rate per hour for Wartung (Stadtwerke Kiel), in INR')).toHaveValue(
    '95',
  );
  await portal.fill('-1');
  await expect(page.getByText('Enter a rate of 0 or more')).toBeVisible();
  await axeAtBothWidths(page);
  await portal.fill('110');
  await page.getByRole('button', { name: 'Start import of 5 logs' }).click();
  await expect(
    page.getByRole('heading', { name: 'Import of toggl-agency-eur.csv: Done' }),
  ).toBeVisible({ timeout: 60_000 });

  // Ravi's 3:00 and Mei's 1:30 at 110: 495.00; Wartung's 2:15 and 2:00 at 95: 403.75.
  await page.goto('/uninvoiced');
  await page.getByLabel('Dates').selectOption({ label: 'Custom' });
  await page.getByLabel('From').fill('2026-11-01');
  await page.getByLabel('To').fill('2026-11-30');
  const kiel = page.getByRole('region', { name: 'Stadtwerke Kiel' });
  await expect(kiel.getByRole('row', { name: /Portal Relaunch/ })).toContainText('₹495.00', {
    timeout: 15_000,
  });
  await expect(kiel.getByRole('row', { name: /Wartung/ })).toContainText('₹403.75');
  await axeAtBothWidths(page);
});

test('Uninvoiced says how much waits for approval, with a link to it', async ({ page }) => {
  await signIn(page);
  const today = new Date().toISOString().slice(0, 10);
  await seedStorage(page, {
    clients: [
      {
        id: 'c1',
        name: 'Acme',
        contactPerson: '',
        email: '',
        phone: '',
        address: '',
        taxName: '',
        taxPercentage: 0,
        taxNumber: '',
        status: 'Active',
      },
    ],
    project: [
      {
        id: 'p1',
        projectName: 'Website',
        client: 'Acme',
        clientId: 'c1',
        hours: 0,
        billamount: 1000,
        task: [],
        description: '',
        billable: 'project',
        rounding: 'false',
        timeInterval: 15,
        approval: true,
        status: 'Active',
      },
    ],
    // 1:30 at ₹1,000 an hour, not approved yet.
    taskData: [
      {
        id: 'l1',
        date: today,
        client: 'Acme / Website',
        projectId: 'p1',
        task: '',
        taskId: null,
        tags: '',
        desc: '<p>Design</p>',
        dur: 5400,
        st: '',
        end: '',
        exp: 0,
        memberId: null,
        status: 'pending',
      },
    ],
  });
  await page.goto('/uninvoiced');
  await expect(page.getByText(/^Waiting for approval/)).toHaveText(
    'Waiting for approval, so not offered here: 1 log, 1:30 and ₹1,500.00. See the logs of these days in All hours or review submitted weeks.',
    { timeout: 15_000 },
  );
  await expect(
    page.getByRole('link', { name: 'See the logs of these days in All hours' }),
  ).toHaveAttribute('href', `/allHours?from=${today}&to=${today}`);
  await axeAtBothWidths(page);
});
