import { expect, test } from '@playwright/test';
import { addDays, formatDay } from '../../../src/lib/day';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// Two approved logs on Website (₹1,000/h), neither invoiced: 1.5 h today (₹1,500.00) and 1 h
// 40 days ago (₹1,000.00), in another month. Uninvoiced opens on both: 2.50 h, ₹2,500.00.

test('Uninvoiced opens on everything approved and not invoiced up to today', async ({ page }) => {
  await signIn(page);
  const today = new Date().toISOString().slice(0, 10);
  const earlier = addDays(today, -40);
  const log = (id: string, date: string, dur: number) => ({
    id,
    date,
    client: 'Acme / Website',
    projectId: 'p1',
    task: '',
    taskId: null,
    tags: '',
    desc: '<p>Design</p>',
    dur,
    st: '',
    end: '',
    exp: 0,
    memberId: null,
    status: 'approved',
  });
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
        approval: false,
        status: 'Active',
      },
    ],
    taskData: [log('l1', today, 5400), log('l2', earlier, 3600)],
  });
  await page.goto('/uninvoiced');
  await expect(page.getByLabel('Dates')).toHaveValue('up-to-today');
  await expect(page.getByText(`${formatDay(earlier)} – ${formatDay(today)}`)).toBeVisible();
  const acme = page.getByRole('region', { name: 'Acme' });
  await expect(acme.getByRole('row', { name: /Website/ })).toContainText('₹2,500.00');
  await expectNoAxeViolations(page);
  // The presets are still there: this month holds only today's log.
  await page.getByLabel('Dates').selectOption({ label: 'This month' });
  await expect(acme.getByRole('row', { name: /Website/ })).toContainText('₹1,500.00');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
