import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatDay } from '../../../src/lib/day';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// Today's logs only: Asha 1.5 h + 1 h (2:30), Bilal 0.5 h; Website bills ₹1,000/h.

const today = new Date().toISOString().slice(0, 10);
const member = (id: string, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@agency.test`,
  LoborRate: 0,
  BillableRate: 0,
  Role: 'Normal',
  status: 'Active',
});
const log = (id: string, memberId: string, dur: number) => ({
  id,
  date: today,
  client: '',
  projectId: 'p1',
  task: '',
  taskId: null,
  tags: 'work',
  desc: '<p>Work</p>',
  dur,
  st: '',
  end: '',
  exp: 0,
  memberId,
  status: 'approved',
});

const team = {
  project: [
    {
      id: 'p1',
      projectName: 'Website',
      client: '',
      clientId: null,
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
  Team: [member('m1', 'Asha'), member('m2', 'Bilal')],
  taskData: [log('l1', 'm1', 5400), log('l2', 'm1', 3600), log('l3', 'm2', 1800)],
};

test('the team pivot puts members against days with totals both ways, and a cell opens its logs', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, team);
  await page.goto('/reports/pivot');
  const table = page.getByRole('table', { name: /^Team pivot/ });
  await expect(table.getByRole('row', { name: /^Asha/ })).toContainText('2:30');
  await expect(table.getByRole('row', { name: /^Bilal/ })).toContainText('0:30');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('3:00');
  await expectNoAxeViolations(page);

  await page.getByLabel('Show').selectOption('amount');
  await expect(table.getByRole('row', { name: /^Asha/ })).toContainText('₹2,500.00');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('₹3,000.00');

  // The cell's link names the member and the day (read out after the figure); by keyboard.
  await table
    .getByRole('link', { name: new RegExp(`^₹2,500\\.00 ?, Asha, ${formatDay(today)}$`) })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reports\/detailed\?.*member=m1/);
  await expect(
    page.getByRole('table', { name: /^Detailed report/ }).getByRole('row', { name: /^Total/ }),
  ).toContainText('₹2,500.00');
});

test('Activity says what happened to each log and who did it, for everyone or one member', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, team);
  await page.goto('/reports/activity');
  const list = page.getByRole('list', { name: 'What happened, most recent first' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // The signed-in Admin (named "Asha …" by the test account) added all three logs.
  await expect(list).toContainText(`created Bilal’s 0:30 on Website for ${formatDay(today)}`);
  await expect(list).not.toContainText('changed');
  await expectNoAxeViolations(page);
  await page.getByLabel('Team member').selectOption({ label: 'Bilal' });
  await expect(page).toHaveURL(/member=m2/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toHaveText(
    new RegExp(`^Asha \\S+ created Bilal’s 0:30 on Website for ${formatDay(today)}`),
  );
  // The file says the same, for the member chosen.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^hourmark-report-activity-.*\.csv$/);
  const lines = (await readFile((await file.path()) ?? '', 'utf8')).split('\r\n');
  expect(lines[0]).toBe('\uFEFFWhen (UTC),Who,What,What happened');
  expect(lines[1]).toMatch(
    new RegExp(
      `,Asha \\S+,created,Asha \\S+ created Bilal’s 0:30 on Website for ${formatDay(today)}$`,
    ),
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
});
