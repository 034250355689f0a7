import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { seedStorage, signIn } from '../support/session';

// The week of tests/server/reports.test.ts, worked out there by hand: 5 logs, 22100 s tracked
// (6:08), 16200 s billed (4:30), ₹5,650.00 billable, ₹2,250.00 labour cost, ₹3,400.00 profit,
// ₹350.50 expenses. Website alone: 8400 s (2:20), ₹3,750.00.

const member = (id: string, name: string, LoborRate: number, BillableRate: number) => ({
  id,
  name,
  email: `${name.toLowerCase()}@agency.test`,
  LoborRate,
  BillableRate,
  Role: 'Normal',
  status: 'Active',
});
const project = (id: string, projectName: string, clientId: string | null, billing: object) => ({
  id,
  projectName,
  client: clientId ? 'Acme' : '',
  clientId,
  hours: 0,
  billamount: 0,
  task: [],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval: false,
  status: 'Active',
  memberIds: ['m1', 'm2'],
  ...billing,
});
const log = (
  id: string,
  projectId: string,
  memberId: string,
  date: string,
  dur: number,
  exp: number,
) => ({
  id,
  date,
  client: '',
  projectId,
  task: '',
  taskId: null,
  tags: 'work',
  desc: `<p>${id}</p>`,
  dur,
  st: '',
  end: '',
  exp,
  memberId,
  status: 'approved',
});

const week = {
  clients: [
    {
      id: 'c1',
      name: 'Acme',
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
    project('pA', 'Website', 'c1', { billamount: 1500, rounding: 'up', timeInterval: 15 }),
    project('pB', 'Support', 'c1', { billable: 'member', rounding: 'nearest', timeInterval: 30 }),
    project('pC', 'Internal', null, { billable: 'false' }),
  ],
  Team: [member('m1', 'Asha', 400, 1000), member('m2', 'Bilal', 300, 800)],
  taskData: [
    log('L1', 'pA', 'm1', '2026-11-16', 3000, 0),
    log('L2', 'pA', 'm2', '2026-11-17', 5400, 250.5),
    log('L3', 'pB', 'm1', '2026-11-18', 4500, 0),
    log('L4', 'pB', 'm2', '2026-11-20', 2000, 0),
    log('L5', 'pC', 'm1', '2026-11-21', 7200, 100),
    log('L6', 'pA', 'm1', '2026-11-23', 3600, 0),
  ],
};

test('the detailed report totals a week by project and member, and exports what it shows', async ({
  page,
}) => {
  await signIn(page);
  await seedStorage(page, week);
  await page.goto('/reports/detailed?range=custom&from=2026-11-16&to=2026-11-22');
  const table = page.getByRole('table', { name: 'Detailed report, 16 Nov 2026 – 22 Nov 2026' });
  const total = table.getByRole('row', { name: /^Total/ });
  await expect(total).toContainText('6:08');
  await expect(total).toContainText('4:30');
  await expect(total).toContainText('₹5,650.00');
  await expect(total).toContainText('₹2,250.00');
  await expect(total).toContainText('₹3,400.00');
  await expect(total).toContainText('₹350.50');
  await expect(table.getByRole('row', { name: /^Website/ })).toContainText('₹3,750.00');
  await expect(table.getByRole('row', { name: /^Website/ })).toContainText('2:20');
  await expectNoAxeViolations(page);

  await page.getByLabel('Then by').selectOption('member');
  // Groups go by name: Internal, Support, Website; Bilal's Website row is the last of his.
  await expect(table.getByRole('row', { name: /^Bilal/ }).last()).toContainText('₹2,250.00');
  await expect(page).toHaveURL(/then=member/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hourmark-report-2026-11-16-to-2026-11-22.csv');
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv).toContain(
    'Project,Team member,Logs,Hours,Billed hours,Billable amount (INR),Labour cost (INR),Profit (INR),Expenses (INR)',
  );
  expect(csv).toContain('Website,Bilal,1,1.50,1.50,2250.00,450.00,1800.00,250.50');
  expect(csv).toContain('Total,,5,6.14,4.50,5650.00,2250.00,3400.00,350.50');

  // The server's files for the same filter: a Letter PDF poppler reads, and a workbook.
  await page.getByLabel('PDF paper size').selectOption('letter');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('hourmark-report-2026-11-16-to-2026-11-22.pdf');
  const pdfText = execFileSync('pdftotext', ['-layout', (await pdf.path()) ?? '', '-'], {
    encoding: 'utf8',
  });
  expect(pdfText).toMatch(/Total\s+6:08:20\s+4:30:00\s+₹5,650.00\s+₹2,250.00\s+₹3,400.00/);
  expect(execFileSync('pdfinfo', [(await pdf.path()) ?? ''], { encoding: 'utf8' })).toContain(
    '(letter)',
  );
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export XLSX' }).click();
  expect((await xlsxDownload).suggestedFilename()).toBe(
    'hourmark-report-2026-11-16-to-2026-11-22.xlsx',
  );

  // Only billable time, chosen by keyboard.
  await page.getByLabel('Billable', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(total).toContainText('₹5,650.00');
  await expect(total).toContainText('₹1,450.00');
});
