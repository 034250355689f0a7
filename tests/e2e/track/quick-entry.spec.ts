import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { agency } from './fixtures';

// Issue 29: only what is needed is required, billable per log, and quick-entry questions.
// Website bills ₹1,000/h by project without rounding: 1:30 is ₹1,500.00.

const dayLogs = (page: Page) =>
  page.getByRole('list', { name: 'Time logs of the day' }).getByRole('listitem');

async function openAddForm(page: Page) {
  await page.goto('/login/?day=2026-03-10');
  await expect(page.getByRole('heading', { level: 1, name: /10 Mar/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add time log' }).click();
  return page.getByRole('form', { name: 'Add time log' });
}

test.beforeEach(async ({ page }) => {
  await seedStorage(page, agency);
  await signIn(page);
});

test('a log needs only a duration; Billable follows the project until unticked', async ({
  page,
}) => {
  const form = await openAddForm(page);
  await form.getByLabel('Duration').fill('45m');
  await form.getByRole('button', { name: 'Add & next' }).click();
  await expect(dayLogs(page)).toHaveCount(1);
  await expect(dayLogs(page).first()).toContainText('0:45:00');

  // The only project that matches is picked with Enter.
  await form.getByLabel('Client & project').fill('web');
  await form.getByLabel('Client & project').press('Enter');
  await expect(form.getByLabel('Client & project')).toHaveValue('Website');
  await expect(dayLogs(page)).toHaveCount(1);
  const billable = form.getByRole('checkbox', { name: 'Billable' });
  await expect(billable).toBeChecked();
  await form.getByLabel('Duration').fill('1:30');
  await expect(form.getByRole('region', { name: 'Economy' })).toContainText('₹1,500.00');
  await billable.uncheck();
  await expect(form.getByRole('region', { name: 'Economy' })).toContainText(
    'Billable amount: ₹0.00',
  );
  await expect(form.getByText('This log is not billable.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Add & Close' }).click();
  const courtesy = dayLogs(page).filter({ hasText: 'Website' });
  await expect(courtesy).toContainText('Non-billable');
  await expect(courtesy).toContainText('₹0.00');
  await page.reload();
  await expect(dayLogs(page).filter({ hasText: 'Website' })).toContainText('Non-billable');
});

test('the duration asks about "2h 3", and a year like 0005 is refused beside the date', async ({
  page,
}) => {
  const form = await openAddForm(page);
  await form.getByLabel('Duration').fill('2h 3');
  await expect(form.getByText('= 2:03')).toBeVisible();
  await expect(form.getByText('Did you mean 2:30?')).toBeVisible();
  await form.getByRole('button', { name: 'Use 2:30' }).click();
  await expect(form.getByLabel('Duration')).toHaveValue('2:30');
  // The description's toolbar is one Tab stop: Tab from it reaches the text.
  await page.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeFocused();
  await form.getByLabel('Date').fill('0005-11-04');
  await form.getByRole('button', { name: 'Add & Close' }).click();
  await expect(form.getByLabel('Date')).toHaveAccessibleDescription(
    'Enter a year from 2000 to 2099',
  );
  await expect(dayLogs(page)).toHaveCount(0);
});

test('an Admin can require a project and a task, and the log form then asks for both', async ({
  page,
}) => {
  await page.goto('/accountSetting');
  await page.getByLabel(/^Require project and task/).check();
  await page.getByRole('button', { name: 'Save workspace settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Workspace settings saved.' }),
  ).toBeVisible();
  // The rules reach the device with its next pull, which the save's poke starts.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('hm.access') ?? ''))
    .toContain('"requireProjectAndTask":true');
  const form = await openAddForm(page);
  await form.getByLabel('Duration').fill('1h');
  await form.getByRole('button', { name: 'Add & Close' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'please fill Time Log section: Client & Project, Task',
  );
  await expect(dayLogs(page)).toHaveCount(0);
  // The stopwatch asks too, before Stop saves a run the server would refuse.
  const stopwatch = page.getByRole('group', { name: 'Stopwatch and what it is for' });
  await stopwatch.getByRole('button', { name: 'Start', exact: true }).click();
  // The `s` shortcut asks the same as the Stop button, and the run goes on.
  await page.locator('body').press('s');
  await expect(stopwatch.getByRole('alert')).toHaveText(
    'This workspace requires a project and a task on every log: choose both.',
  );
  await expect(stopwatch.getByRole('button', { name: 'Stop' })).toBeVisible();
  await stopwatch.getByRole('button', { name: 'Stop' }).click();
  await expect(stopwatch.getByRole('alert')).toHaveText(
    'This workspace requires a project and a task on every log: choose both.',
  );
  await expect(stopwatch.getByRole('button', { name: 'Stop' })).toBeVisible();
});

test('a project needs no client: Client is optional on Add Project', async ({ page }) => {
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const add = page.getByRole('form', { name: 'Add Project' });
  await add.getByLabel('Project name').fill('Internal Ops');
  await expect(add.getByLabel('Client')).toHaveAccessibleDescription(
    'Optional: leave it empty for an internal project',
  );
  await add.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('row', { name: /Internal Ops/ })).toBeVisible();
});
