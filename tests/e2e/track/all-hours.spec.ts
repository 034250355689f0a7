import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pushRecords, seedStorage, signIn } from '../support/session';
import { expectNoAxeViolations } from '../support/axe';
import { agency } from './fixtures';

const log = (id: string, date: string, fields: Record<string, unknown>) => ({
  id,
  date,
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'design',
  desc: '<p>Work</p>',
  dur: 3600,
  st: '09:00',
  end: '10:00',
  exp: 0,
  memberId: 'm1',
  status: 'approved',
  createdAt: `${date}T10:00:00.000Z`,
  updatedAt: `${date}T10:00:00.000Z`,
  ...fields,
});

// Three logs on two days; Website bills ₹1,000 an hour (project-based rate), Asha costs ₹400.
const taskData = [
  log('l3', '2026-03-11', { desc: '<p>Launch, "final" review</p>', tags: 'launch', dur: 1800 }),
  log('l2', '2026-03-10', { desc: '<p>Wireframes</p>', dur: 5400, exp: 250 }),
  log('l1', '2026-03-10', { desc: '<p>Kick-off call</p>', tags: 'meeting', dur: 3600 }),
];

const totals = (page: Page) => page.getByRole('definition');
const shownLogs = (page: Page) => page.getByRole('main').getByRole('listitem');

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { ...agency, taskData });
  await signIn(page);
  await page.goto('/allHours');
  await expect(page.getByRole('heading', { level: 1, name: 'All hours' })).toBeVisible();
});

test('shows every log grouped by day with totals of what is shown', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 2, name: /11 Mar 2026/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /10 Mar 2026/ })).toContainText('2:30');
  await expect(shownLogs(page)).toHaveCount(3);
  // 3 h at ₹1,000 billable and ₹400 cost; ₹250 of expenses.
  await expect(totals(page)).toHaveText(['3', '3:00', '₹3,000.00', '₹1,200.00', '₹250.00']);
});

