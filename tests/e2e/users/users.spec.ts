import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { allSaved } from '../support/sync';
import { toDay } from '../../../src/lib/day';
import { newAccount, pushRecords, seedStorage, signIn } from '../support/session';

/** Three members as the app stores them under `Team`, in a saved order that is not by name. */
const team = {
  Team: [
    {
      id: 'm1',
      name: 'Ravi',
      email: 'ravi@agency.test',
      LoborRate: 500,
      BillableRate: 1200,
      Role: 'Manager',
      roleValue: 2,
      status: 'Active',
    },
    {
      id: 'm2',
      name: 'Asha',
      email: 'asha@agency.test',
      LoborRate: 400,
      BillableRate: 900,
      Role: 'Normal',
      roleValue: 1,
      notes: '<p>Prefers morning calls</p>',
      autoAddToProjects: true,
      status: 'Active',
    },
    {
      id: 'm3',
      name: 'Chitra',
      email: 'chitra@agency.test',
      LoborRate: 0,
      BillableRate: 0,
      Role: 'Admin',
      roleValue: 3,
      status: 'Active',
    },
  ],
};

/** The signed-in account's own team-member record, made with its workspace. */
const OWNER = 'Zara Owner';

const rows = (page: Page) =>
  page.getByRole('table', { name: /Team members/ }).getByRole('rowheader');
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

