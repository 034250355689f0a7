import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// The week of Monday 23 Nov 2026 (as in timesheet.spec.ts): Website · Design 1:30 on Monday and
// 0:45 + 0:15 on Wednesday, 2:30 in the week. On a 375 px phone: one day at a time, every day
// and the week's total reachable, nothing wider than the screen.

const rowOf = (table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

test('the timesheet on a phone shows one day at a time with the week’s totals', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
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
  const days = page.getByRole('group', { name: 'Day shown' });
  // Each day's total is on its button: Monday 1:30, Wednesday 1:00, the rest 0:00.
  await expect(days.getByRole('button')).toHaveText([
    /Mon\s*23\s*1:30/,
    /Tue\s*24\s*0:00/,
    /Wed\s*25\s*1:00/,
    /Thu\s*26\s*0:00/,
    /Fri\s*27\s*0:00/,
    /Sat\s*28\s*0:00/,
    /Sun\s*29\s*0:00/,
  ]);
  await days.getByRole('button', { name: 'Mon 23 1:30' }).click();
  const grid = page.getByRole('table', { name: 'Timesheet, week of 23 Nov 2026' });
  const design = rowOf(grid, 'No client / Website · Design');
  await expect(design.getByLabel('No client / Website · Design, Mon 23 Nov')).toHaveValue('1:30');
  await expect(grid.getByRole('columnheader', { name: 'Week' })).toBeVisible();
  await expect(design.getByRole('cell').last()).toHaveText('2:30');
  await expect(rowOf(grid, 'Total').getByRole('cell').last()).toHaveText('2:30');

  // The week as a file, from the server: the same row and totals.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hourmark-report-timesheet-2026-11-23-to-2026-11-29.csv');
  expect((await readFile((await file.path()) ?? '', 'utf8')).split('\r\n')).toEqual([
    '\uFEFFProject and task,Mon 23 Nov,Tue 24 Nov,Wed 25 Nov,Thu 26 Nov,Fri 27 Nov,Sat 28 Nov,Sun 29 Nov,Total',
    'No client / Website · Design,1:30:00,,1:00:00,,,,,2:30:00',
    'Total,1:30:00,0:00:00,1:00:00,0:00:00,0:00:00,0:00:00,0:00:00,2:30:00',
  ]);

  // Sunday, typed on the phone: 0.5 h, and the week's total follows.
  await days.getByRole('button', { name: /^Sun 29/ }).click();
  const sunday = design.getByLabel('No client / Website · Design, Sun 29 Nov');
  await sunday.fill('0.5');
  await sunday.press('Enter');
  await expect(design.getByRole('cell').last()).toHaveText('3:00');
  await expect(days.getByRole('button', { name: 'Sun 29 0:30' })).toBeVisible();

  // Nothing scrolls sideways: not the page, not the table.
  const wide = await page.evaluate(() => {
    const box = document.querySelector('table')?.parentElement;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: box ? box.scrollWidth - box.clientWidth : 0,
    };
  });
  expect(wide).toEqual({ page: 0, table: 0 });
  await expectNoAxeViolations(page);
});