test('filters by text, tag, date range and client, and the totals follow', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('wirefr');
  await expect(shownLogs(page)).toHaveCount(1);
  await expect(shownLogs(page)).toContainText('Wireframes');
  await expect(totals(page).nth(1)).toHaveText('1:30');
  // The filter lives in the URL, so a reload or a shared link shows the same logs.
  await expect(page).toHaveURL(/q=wirefr/);
  await page.reload();
  await expect(search).toHaveValue('wirefr');
  await expect(shownLogs(page)).toHaveCount(1);
  await search.fill('');

  await page.getByLabel('Tag').selectOption('meeting');
  await expect(shownLogs(page)).toHaveCount(1);
  await expect(shownLogs(page)).toContainText('Kick-off call');
  await page.getByLabel('Tag').selectOption('');

  await page.getByLabel('From', { exact: true }).fill('2026-03-11');
  await expect(shownLogs(page)).toHaveCount(1);
  await expect(shownLogs(page)).toContainText('Launch');
  await page.getByLabel('From', { exact: true }).fill('');
  await page.getByLabel('To', { exact: true }).fill('2026-03-09');
  await expect(page.getByText('No time logs match these filters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await page.getByLabel('To', { exact: true }).fill('');

  await page.getByLabel('Client').selectOption({ label: 'Acme Ltd' });
  await expect(shownLogs(page)).toHaveCount(3);
});

test('exports exactly the logs shown as CSV that spreadsheets open', async ({ page }) => {
  await page.getByLabel('Tag').selectOption('launch');
  await expect(shownLogs(page)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^hourmark-time-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Date,Client,Project,Task,Member,Tags,Description/);
  expect(lines[1]).toContain('2026-03-11,Acme Ltd,Website,Design,Asha,launch');
  // The description's comma and quotes are escaped, not split into columns.
  expect(lines[1]).toContain('"Launch, ""final"" review"');
  // Website asks for no approval: nobody approved the log, so the status says so (issue 30).
  expect(lines[1]).toMatch(/,no approval needed$/);
});

test('the CSV lists logs in the order shown, with the rate and hours behind each amount', async ({
  page,
}) => {
  // A log of 9 March added last (on another device): shown last.
  await pushRecords(page, {
    taskData: [log('l0', '2026-03-09', { desc: '<p>Added late</p>', tags: 'meeting', dur: 3600 })],
  });
  await page.reload();
  await expect(shownLogs(page)).toHaveText([/Launch/, /Wireframes/, /Kick-off call/, /Added late/]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const [header, ...lines] = csv.slice(1).trim().split('\r\n');
  expect(lines.map((line) => line.slice(0, 10))).toEqual([
    '2026-03-11',
    '2026-03-10',
    '2026-03-10',
    '2026-03-09',
  ]);
  expect(header).toContain(
    'Hours,Billable hours,Billable rate (INR/h),Billable amount,Labour rate (INR/h),Cost',
  );
  // Wireframes: 1h30m at Website's ₹1,000 an hour, Asha's labour at ₹400 an hour.
  expect(lines[1]).toContain(',Wireframes,09:00,10:00,1:30,1.5,1.5,1000.00,1500.00,400.00,600.00,');
});

test.describe('selected logs', () => {
  const bilal = {
    Team: [
      {
        id: 'm2',
        name: 'Bilal',
        email: 'bilal@agency.test',
        LoborRate: 300,
        BillableRate: 800,
        Role: 'Normal',
        status: 'Active',
      },
    ],
  };

  test('edit the team member and add a tag to several logs at once', async ({ page }) => {
    await pushRecords(page, bilal);
    await page.reload();
    const row = (text: string) => shownLogs(page).filter({ hasText: text });
    await page
      .getByRole('checkbox', {
        name: /^Select Acme Ltd \/ Website · Design, 10 Mar 2026 09:00–10:00/,
      })
      .first()
      .check();
    await row('Wireframes').getByRole('checkbox').check();
    await row('Kick-off call').getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selected time logs' });
    await expect(bar).toContainText('2 time logs selected');
    await bar.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 2 selected time logs' });
    await dialog.getByRole('button', { name: 'Apply to 2 time logs' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Choose a project, a team member, billable or tags to add.',
    );
    await dialog.getByLabel('Team member').selectOption('Bilal');
    await dialog.getByLabel('Add tags').fill('review, Meeting');
    await dialog.getByRole('button', { name: 'Apply to 2 time logs' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Changed 2 time logs' })).toBeVisible();
    await expect(row('Wireframes')).toContainText('Bilal');
    await expect(row('Kick-off call')).toContainText('Bilal');
    await expect(row('Launch')).toContainText('Asha');

    // The server has it: after a reload the tag filter finds both logs.
    await page.reload();
    await expect(row('Wireframes')).toContainText('Bilal');
    await page.getByLabel('Tag').selectOption('review');
    await expect(shownLogs(page)).toHaveCount(2);
    // Bilal costs ₹300 an hour: 2.5 h at ₹1,000 billable, ₹750 cost.
    await expect(totals(page)).toHaveText(['2', '2:30', '₹2,500.00', '₹750.00', '₹250.00']);
  });

  test('delete selected logs after confirming; Undo brings them back for good', async ({
    page,
  }) => {
    const bar = page.getByRole('region', { name: 'Selected time logs' });
    await bar.getByRole('checkbox', { name: 'Select all 3 shown' }).check();
    await expect(bar).toContainText('3 time logs selected');
    await expectNoAxeViolations(page);
    await shownLogs(page).filter({ hasText: 'Launch' }).getByRole('checkbox').uncheck();
    await expect(bar.getByRole('checkbox', { name: 'Select all 3 shown' })).not.toBeChecked();
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 2 time logs?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(shownLogs(page)).toHaveCount(3);
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    await confirm.getByRole('button', { name: 'Delete 2 time logs' }).click();
    await expect(shownLogs(page)).toHaveCount(1);
    await expect(shownLogs(page)).toContainText('Launch');
    await expect(totals(page).first()).toHaveText('1');
    await page.reload();
    await expect(shownLogs(page)).toHaveCount(1);

    await bar.getByRole('checkbox', { name: 'Select all 1 shown' }).check();
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('button', { name: 'Delete 1 time log' }).click();
    await expect(page.getByText('No time logs match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(shownLogs(page)).toHaveCount(1);
    await page.reload();
    await expect(shownLogs(page)).toHaveCount(1);
  });

  test('Select all matching reaches logs beyond the page, on the server only', async ({ page }) => {
    const many = Array.from({ length: 205 }, (_, i) =>
      log(`bulk-${i}`, '2026-02-01', { desc: `<p>Batch ${i}</p>`, tags: 'batch', dur: 600 }),
    );
    await pushRecords(page, { taskData: many });
    await page.goto('/allHours?tag=batch');
    const bar = page.getByRole('region', { name: 'Selected time logs' });
    await bar.getByRole('checkbox', { name: 'Select all 200 shown' }).check();
    await bar.getByRole('button', { name: 'Select all 205 matching' }).click();
    await expect(bar).toContainText('205 time logs selected');
    await bar.getByRole('button', { name: 'Edit selected' }).click();
    await page.getByLabel('Add tags').fill('archived-batch');
    await page.getByRole('button', { name: 'Apply to 205 time logs' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Changed 205 time logs' }),
    ).toBeVisible();
    // Once the push lands, the server finds all 205 by the new tag.
    await expect(async () => {
      await page.goto('/allHours?tag=archived-batch');
      await expect(totals(page).first()).toHaveText('205', { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  });
});
