import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';
import { allSaved } from '../support/sync';
import { invite, join, workspaceOf } from '../support/team';

// One workspace, three people: what each screen offers follows the role the server gives, and
// a locked period is shown with its reason before anyone tries to change a log in it.

/** A Manager and a Normal member with emails no other test uses. */
function people() {
  const id = randomUUID().slice(0, 8);
  return {
    mira: { name: 'Mira Manager', email: `mira.${id}@example.com` },
    nik: { name: 'Nik Normal', email: `nik.${id}@example.com` },
  };
}

const member = (memberId: string, who: { name: string; email: string }, Role: string) => ({
  id: memberId,
  name: who.name,
  email: who.email,
  LoborRate: 400,
  BillableRate: 900,
  Role,
  status: 'Active',
});
const project = (
  projectId: string,
  projectName: string,
  memberIds: string[],
  approval = false,
) => ({
  id: projectId,
  projectName,
  client: 'Acme Ltd',
  clientId: 'c1',
  hours: 10,
  billamount: 1000,
  task: [],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval,
  status: 'Active',
  memberIds,
});
const log = (
  logId: string,
  date: string,
  projectId: string,
  memberId: string,
  status = 'approved',
) => ({
  id: logId,
  date,
  client: 'Acme Ltd / Website',
  projectId,
  task: 'Design',
  taskId: 't1',
  tags: 'design',
  desc: `<p>Work ${logId}</p>`,
  dur: 3600,
  st: '',
  end: '',
  exp: 0,
  memberId,
  status,
});

