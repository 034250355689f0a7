import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// The week of Monday 23 Nov 2026 for the signed-in person: Website · Design 1:30 on Monday and
// 0:45 + 0:15 on Wednesday (2:30 in all); last week, 0:30 on Website without a task.

/** The row of `table` whose heading is exactly `name`. */
const rowOf = (table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

test('the timesheet adds, changes and opens logs from the week grid, copies last week’s rows and moves between weeks', async ({
  page,
}) => {
  await signIn(page);
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { memberId: string }[];
  };
  const me = workspaces[0]?.memberId ?? '';
  const log = (id: string, date: string, taskId: string | null, dur: number) => ({
    id,
    date,
    client: 'No client / Website',
    projectId: 'p1',
    task: taskId ? 'Design' : '',
    taskId,
    tags: '',
    desc: `<p>Log ${id}</p>`,
    dur,
    st: '',
    end: '',
    exp: 0,
    memberId: me,
    status: 'approved',
  });
  await seedStorage(page, {
    project: [
      {
        id: 'p1',
        projectName: 'Website',
        client: '',
        clientId: null,
        hours: 0,
        billamount: 0,
        task: ['Design'],
        description: '',
        billable: 'false',
        rounding: 'false',
        timeInterval: 15,
        approval: false,
        status: 'Active',
        memberIds: [me],
      },
    ],
    task: [
      {
        id: 't1',
        project: 'Website',
        projectId: 'p1',
        task: 'Design',
        assign: [],
        assigneeIds: [],
        billableRate: null,
      },
    ],
    taskData: [
      log('a', '2026-11-23', 't1', 5400),
      log('b', '2026-11-25', 't1', 2700),
      log('c', '2026-11-25', 't1', 900),
      log('d', '2026-11-16', null, 1800),
    ],
  });
  await page.goto('/reports/timesheet?week=2026-11-25');
  await expect(page.getByText('23 Nov 2026 – 29 Nov 2026')).toBeVisible();
  const grid = page.getByRole('table', { name: 'Timesheet, week of 23 Nov 2026' });
  const design = rowOf(grid, 'No client / Website · Design');
  const total = rowOf(grid, 'Total');
  await expect(design.getByRole('cell').last()).toHaveText('2:30');
  await expect(design.getByLabel('No client / Website · Design, Mon 23 Nov')).toHaveValue('1:30');
  await expectNoAxeViolations(page);

  // An empty cell: typing a duration adds a log (1.5 h on Tuesday).
  const tuesday = design.getByLabel('No client / Website · Design, Tue 24 Nov');
  await tuesday.fill('1.5');
  await tuesday.press('Enter');
  await expect(design.getByRole('cell').last()).toHaveText('4:00');
  await expect(total.getByRole('cell').nth(1)).toHaveText('1:30');
  await expect(total.getByRole('cell').last()).toHaveText('4:00');

  // A cell with one log changes it: Monday 1:30 → 2:00.
  const monday = design.getByLabel('No client / Website · Design, Mon 23 Nov');
  await monday.fill('2:00');
  await monday.press('Enter');
  await expect(design.getByRole('cell').last()).toHaveText('4:30');

  // A cell with two logs opens them: 0:45 becomes 1:00, so Wednesday reads 1:15.
  await design.getByRole('button', { name: /Wed 25 Nov: 2 logs, 1:00/ }).click();
  const dialog = page.getByRole('dialog', { name: /Wed 25 Nov/ });
  await dialog.getByLabel(/^Duration of Log b,/).fill('1:00');
  await dialog.getByLabel(/^Duration of Log b,/).press('Enter');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(design.getByRole('button', { name: /Wed 25 Nov: 2 logs, 1:15/ })).toBeVisible();
  await expect(design.getByRole('cell').last()).toHaveText('4:45');

  // Nonsense is kept where it was typed and explained.
  const thursday = design.getByLabel('No client / Website · Design, Thu 26 Nov');
  await thursday.fill('soon');
  await thursday.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(thursday).toHaveValue('soon');
  await expect(thursday).toHaveAttribute('aria-invalid', 'true');
  await thursday.fill('');
  await thursday.press('Enter');

  // Last week's rows come over empty.
  await page.getByRole('button', { name: 'Copy last week’s rows' }).click();
  await expect(page.getByText('Copied 1 row from last week.')).toBeVisible();
  const plain = rowOf(grid, 'No client / Website');
  await expect(plain.getByRole('cell').last()).toHaveText('0:00');

  // The week before, by keyboard.
  await page.getByRole('button', { name: 'Previous week' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/week=2026-11-16/);
  const before = page.getByRole('table', { name: 'Timesheet, week of 16 Nov 2026' });
  await expect(rowOf(before, 'No client / Website').getByRole('cell').last()).toHaveText('0:30');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(rowOf(grid, 'Total').getByRole('cell').last()).toHaveText('4:45');
});