async function openList(page: Page, query = '') {
  await page.goto(`/users${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Members' })).toBeVisible();
  // The seeded records are uploaded and pulled back first; a row menu opened while that pull
  // replaces the cache can close under the click (twice a 30 s timeout on a loaded machine).
  // "All changes saved" can show before the first pull ends: its sign is the account's own
  // member, which only the server has.
  await allSaved(page);
  await expect(page.getByRole('rowheader', { name: OWNER })).toBeVisible();
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function chooseStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status }).click();
}

test.beforeEach(async ({ page }) => {
  await seedStorage(page, team);
  // The account is a member of its own workspace, so the list starts with it.
  await signIn(page, { ...newAccount(), name: OWNER });
});

test('inviting a member validates beside the fields, saves, confirms and lists the row', async ({
  page,
}) => {
  await openList(page);
  await page.getByRole('link', { name: '+ New Team member' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New team member' })).toBeVisible();
  await expect(
    page.getByText(
      'Adding an active team member adds one seat to your Pro subscription; archived members are not charged.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Normal' })).toBeChecked();

  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter the name');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter an email address');
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Meera Nair');
  await page.getByLabel('Email').fill('meera@');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Enter a valid email address, like name@example.com',
  );
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');

  // Emails are unique, in any case.
  await page.getByLabel('Email').fill('ASHA@agency.test');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Another team member already uses this email',
  );

  // A wrong rate in a closed section opens it, so the error is seen.
  await page.getByLabel('Email').fill('meera@agency.test');
  await page.getByText('Labor Rate', { exact: true }).click();
  await page.getByLabel('Labor rate (₹ per hour)').fill('-5');
  await page.getByText('Labor Rate', { exact: true }).click();
  await expect(page.getByLabel('Labor rate (₹ per hour)')).toBeHidden();
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel('Labor rate (₹ per hour)')).toBeVisible();
  await expect(page.getByLabel('Labor rate (₹ per hour)')).toBeFocused();
  await expect(page.getByText('Enter an amount of 0 or more')).toBeVisible();

  await page.getByLabel('Labor rate (₹ per hour)').fill('1250');
  await page.getByText('Billable Rate', { exact: true }).click();
  await page.getByLabel('Billable rate (₹ per hour)').fill('123456.5');
  await page.getByRole('textbox', { name: 'Notes' }).fill('Joins in April');
  await page.getByRole('radio', { name: 'Manager' }).check();
  await expect(page.getByRole('checkbox', { name: 'Approval is not required' })).toBeChecked();
  await page
    .getByRole('checkbox', { name: 'Automatically add this team member to all new projects' })
    .check();
  await page.getByRole('button', { name: 'Invite' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'New team member added' })).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  const added = row(page, 'Meera Nair');
  await expect(added).toContainText('meera@agency.test');
  await expect(added).toContainText('₹1,250.00');
  await expect(added).toContainText('₹1,23,456.50');
  await expect(added).toContainText('Manager');
  await expect(added).toContainText('Active');

  // The confirmation is shown once, not on every later visit.
  await page.reload();
  await expect(row(page, 'Meera Nair')).toBeVisible();
  await expect(page.getByText('New team member added')).toBeHidden();

  await rowAction(page, 'Meera Nair', 'Edit');
  await expect(page.getByRole('radio', { name: 'Manager' })).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'Automatically add this team member to all new projects' }),
  ).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveText('Joins in April');
});

test('Cancel returns to the list without saving', async ({ page }) => {
  await page.goto('/users/new');
  await page.getByLabel('Name').fill('Never saved');
  await page.getByLabel('Email').fill('never@agency.test');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Asha', 'Chitra']);
});

test('Edit opens the form prefilled with every value and saves changes', async ({ page }) => {
  await openList(page);
  await rowAction(page, 'Asha', 'Edit');
  await expect(page).toHaveURL(/\/users\/m2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Asha' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Asha');
  await expect(page.getByLabel('Email')).toHaveValue('asha@agency.test');
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveText('Prefers morning calls');
  await expect(page.getByRole('radio', { name: 'Normal' })).toBeChecked();
  await expect(page.getByLabel('Labor rate (₹ per hour)')).toHaveValue('400');
  await expect(page.getByLabel('Billable rate (₹ per hour)')).toHaveValue('900');
  await expect(
    page.getByRole('checkbox', { name: 'Automatically add this team member to all new projects' }),
  ).toBeChecked();

  // Keeping her own email is not a clash.
  await page.getByLabel('Billable rate (₹ per hour)').fill('1000');
  await page.getByRole('radio', { name: 'Admin' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(row(page, 'Asha')).toContainText('₹1,000.00');
  await expect(row(page, 'Asha')).toContainText('₹400.00');
  await expect(row(page, 'Asha')).toContainText('Admin');
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Asha', 'Chitra']);
});

test('archive hides a member under Active; Status All shows it; Restore brings it back', async ({
  page,
}) => {
  await openList(page);
  await rowAction(page, 'Asha', 'Archive');
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Chitra']);

  await chooseStatus(page, 'All');
  await expect(page).toHaveURL(/status=All/);
  await expect(row(page, 'Asha')).toContainText('Archived');
  await page.reload();
  await expect(row(page, 'Asha')).toContainText('Archived');

  await chooseStatus(page, 'Archived');
  await expect(rows(page)).toHaveText(['Asha']);
  await rowAction(page, 'Asha', 'Restore');
  await expect(page.getByText('No team members found.')).toBeVisible();
  await chooseStatus(page, 'Active');
  await expect(row(page, 'Asha')).toContainText('Active');
});

test('search filters by name as you type and says when nothing matches', async ({ page }) => {
  await openList(page);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toBeFocused();
  await page.keyboard.type('ash');
  await expect(rows(page)).toHaveText(['Asha']);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('zzz');
  await expect(page.getByText('No team members found.')).toBeVisible();
});

test('sorting by name is kept in the URL and saved as the stored order', async ({ page }) => {
  await openList(page);
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Asha', 'Chitra']);
  const sortButton = page.getByRole('columnheader', { name: /Name/ }).getByRole('button');
  await sortButton.click();
  await expect(rows(page)).toHaveText(['Asha', 'Chitra', 'Ravi', OWNER]);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await sortButton.click();
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Chitra', 'Asha']);
  await expect(page).toHaveURL(/sort=name&dir=desc/);

  await page.reload();
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Chitra', 'Asha']);
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // Without the query, the list shows the saved order, which is the last sort.
  await sortButton.click();
  await openList(page);
  await expect(rows(page)).toHaveText(['Asha', 'Chitra', 'Ravi', OWNER]);
  const stored = await page.evaluate(() =>
    (JSON.parse(localStorage.getItem('Team') ?? '[]') as { name: string }[]).map((m) => m.name),
  );
  expect(stored).toEqual(['Asha', 'Chitra', 'Ravi', OWNER]);
});

test('Delete asks first and can be undone', async ({ page }) => {
  await openList(page);
  await rowAction(page, 'Chitra', 'Delete');
  const dialog = page.getByRole('alertdialog', { name: 'Delete Chitra?' });
  await expect(dialog).toContainText('They have no time logs.');
  await dialog.getByRole('button', { name: 'Delete team member' }).click();
  await expect(row(page, 'Chitra')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted Chitra' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveText([OWNER, 'Ravi', 'Asha', 'Chitra']);
});

test('View Activity opens that member’s activity', async ({ page }) => {
  await openList(page);
  await row(page, 'Asha')
    .getByRole('link', { name: /View Activity/ })
    .click();
  await expect(page).toHaveURL(/\/reports\/activity\?member=m2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByLabel('Team member')).toHaveValue('m2');
  // Asha has done nothing yet, and nothing was done to her logs (Activity reads the server's
  // change history).
  await expect(page.getByText('Nothing has happened here yet.')).toBeVisible();
});

test('an unknown id shows "Team member not found" with a way back', async ({ page }) => {
  await page.goto('/users/no-such-member');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Team member not found' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to team members' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(rows(page)).toHaveCount(4);
});

test('the list and the form have no axe violations', async ({ page }) => {
  await openList(page, '?status=All');
  await expect(rows(page)).toHaveCount(4);
  await expectNoAxeViolations(page);

  await page.goto('/users/new');
  await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible();
  await page.getByText('Labor Rate', { exact: true }).click();
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.goto('/users/m2');
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveText('Prefers morning calls');
  await expectNoAxeViolations(page);
});

test('a rate change asks whether it applies from today or to all time, and old logs follow the choice', async ({
  page,
}) => {
  const today = toDay(new Date());
  const log = (id: string, date: string) => ({
    id,
    date,
    client: 'Acme / Retainer',
    projectId: 'pr',
    task: '',
    taskId: null,
    tags: '',
    desc: '<p>Work</p>',
    dur: 3600,
    st: '',
    end: '',
    exp: 0,
    memberId: 'm2',
    status: 'approved',
  });
  await pushRecords(page, {
    project: [
      {
        id: 'pr',
        projectName: 'Retainer',
        client: '',
        clientId: null,
        hours: 0,
        billamount: 0,
        task: [],
        description: '',
        billable: 'member',
        rounding: 'false',
        timeInterval: 15,
        approval: false,
        status: 'Active',
      },
    ],
    taskData: [log('old', '2026-03-10'), log('new', today)],
  });
  const amounts = async () => {
    await page.goto('/allHours?member=m2');
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    return items.allInnerTexts();
  };
  expect((await amounts()).join('|')).toMatch(/₹900\.00.*\|.*₹900\.00/s);

  await page.goto('/users/m2');
  await expect(page.getByRole('group', { name: 'Apply the new rates' })).toHaveCount(0);
  await page.getByLabel('Billable rate (₹ per hour)').fill('1100');
  const choice = page.getByRole('group', { name: 'Apply the new rates' });
  await expect(choice.getByRole('radio', { name: /^From today/ })).toBeChecked();
  await expect(choice).toContainText('Logs before today keep ₹400.00 labour and ₹900.00 billable.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  // Today's log at ₹1,100; the March log keeps ₹900.
  const [newest, oldest] = await amounts();
  expect(newest).toContain('₹1,100.00');
  expect(oldest).toContain('₹900.00');

  await page.goto('/users/m2');
  await expect(page.getByText(/Until .*: ₹400\.00 labour, ₹900\.00 billable/)).toBeVisible();
  await page.getByLabel('Billable rate (₹ per hour)').fill('1200');
  await page.getByRole('radio', { name: 'To all time not yet invoiced' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  // Once the server has the change, both logs bill ₹1,200.
  await expect(async () => {
    const texts = await amounts();
    expect(texts.every((t) => t.includes('₹1,200.00'))).toBe(true);
  }).toPass({ timeout: 20_000 });
});