const seedFor = ({ mira, nik }: ReturnType<typeof people>, approval = false) => ({
  clients: [
    {
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
    },
  ],
  project: [
    project('p1', 'Website', ['m-man', 'm-norm'], approval),
    project('p2', 'Secret Rebrand', []),
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
  Team: [member('m-man', mira, 'Manager'), member('m-norm', nik, 'Normal')],
  taskData: approval
    ? [
        log('l-mon', '2026-11-16', 'p1', 'm-norm', 'pending'),
        log('l-wed', '2026-11-18', 'p1', 'm-norm', 'pending'),
      ]
    : [log('l-old', '2026-11-02', 'p1', 'm-norm'), log('l-new', '2026-11-20', 'p1', 'm-norm')],
});

test('each role sees only what it may do, and a locked period says why', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { mira, nik } = people();
  await signIn(page);
  await seedStorage(page, seedFor({ mira, nik }));
  await page.goto('/projects');
  const workspaceId = await workspaceOf(page);
  // Logs up to 10 Nov 2026 are locked.
  const locked = await page.request.post('/sync/workspace-settings', {
    data: {
      workspaceId,
      name: 'Acme agency',
      managersSeeAmounts: false,
      timeZone: 'UTC',
      weekStart: 1,
      lockedUpTo: '2026-11-10',
      autoLock: null,
    },
  });
  expect(locked.status(), await locked.text()).toBe(200);
  const normal = await join(browser, await invite(page, workspaceId, 'm-norm'), nik);
  const manager = await join(browser, await invite(page, workspaceId, 'm-man'), mira);

  // Normal: their projects only, no amounts, nothing to manage.
  await normal.goto('/projects');
  const table = normal.getByRole('table', { name: /Projects/ });
  await expect(table.getByRole('rowheader', { name: /Website/ })).toBeVisible();
  await expect(table).not.toContainText('Secret Rebrand');
  await expect(table.getByRole('columnheader', { name: /Billable amount/ })).toHaveCount(0);
  await expect(normal.getByRole('button', { name: 'Add Project' })).toHaveCount(0);
  await expect(normal.getByRole('button', { name: 'Assign Task' })).toHaveCount(0);
  await expect(normal.getByRole('button', { name: 'Actions for Website' })).toHaveCount(0);
  await expectNoAxeViolations(normal);
  await normal.goto('/clients');
  await expect(normal.getByRole('rowheader', { name: 'Acme Ltd' })).toBeVisible();
  // The client's contact details are for those who manage clients (the server sends none).
  await expect(normal.getByRole('columnheader', { name: 'Contact details' })).toHaveCount(0);
  await expect(normal.getByRole('link', { name: 'New Client' })).toHaveCount(0);
  await expect(normal.getByRole('button', { name: 'Actions for Acme Ltd' })).toHaveCount(0);
  await expect(normal.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await normal.goto('/users');
  await expect(normal.getByRole('rowheader', { name: 'Nik Normal' })).toBeVisible();
  await expect(normal.getByRole('rowheader', { name: 'Mira Manager' })).toHaveCount(0);
  await expect(normal.getByRole('link', { name: '+ New Team member' })).toHaveCount(0);
  await expect(normal.getByRole('columnheader', { name: 'Labor rate' })).toHaveCount(0);
  await expect(normal.getByRole('button', { name: 'Actions for Nik Normal' })).toHaveCount(0);
  await expectNoAxeViolations(normal);
  await normal.goto('/allHours');
  const totals = normal.getByLabel('Totals of the logs shown');
  await expect(totals).toContainText('2:00');
  await expect(totals).not.toContainText('Billable amount');
  // The locked log says why instead of offering Edit; the open one can be edited.
  await normal.goto('/login/?day=2026-11-02');
  await expect(
    normal.getByText(
      'Logs up to 10 Nov 2026 are locked: only an Admin can add, change or remove them.',
    ),
  ).toBeVisible();
  await expect(normal.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expectNoAxeViolations(normal);
  await normal.goto('/login/?day=2026-11-20');
  await expect(normal.getByRole('button', { name: /^Edit / })).toBeVisible();
  // A new log is Nik's own: he is on the team list, so "Me (not on the team list)" is not offered.
  await normal.getByRole('button', { name: 'Add time log' }).click();
  const who = normal.getByRole('form', { name: 'Add time log' }).getByLabel('Team member');
  await expect(who.getByRole('option')).toHaveText(['Nik Normal']);
  await expect(who).toHaveValue('m-norm');
  await normal.getByRole('button', { name: 'Cancel' }).click();
  await normal.goto('/accountSetting');
  await expect(normal.getByText('Only Admins can change these settings.')).toBeVisible();
  await expect(normal.getByLabel('Workspace name')).toBeDisabled();
  await normal.goto('/audit');
  await expect(
    normal.getByRole('heading', { name: 'Only Admins can read the audit log' }),
  ).toBeVisible();

  // Manager: edits their project (no Delete), assigns tasks, no amounts until allowed.
  await manager.goto('/projects');
  // Caught up first, as a person sees it: the pulls this new device makes may redraw the list.
  await allSaved(manager);
  await manager.getByRole('button', { name: 'Actions for Website' }).click();
  await expect(manager.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(manager.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await manager.keyboard.press('Escape');
  await expect(manager.getByRole('button', { name: 'Assign Task' })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Add Project' })).toHaveCount(0);
  await expect(manager.getByRole('columnheader', { name: /Billable amount/ })).toHaveCount(0);

  // The Admin lets Managers see amounts on Account setting; Mira's screen follows.
  await page.goto('/accountSetting');
  await page.getByLabel('Managers see rates, costs and billable amounts of their projects').check();
  await page.getByRole('button', { name: 'Save workspace settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Workspace settings saved.' }),
  ).toBeVisible();
  await expect(page.getByText('Now locked: logs up to 10 Nov 2026.')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(manager.getByRole('columnheader', { name: /Billable amount/ })).toBeVisible();
  await expect(manager.getByRole('row', { name: /Website/ })).toContainText('₹2,000.00');

  // The Admin may change the locked log; the change is in the audit log.
  await page.goto('/login/?day=2026-11-02');
  await page.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Duration').fill('2:00');
  const pushed = page.waitForResponse((r) => r.url().includes('/sync/push') && r.ok());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await pushed;
  await page.goto('/audit');
  await expect(page.getByText('Changed a locked log of Website')).toBeVisible();
  await expect(page.getByText('Duration 1:00:00 → 2:00:00')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a member submits a week; the project’s Manager rejects it with a note, then approves it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { mira, nik } = people();
  await signIn(page);
  await seedStorage(page, seedFor({ mira, nik }, true));
  await page.goto('/projects');
  const workspaceId = await workspaceOf(page);
  const normal = await join(browser, await invite(page, workspaceId, 'm-norm'), nik);
  const manager = await join(browser, await invite(page, workspaceId, 'm-man'), mira);

  await normal.goto('/login/?day=2026-11-18');
  const week = normal.getByRole('region', { name: 'Approval of this week' });
  await expect(week).toContainText(
    'Week of 16 Nov 2026 – 22 Nov 2026: 2 logs to submit for approval.',
  );
  await expect(normal.getByText('Pending approval')).toBeVisible();
  await expectNoAxeViolations(normal);
  await week.getByRole('button', { name: 'Submit week' }).click();
  await expect(week).toContainText('2 logs submitted, waiting for review.');
  await expect(normal.getByText('Submitted for approval', { exact: true })).toBeVisible();
  // A submitted log is read-only for its author, and says so.
  await expect(normal.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(
    normal.getByText(
      'This log is submitted for approval: it can be changed again if it is rejected.',
    ),
  ).toBeVisible();
  await expect(normal.getByRole('link', { name: 'Approvals' })).toHaveCount(0);

  // The Manager rejects the week, saying why (a reason is required).
  await manager.goto('/approvals');
  const group = manager.getByRole('region', { name: 'Nik Normal, week of 16 Nov 2026' });
  await expect(group).toContainText('2 logs, 2:00');
  await expectNoAxeViolations(manager);
  await group.getByRole('button', { name: 'Reject Nik Normal, week of 16 Nov 2026' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Reject Nik Normal, week of 16 Nov 2026' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Say why, so they can fix it')).toBeVisible();
  await dialog
    .getByLabel('Why are they rejected?')
    .fill('Wednesday was the workshop, log it there');
  await expectNoAxeViolations(manager);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(manager.getByText('Nothing is waiting for your approval.')).toBeVisible();

  // Nik reads the note, may change the logs again, and submits once more.
  await expect(
    normal.getByText('Reviewer: Wednesday was the workshop, log it there'),
  ).toBeVisible();
  await expect(normal.getByRole('button', { name: /^Edit / })).toBeVisible();
  await week.getByRole('button', { name: 'Submit week' }).click();
  await expect(week).toContainText('2 logs submitted, waiting for review.');

  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Approve Nik Normal, week of 16 Nov 2026' }).click();
  await expect(manager.getByText('Nothing is waiting for your approval.')).toBeVisible();
  await expect(
    normal.getByText('This log is approved: only an Admin can change it.'),
  ).toBeVisible();
  await expect(week).toHaveCount(0);
});

test('an Admin groups members into a team; a Manager who leads it sees only its members’ time', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { mira, nik } = people();
  await signIn(page);
  await seedStorage(page, seedFor({ mira, nik }));
  await page.goto('/projects');
  const workspaceId = await workspaceOf(page);
  const manager = await join(browser, await invite(page, workspaceId, 'm-man'), mira);
  await manager.goto('/allHours');
  const totals = manager.getByLabel('Totals of the logs shown');
  await expect(totals).toContainText('2:00');

  await page.goto('/teams');
  await expect(page.getByText('No teams yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New team' }).click();
  const form = page.getByRole('form', { name: 'New team' });
  await form.getByRole('button', { name: 'Create team' }).click();
  await expect(form.getByText('Name the team')).toBeVisible();
  await form.getByLabel('Team name').fill('Design');
  await form.getByRole('checkbox', { name: /Mira Manager/ }).check();
  await form.getByRole('checkbox', { name: 'Leads this team (Mira Manager)' }).check();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create team' }).click();
  const teams = page.getByRole('list', { name: 'Teams' });
  await expect(teams).toContainText('Members: Mira Manager');
  await expect(teams).toContainText('Led by: Mira Manager');

  // Nik is not in Mira's team: his time leaves her screens.
  await expect(totals).toContainText('0:00');
  await page.getByRole('button', { name: 'Actions for Design' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page
    .getByRole('form', { name: 'Edit Design' })
    .getByRole('checkbox', { name: /Nik Normal/ })
    .check();
  await page.getByRole('button', { name: 'Save team' }).click();
  await expect(teams).toContainText('Members: Mira Manager, Nik Normal');
  await expect(totals).toContainText('2:00');
});
