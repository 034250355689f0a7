import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pushRecords, seedStorage, signIn } from '../support/session';
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
  await expect(totals(page)).toHaveText(['3', '3.00', '₹3,000.00', '₹1,200.00', '₹250.00']);
});

test('filters by text, tag, date range and client, and the totals follow', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('wirefr');
  await expect(shownLogs(page)).toHaveCount(1);
  await expect(shownLogs(page)).toContainText('Wireframes');
  await expect(totals(page).nth(1)).toHaveText('1.50');
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
