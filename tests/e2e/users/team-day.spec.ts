import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { fromOwnAddress } from '../support/addresses';
import { seedStorage, signIn } from '../support/session';
import { allSaved } from '../support/sync';
import { invite, join, workspaceOf } from '../support/team';

// Issue 47, points 8 and 10: a Manager's Track is their own day, and an invitation keeps every
// link on screen, starts the join form with the name the Admin typed and puts the new member on
// the projects ticked for them.

const client = {
  id: 'c1',
  name: 'Acme Ltd',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  status: 'Active',
};
const project = (id: string, projectName: string, memberIds: string[]) => ({
  id,
  projectName,
  client: 'Acme Ltd',
  clientId: 'c1',
  hours: 0,
  billamount: 0,
  task: [],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval: false,
  status: 'Active',
  memberIds,
});
const member = (id: string, name: string, email: string, Role: string) => ({
  id,
  name,
  email,
  LoborRate: 0,
  BillableRate: 0,
  Role,
  status: 'Active',
});
const log = (id: string, dur: number) => ({
  id,
  date: '2026-11-20',
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: '',
  taskId: null,
  tags: '',
  desc: `<p>Mei's work ${id}</p>`,
  dur,
  st: '',
  end: '',
  exp: 0,
  memberId: 'm-mei',
  status: 'approved',
});

test('a Manager who tracked nothing sees an empty day on Track, and the team’s logs on All hours', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = randomUUID().slice(0, 8);
  const ravi = { name: 'Ravi Manager', email: `ravi.${id}@example.com` };
  await signIn(page);
  await seedStorage(page, {
    clients: [client],
    project: [project('p1', 'Website', ['m-ravi', 'm-mei'])],
    Team: [
      member('m-ravi', ravi.name, ravi.email, 'Manager'),
      member('m-mei', 'Mei Chen', `mei.${id}@example.com`, 'Normal'),
    ],
    // Mei's day: 3:00 + 2:35 = 5:35.
    taskData: [log('l-1', 3 * 3600), log('l-2', 2 * 3600 + 35 * 60)],
  });
  await page.goto('/projects');
  const workspaceId = await workspaceOf(page);
  const manager = await join(browser, await invite(page, workspaceId, 'm-ravi'), ravi);

  await manager.goto('/allHours');
  await allSaved(manager);
  // The team's time is where a Manager reviews it.
  await expect(manager.getByText("Mei's work l-1")).toBeVisible();
  await manager.goto('/login/?day=2026-11-20');
  await allSaved(manager);
  await expect(
    manager.getByText('No time logs on this day yet. Press Start or Add time log.'),
  ).toBeVisible();
  await expect(manager.getByText('Total for the day:')).toContainText('0:00');
  await expect(manager.getByText("Mei's work l-1")).toHaveCount(0);
  await expect(manager.getByText('5:35')).toHaveCount(0);
});

test('two invitations keep both links; the join form starts with the name, and Track offers the ticked project', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = randomUUID().slice(0, 8);
  const nia = { name: 'Nia Rao', email: `nia.${id}@example.com` };
  const omar = { name: 'Omar Ali', email: `omar.${id}@example.com` };
  await signIn(page);
  await seedStorage(page, {
    clients: [client],
    project: [project('p1', 'Website', []), project('p2', 'Rebrand', [])],
  });
  await page.goto('/projects');
  await allSaved(page);

  await page.goto('/users/new');
  await page.getByLabel('Name').fill(nia.name);
  await page.getByLabel('Email').fill(nia.email);
  const projects = page.getByRole('group', { name: 'Projects' });
  await expect(projects.getByRole('checkbox')).toHaveCount(2);
  await projects.getByLabel('Acme Ltd / Website').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Invite' }).click();
  const niaLink = page.getByRole('region', { name: 'Invitation for Nia Rao' });
  await expect(niaLink).toBeVisible();
  const link = await niaLink.getByLabel('Invitation link').inputValue();

  await page.goto('/users/new');
  await page.getByLabel('Name').fill(omar.name);
  await page.getByLabel('Email').fill(omar.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('region', { name: 'Invitation for Omar Ali' })).toBeVisible();
  // The first person's link is still there, unchanged.
  await expect(niaLink.getByLabel('Invitation link')).toHaveValue(link);
  await expectNoAxeViolations(page);
  await allSaved(page);

  const invitee = await browser.newContext({ extraHTTPHeaders: fromOwnAddress() });
  const joining = await invitee.newPage();
  await joining.goto(`/invite${new URL(link).hash}`);
  await expect(joining.getByLabel('Full Name')).toHaveValue(nia.name);
  await joining.getByLabel('Password').fill('a good password');
  await joining.getByRole('button', { name: 'Create account and join' }).click();
  // Signed in, on Track of the workspace she joined: no second sign-in form.
  await expect(joining).toHaveURL(/\/login/);
  await expect(joining.getByRole('button', { name: 'Add time log' })).toBeVisible();
  await allSaved(joining);
  await joining.getByRole('button', { name: 'Add time log' }).click();
  await joining.getByLabel('Client & project').click();
  const options = joining.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['Website']);
  await invitee.close();

  // Once she joined, her link leaves the Admin's screen; Omar's stays.
  await page.reload();
  await expect(page.getByRole('row', { name: /Nia Rao/ })).toContainText('Signed in');
  await expect(page.getByRole('region', { name: 'Invitation for Nia Rao' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Invitation for Omar Ali' })).toBeVisible();
});
