import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { pushRecords, seedStorage, signIn } from '../support/session';
import { answerDialogs, fillStorage, freeStorage } from '../support/storage';
import { agency } from './fixtures';

const dayLogs = (page: Page) =>
  page.getByRole('list', { name: 'Time logs of the day' }).getByRole('listitem');

async function openTrack(page: Page, day = '2026-03-10') {
  await page.goto(`/login/?day=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: /10 Mar/ })).toBeVisible();
}

async function fillLog(page: Page, duration: string, description: string) {
  await page.getByLabel('Client & project').click();
  await page.getByLabel('Client & project').fill('web');
  await page.getByRole('listbox').getByRole('option', { name: 'Website' }).click();
  await page
    .getByRole('form', { name: /time log$/ })
    .getByLabel('Task', { exact: true })
    .selectOption({ label: 'Design' });
  await page
    .getByRole('form', { name: /time log$/ })
    .getByLabel('Tags', { exact: true })
    .fill('design, client');
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByLabel('Duration').fill(duration);
}

test.beforeEach(async ({ page }) => {
  await seedStorage(page, agency);
  await signIn(page);
});

test('adding a log validates, saves it to the shown day and shows its amount', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await page.getByRole('button', { name: 'Add & Close' }).click();
  // Only a duration is needed (issue 29): project, task, description and tags are optional.
  await expect(page.getByRole('alert')).toContainText('please fill Time Log section: Duration');
  await expect(dayLogs(page)).toHaveCount(0);

  await fillLog(page, '1h 30m', 'Homepage wireframes');
  await page.getByLabel('Start time').fill('09:00');
  await expect(page.getByLabel('End time')).toHaveValue('10:30');
  await expect(page.getByRole('region', { name: 'Economy' })).toContainText('₹1,500.00');
  await page.getByRole('button', { name: 'Add & Close' }).click();

  const log = dayLogs(page).filter({ hasText: 'Homepage wireframes' });
  await expect(log).toContainText('Acme Ltd / Website');
  await expect(log).toContainText('1:30:00');
  await expect(log).toContainText('₹1,500.00');
  await expect(page.getByText('Total for the day: 1:30')).toBeVisible();
  await page.reload();
  await expect(dayLogs(page).filter({ hasText: 'Homepage wireframes' })).toBeVisible();
});

test('Duration says how it reads what is typed, asks about bare minutes and checks on leaving', async ({
  page,
}) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  const duration = page.getByLabel('Duration');
  await duration.fill('20min');
  await expect(page.getByText('= 0:20')).toBeVisible();
  await duration.fill('1h30');
  await expect(page.getByText('= 1:30')).toBeVisible();
  // A bare 15 reads as 15 hours; the form asks, and one click makes it a quarter of an hour.
  await duration.fill('15');
  await expect(page.getByText('= 15:00')).toBeVisible();
  await expect(page.getByText('Did you mean 15 minutes?')).toBeVisible();
  await page.getByRole('button', { name: 'Use 0:15' }).click();
  await expect(duration).toHaveValue('0:15');
  await expect(page.getByText('Did you mean')).toBeHidden();
  // A problem shows as soon as the field is left, not only on saving.
  await duration.fill('1 30');
  await expect(page.getByText('Use a duration like')).toBeHidden();
  await duration.press('Tab');
  await expect(page.getByText('Use a duration like 1:30, 1h 30m, 90m or 1.5')).toBeVisible();
  await expect(duration).toHaveAttribute('aria-invalid', 'true');
  await fillLog(page, '20 min', 'Standup notes');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await expect(dayLogs(page).filter({ hasText: 'Standup notes' })).toContainText('0:20:00');
});

test('editing a log opens a prefilled dialog and updates it in place', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:45', 'First draft');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await page.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time log' });
  await expect(dialog.getByLabel('Tags', { exact: true })).toHaveValue('design, client');
  await expect(dialog.getByLabel('Duration')).toHaveValue('0:45:00');
  await expect(dialog.getByLabel('Task', { exact: true })).toHaveValue('t1');
  await dialog.getByLabel('Duration').fill('2h');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(dayLogs(page).filter({ hasText: 'First draft' })).toContainText('2:00:00');
  await expect(dayLogs(page)).toHaveCount(1);

  await page.getByRole('button', { name: /^Edit/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Edit/ })).toBeFocused();
});

test('the project field always shows the project chosen, with the client as it is written', async ({
  page,
}) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  const field = page.getByLabel('Client & project');
  // Typing, ArrowDown and Enter: the field shows the choice at once.
  await field.fill('web');
  const group = page.getByRole('group', { name: 'Acme Ltd' });
  await expect(group).toBeVisible();
  // The client's name as written ("Acme Ltd", not "ACME LTD"): innerText is what is rendered.
  expect(await group.evaluate((g) => (g.firstElementChild as HTMLElement).innerText)).toBe(
    'Acme Ltd',
  );
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue('Website');
  await expect(
    page.getByRole('form', { name: /time log$/ }).getByLabel('Task', { exact: true }),
  ).toContainText('Design');
  // Text that matches nothing, then Tab: the field shows what is still selected.
  await field.fill('zzz');
  await expect(field).toHaveValue('zzz');
  await expect(page.getByText('No project matches.')).toBeVisible();
  await field.press('Tab');
  await expect(field).toHaveValue('Website');
  await field.fill('zzz');
  await field.press('Escape');
  await expect(field).toHaveValue('Website');
});

test('a half-filled add form comes back after a reload, and is gone once closed', async ({
  page,
}) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '45m', 'Half-written notes');
  await page.reload();
  const form = page.getByRole('form', { name: 'Add time log' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Tags', { exact: true })).toHaveValue('design, client');
  await expect(form.getByLabel('Duration')).toHaveValue('45m');
  await expect(form.getByLabel('Task', { exact: true })).toHaveValue('t1');
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveText('Half-written notes');
  await form.getByRole('button', { name: 'Add & Close' }).click();
  await expect(dayLogs(page).filter({ hasText: 'Half-written notes' })).toContainText('0:45:00');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Add time log' })).toBeHidden();
});

test('removing a log can be undone from the toast', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '1:00', 'Keep me');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await page.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText('Keep me')).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Keep me')).toBeVisible();
});

test('rows name the member and the hours; Copy adds the same work again, and can be undone', async ({
  page,
}) => {
  // Website now needs approval, as if changed on another device.
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string }[];
  };
  const pushed = await page.request.post('/sync/push', {
    data: {
      workspaceId: workspaces[0]?.id,
      // A client id is one browser's: each test's account gets its own.
      clientId: `track-spec-${randomUUID().replaceAll('-', '')}`,
      mutations: [
        { id: 1, name: 'updateProject', args: { id: 'p1', changes: { approval: true } } },
      ],
    },
  });
  expect(pushed.status()).toBe(200);
  await pushRecords(page, {
    taskData: [
      {
        id: 'r1',
        date: '2026-03-10',
        client: 'Acme Ltd / Website',
        projectId: 'p1',
        task: 'Design',
        taskId: 't1',
        tags: 'design',
        desc: '<p>Logo sketches</p>',
        dur: 5400,
        st: '09:00',
        end: '10:30',
        exp: 0,
        memberId: 'm1',
        status: 'approved',
      },
    ],
  });
  await openTrack(page);
  await expect(dayLogs(page)).toHaveCount(1);
  await expect(dayLogs(page)).toContainText('Asha · from 09:00–10:30');
  await page.getByRole('button', { name: 'Copy Acme Ltd / Website' }).click();
  await expect(dayLogs(page)).toHaveCount(2);
  // The project needs approval, so the copy waits for it; the original was approved.
  await expect(dayLogs(page).filter({ hasText: 'Pending approval' })).toHaveCount(1);
  await expect(dayLogs(page).filter({ hasText: 'Pending approval' })).toContainText('1:30:00');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(dayLogs(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Copy Acme Ltd / Website' }).click();
  await page.goto('/allHours');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // 1.5 h at Website's ₹1,000 = ₹1,500.00 each.
  for (const row of await rows.all()) {
    await expect(row).toContainText('Asha · from 09:00–10:30');
    await expect(row).toContainText('₹1,500.00');
  }
  await expect(rows.filter({ hasText: 'Pending approval' })).toHaveCount(1);
});

test('the stopwatch is right after a reload and saves the elapsed time on Stop', async ({
  page,
}) => {
  // The page's clock says it is noon on the 10th, so the run is on the day the screen shows.
  const noon = new Date('2026-03-10T12:00:00');
  await page.clock.install({ time: noon });
  const startedAt = noon.getTime() - (1 * 3600 + 2 * 60 + 3) * 1000;
  // Started on another device: the server holds the account's stopwatch.
  await pushRecords(page, {
    runningTimer: { status: 'running', startedAt, day: '2026-03-10', continueLogId: null },
  });
  await openTrack(page);
  await expect(page.getByRole('timer', { name: 'Stopwatch' })).toHaveText(/^1:02:0\d$/);
  await expect(page).toHaveTitle(/^1:02:0\d · Track/);
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Stopwatch' })).toHaveText(/^1:02:\d\d$/);
  await expect(page.getByRole('button', { name: 'Start New' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('timer', { name: 'Stopwatch' })).toHaveText('0:00:00');
  await expect(dayLogs(page)).toContainText(/1:02:\d\d/);
  await expect(dayLogs(page)).toContainText('Add a Project,task or tag');
});

test('what the stopwatch is for is chosen before Start or while it runs, and its log carries it', async ({
  page,
}) => {
  await page.clock.install({ time: new Date('2026-03-10T12:00:00') });
  await openTrack(page);
  const bar = page.getByRole('group', { name: 'Stopwatch and what it is for' });
  await bar.getByLabel('What are you working on?').fill('Client workshop');
  await bar.getByLabel('Project', { exact: true }).selectOption({ label: 'Website' });
  await bar.getByLabel('Task', { exact: true }).selectOption({ label: 'Design' });
  await bar.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('30:00');
  // While it runs: the tags, kept across a reload (the run is shared by tabs and devices).
  await bar.getByLabel('Tags', { exact: true }).fill('workshop, onsite');
  await bar.getByLabel('Tags', { exact: true }).blur();
  await page.reload();
  await expect(bar.getByLabel('What are you working on?')).toHaveValue('Client workshop');
  await expect(bar.getByLabel('Tags', { exact: true })).toHaveValue('workshop, onsite');
  await expect(bar.getByLabel('Task', { exact: true })).toHaveValue('t1');
  await bar.getByRole('button', { name: 'Stop' }).click();
  await expect(bar.getByLabel('What are you working on?')).toHaveValue('');
  const saved = dayLogs(page).filter({ hasText: 'Client workshop' });
  await expect(saved).toContainText('Acme Ltd / Website · Design');
  await expect(saved).toContainText('Tags: workshop, onsite');
  await expect(saved).toContainText(/0:30:\d\d/);
  // 30 min at Website's ₹1,000 an hour.
  await expect(saved).toContainText(/₹500\.\d\d/);
});

test('a log added in one tab appears in the other without reload', async ({ page, context }) => {
  // Two tabs filling two forms, each with Quill: give it the longer timeout on a busy machine.
  test.slow();
  await openTrack(page);
  const other = await context.newPage();
  await other.goto('/login/?day=2026-03-10');
  await expect(other.getByRole('heading', { level: 1, name: /10 Mar/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:30', 'Seen elsewhere');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await expect(other.getByText('Seen elsewhere')).toBeVisible();

  // Both tabs add a log at the same moment: neither is lost, in either tab or after a reload.
  for (const [tab, text] of [
    [page, 'From tab one'],
    [other, 'From tab two'],
  ] as const) {
    await tab.getByRole('button', { name: 'Add time log' }).click();
    await fillLog(tab, '0:10', text);
  }
  await Promise.all([
    page.getByRole('button', { name: 'Add & Close' }).click(),
    other.getByRole('button', { name: 'Add & Close' }).click(),
  ]);
  for (const tab of [page, other]) {
    await expect(dayLogs(tab)).toHaveCount(3);
    await tab.reload();
    await expect(dayLogs(tab)).toHaveCount(3);
  }
});

test('two tabs editing one log keep both edits, and a clash is shown instead of overwritten', async ({
  page,
  context,
}) => {
  test.slow();
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:45', 'Shared log');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  const other = await context.newPage();
  await other.goto('/login/?day=2026-03-10');
  await expect(dayLogs(other).filter({ hasText: 'Shared log' })).toBeVisible();
  const openDialog = async (tab: Page) => {
    await tab.getByRole('button', { name: /^Edit/ }).click();
    const dialog = tab.getByRole('dialog', { name: 'Edit time log' });
    await expect(dialog.getByLabel('Duration')).toBeVisible();
    return dialog;
  };

  // Both tabs open the same log. Tab one changes the duration; tab two, still showing the old
  // duration, changes only the tags. Both edits survive.
  const first = await openDialog(page);
  const second = await openDialog(other);
  await first.getByLabel('Duration').fill('2h');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first).toBeHidden();
  await expect(second.getByLabel('Duration')).toHaveValue('0:45:00');
  await second.getByLabel('Tags', { exact: true }).fill('design, review');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second).toBeHidden();
  for (const tab of [page, other]) {
    await tab.reload();
    await expect(dayLogs(tab)).toContainText('2:00:00');
    await expect(dayLogs(tab)).toContainText('Tags: design, review');
  }

  // Both change the duration: the later save says so and offers the current values.
  const third = await openDialog(page);
  const fourth = await openDialog(other);
  await third.getByLabel('Duration').fill('1h');
  await third.getByRole('button', { name: 'Save' }).click();
  await expect(third).toBeHidden();
  await fourth.getByLabel('Duration').fill('3h');
  await fourth.getByRole('button', { name: 'Save' }).click();
  await expect(fourth.getByRole('alert')).toContainText(
    'This log was changed in another tab since you opened it (Duration)',
  );
  await expect(dayLogs(other)).toContainText('1:00:00');
  await fourth.getByRole('button', { name: 'Reload current values' }).click();
  await expect(fourth.getByLabel('Duration')).toHaveValue('1:00:00');
  await expect(fourth.getByRole('alert')).toBeHidden();
  await fourth.getByRole('button', { name: 'Cancel' }).click();

  // Or the person replaces the other tab's value on purpose.
  const fifth = await openDialog(page);
  const sixth = await openDialog(other);
  await fifth.getByLabel('Tags', { exact: true }).fill('from tab one');
  await fifth.getByRole('button', { name: 'Save' }).click();
  await expect(fifth).toBeHidden();
  await sixth.getByLabel('Tags', { exact: true }).fill('from tab two');
  await sixth.getByRole('button', { name: 'Save' }).click();
  await expect(sixth.getByRole('alert')).toContainText('(Tags)');
  await sixth.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(sixth).toBeHidden();
  for (const tab of [page, other]) {
    await expect(dayLogs(tab)).toContainText('Tags: from tab two');
    await expect(dayLogs(tab)).toContainText('1:00:00');
  }
});

test('with storage full, a new log stays in the tab, is reported, and leaving asks first', async ({
  page,
}) => {
  await fillStorage(page, ['taskData']);
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:30', 'Held in memory');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  const form = page.getByRole('form', { name: 'Add time log' });
  await expect(form.getByRole('alert')).toContainText(
    /Your browser storage is full.*Export your data now/,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'storage is full' })).toHaveCount(2);
  await expect(dayLogs(page).filter({ hasText: 'Held in memory' })).toBeVisible();

  // Going to All hours from the sidebar loads another page: the browser asks first.
  const dialogs = answerDialogs(page, 'dismiss');
  const nav = page.getByRole('navigation', { name: 'App' });
  await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.getByRole('link', { name: 'All hours' }).click();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/login\//);
  await expect(dayLogs(page).filter({ hasText: 'Held in memory' })).toBeVisible();

  // With room again, the next log stores both, and leaving no longer asks.
  await freeStorage(page);
  await fillLog(page, '0:15', 'Stored at last');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'storage is full' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'All hours' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All hours' })).toBeVisible();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(page.getByText('Held in memory')).toBeVisible();
  await expect(page.getByText('Stored at last')).toBeVisible();
});

test('keyboard shortcuts open the form and start the stopwatch', async ({ page }) => {
  await openTrack(page);
  await page.keyboard.press('n');
  await expect(page.getByRole('form', { name: 'Add time log' })).toBeVisible();
  await expect(page.getByLabel('Client & project')).toBeFocused();
  // Typing in a field never triggers a shortcut.
  await page.keyboard.press('s');
  await expect(page.getByLabel('Client & project')).toHaveValue('s');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Add time log' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add time log' })).toBeFocused();
  await page.keyboard.press('s');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.keyboard.press('s');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
});

test('Track and All hours have no axe violations', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/allHours');
  await expect(page.getByRole('heading', { level: 1, name: 'All hours' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('/ jumps to the search field on All hours', async ({ page }) => {
  await page.goto('/allHours');
  await expect(page.getByRole('heading', { level: 1, name: 'All hours' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox')).toBeFocused();
});

test('a log’s play button starts a new log like it, and starting another stops the first', async ({
  page,
}) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:30', 'Continued work');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  const continueButton = page.getByRole('button', { name: /^Continue/ });
  // Runs are saved on the day they ran: the page's clock says the 10th, the day shown.
  await page.clock.install({ time: new Date('2026-03-10T15:00:00') });
  await continueButton.click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.clock.fastForward('10:00');
  await expect(page.getByRole('timer', { name: 'Stopwatch' })).toHaveText(/^0:10:0\d$/);
  await page.getByRole('button', { name: 'Stop' }).click();
  // The old log keeps its 30 minutes; the ten new ones are a log of their own, with its words.
  await expect(dayLogs(page)).toHaveCount(2);
  await expect(dayLogs(page).filter({ hasText: /0:30:00/ })).toHaveCount(1);
  await expect(dayLogs(page).filter({ hasText: /0:10:0\d/ })).toContainText('Continued work');

  // Start, then continue a log: the first run is saved as its own log, only one runs.
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.clock.fastForward('05:00');
  await continueButton.first().click();
  await expect(dayLogs(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(1);
});

test('a stopwatch run is saved on the day it ran, not the day shown at Start', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-10T09:00:00') });
  await openTrack(page);
  await page.getByRole('button', { name: /Previous day/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /9 Mar/ })).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /10 Mar/ })).toBeVisible();
  await page.clock.fastForward('30:00');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(dayLogs(page)).toHaveCount(1);
  await expect(dayLogs(page)).toContainText(/0:30:0\d/);
  await page.getByRole('button', { name: /Previous day/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /9 Mar/ })).toBeVisible();
  await expect(dayLogs(page)).toHaveCount(0);
});

test('previous, next, today and the date input choose the day shown', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: /Next day/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /11 Mar/ })).toBeVisible();
  await expect(page).toHaveURL(/day=2026-03-11/);
  await page.getByRole('button', { name: /Previous day/ }).click();
  await page.getByRole('button', { name: /Previous day/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /9 Mar/ })).toBeVisible();
  await page.getByLabel('Date').fill('2026-02-28');
  await expect(page.getByRole('heading', { level: 1, name: /28 Feb/ })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  const today = new Date();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(String(today.getDate()));
});

test('descriptions keep bold and headings but never run stored script', async ({ page }) => {
  // Stored by another device: the server keeps text as sent, and every screen sanitises it.
  await pushRecords(page, {
    taskData: [
      {
        id: 'x1',
        date: '2026-03-10',
        client: 'Acme Ltd / Website',
        projectId: 'p1',
        task: 'Design',
        tags: 'ui',
        desc: '<h2>Plan</h2><p><strong>Bold</strong> <img src=x onerror="window.__xss=1"></p><script>window.__xss=2</script>',
        dur: 60,
        st: '',
        end: '',
        exp: 0,
      },
    ],
  });
  await openTrack(page);
  const item = dayLogs(page).first();
  await expect(item.getByRole('heading', { level: 2, name: 'Plan' })).toBeVisible();
  await expect(item.locator('strong')).toHaveText('Bold');
  await expect(item.getByRole('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});

test('Add & next saves and keeps an empty form open for the next log', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:15', 'Morning standup');
  await page.getByRole('button', { name: 'Add & next' }).click();
  await expect(dayLogs(page).filter({ hasText: 'Morning standup' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Add time log' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: /time log$/ }).getByLabel('Tags', { exact: true }),
  ).toHaveValue('');
  await expect(page.getByLabel('Duration')).toHaveValue('');
});

test('the undo toast closes after 5 s, but not while the pointer rests on it', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '1:00', 'Short lived');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await page.clock.install();
  await page.getByRole('button', { name: /^Remove/ }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Time log removed' });
  await expect(toast).toBeVisible();
  await toast.hover();
  await page.clock.fastForward('00:08');
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.fastForward('00:04');
  await expect(toast).toBeVisible();
  await page.clock.fastForward('00:02');
  await expect(toast).toBeHidden();

  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '1:00', 'Second');
  await page.getByRole('button', { name: 'Add & Close' }).click();
  await page.getByRole('button', { name: /^Remove/ }).click();
  await expect(toast).toBeVisible();
  await page.clock.fastForward('00:06');
  await expect(toast).toBeHidden();
});

test('the shortcuts popover lists n, s and /', async ({ page }) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const popover = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(popover).toContainText('New time log');
  await expect(popover).toContainText(/Start.*stop/i);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();
});

test('typing a description offers earlier ones, and choosing one fills project, task and tags (issue 29)', async ({
  page,
}) => {
  await openTrack(page);
  await page.getByRole('button', { name: 'Add time log' }).click();
  await fillLog(page, '0:30', 'Client workshop');
  await page.getByRole('button', { name: 'Add & Close' }).click();

  await page.getByRole('button', { name: 'Add time log' }).click();
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('works');
  const list = page.getByRole('listbox', { name: 'Earlier descriptions' });
  await expect(list.getByRole('option')).toHaveText([
    'Client workshopAcme Ltd / Website · Design · design, client',
  ]);
  await expect(description).toHaveAttribute('aria-autocomplete', 'list');
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(description).toHaveText('Client workshop');
  await expect(page.getByLabel('Client & project')).toHaveValue('Website');
  await expect(
    page
      .getByRole('form', { name: /time log$/ })
      .getByLabel('Task', { exact: true })
      .locator('option:checked'),
  ).toHaveText('Design');
  await expect(
    page.getByRole('form', { name: /time log$/ }).getByLabel('Tags', { exact: true }),
  ).toHaveValue('design, client');

  // Escape closes only the list; the form stays open.
  await page.keyboard.type(' again');
  await expect(list).toBeHidden();
  await description.press('Control+a');
  await page.keyboard.type('client');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(description).toBeVisible();
});
