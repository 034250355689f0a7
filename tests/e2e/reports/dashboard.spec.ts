import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// Today's logs only, so the figures do not depend on the day the test runs: Website bills
// ₹1,000/h (project rate, no rounding) with a 1-hour budget; Asha costs ₹400/h.
// 1.5 h on Website today: ₹1,500.00 billable, ₹600.00 cost, 0.5 h over its budget.
// 1 h on Internal (non billable): ₹400.00 cost. Together: 2:30, ₹1,000.00 cost, ₹500.00 profit.

test('the dashboard shows this week and month, hours per day, top projects and budget burn', async ({
  page,
}) => {
  // The workspace's day: its time zone is UTC unless an Admin chooses another.
  const today = new Date().toISOString().slice(0, 10);
  const project = (id: string, projectName: string, billable: string, hours: number) => ({
    id,
    projectName,
    client: '',
    clientId: null,
    hours,
    billamount: billable === 'project' ? 1000 : 0,
    task: [],
    description: '',
    billable,
    rounding: 'false',
    timeInterval: 15,
    approval: false,
    status: 'Active',
  });
  const log = (id: string, projectId: string, dur: number) => ({
    id,
    date: today,
    client: '',
    projectId,
    task: '',
    taskId: null,
    tags: 'work',
    desc: '<p>Work</p>',
    dur,
    st: '',
    end: '',
    exp: 0,
    memberId: 'm1',
    status: 'approved',
  });
  await signIn(page);
  await seedStorage(page, {
    project: [project('p1', 'Website', 'project', 1), project('p2', 'Internal', 'false', 0)],
    Team: [
      {
        id: 'm1',
        name: 'Asha',
        email: 'asha@agency.test',
        LoborRate: 400,
        BillableRate: 0,
        Role: 'Normal',
        status: 'Active',
      },
    ],
    taskData: [log('l1', 'p1', 5400), log('l2', 'p2', 3600)],
  });
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
  await expect(page.getByText('Website: 1.50 of 1 h, 0.50 h over budget')).toBeVisible();
  await page.getByText('Hours per day as a table').click();
  await expect(page.getByRole('table', { name: 'Hours per day this week' })).toContainText('1:30');
  await expectNoAxeViolations(page);
});
