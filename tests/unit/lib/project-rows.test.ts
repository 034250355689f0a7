import { describe, expect, it } from 'vitest';
import { clientSchema } from '../../../src/lib/entities/client';
import { memberSchema } from '../../../src/lib/entities/member';
import { projectSchema } from '../../../src/lib/entities/project';
import { timeLogSchema, type TimeLog } from '../../../src/lib/entities/time-log';
import { budgetUse, groupByClient, projectRows, projectsCsv } from '../../../src/lib/project-rows';
import { buildLookups } from '../../../src/lib/totals';

const clients = [
  clientSchema.parse({ id: 'c1', name: 'Acme', email: 'a@acme.test', status: 'Active' }),
  clientSchema.parse({ id: 'c2', name: 'Beta', email: 'b@beta.test', status: 'Active' }),
];
const members = [
  memberSchema.parse({
    id: 'asha',
    name: 'Asha',
    email: 'asha@x.test',
    LoborRate: 400,
    BillableRate: 900,
  }),
  memberSchema.parse({
    id: 'ravi',
    name: 'Ravi',
    email: 'ravi@x.test',
    LoborRate: 600,
    BillableRate: 1200,
  }),
];
const project = (id: string, clientId: string, extra: object) =>
  projectSchema.parse({
    id,
    projectName: id,
    client: 'old name',
    clientId,
    hours: 10,
    billamount: 1000,
    date: 5,
    month: 2,
    year: 2026,
    ...extra,
  });
const projects = [
  project('Website', 'c1', { billable: 'member', rounding: 'up', timeInterval: 15 }),
  project('Audit', 'c1', { billable: 'project', rounding: 'false' }),
  project('Internal', 'c2', { billable: 'false', rounding: 'false', approval: true }),
];
const log = (
  id: string,
  projectId: string,
  memberId: string,
  dur: number,
  extra: object = {},
): TimeLog => ({
  ...timeLogSchema.parse({ id, date: '2026-03-10', projectId, memberId, dur, exp: 0, ...extra }),
  id,
});
const logs = [
  log('l1', 'Website', 'asha', 70 * 60), // 1h10m
  log('l2', 'Website', 'ravi', 30 * 60), // 0h30m
  log('l3', 'Audit', 'ravi', 90 * 60, { exp: 250 }), // 1h30m, ₹250 expenses
  log('l4', 'Internal', 'asha', 60 * 60, { status: 'pending' }),
];
const lookups = buildLookups({ projects, tasks: [], members, clients });
const rows = projectRows(projects, logs, lookups);
const row = (id: string) => rows.find((r) => r.project.id === id)!;

describe('projectRows', () => {
  it('totals a member-rated project rounded up to 15 minutes', () => {
    // Asha 1h10m → rounded up 1h15m × ₹900 = ₹1,125.00; Ravi 0h30m (already a multiple) × ₹1,200 = ₹600.00.
    // Billable ₹1,725.00. Spend uses raw time: Asha 70/60 × ₹400 = ₹466.67, Ravi 0.5 × ₹600 = ₹300.00 → ₹766.67.
    expect(row('Website').totals).toEqual({
      seconds: 100 * 60,
      billableMinor: 172_500,
      costMinor: 76_667,
      expensesMinor: 0,
    });
  });

  it('totals a project-rated project without rounding', () => {
    // Ravi 1h30m × project rate ₹1,000 = ₹1,500.00; spend 1.5 × ₹600 = ₹900.00; expenses ₹250.00.
    expect(row('Audit').totals).toEqual({
      seconds: 90 * 60,
      billableMinor: 150_000,
      costMinor: 90_000,
      expensesMinor: 25_000,
    });
  });

  it('bills nothing on a non-billable project but still counts what it cost', () => {
    // Asha 1h × ₹400 = ₹400.00 spend, ₹0 billable.
    expect(row('Internal').totals).toMatchObject({ billableMinor: 0, costMinor: 40_000 });
    expect(row('Internal').pendingLogIds).toEqual(['l4']);
  });

  it('offers to approve only the pending logs the person may approve (issue 48)', () => {
    // A Manager ('asha') is not offered their own pending log; another's is.
    const theirs = [...logs, log('l5', 'Internal', 'ravi', 30 * 60, { status: 'pending' })];
    const rowsOf = projectRows(projects, theirs, lookups, new Map(), (l) => l.memberId !== 'asha');
    expect(rowsOf.find((r) => r.project.id === 'Internal')?.pendingLogIds).toEqual(['l5']);
  });

  it('names the current client and shows the creation day as day-month-year', () => {
    expect(row('Website').clientName).toBe('Acme');
    expect(row('Website').created).toBe('05-03-2026');
  });

  it('keeps the saved client name when the client was deleted', () => {
    const orphan = projectRows([project('Lost', 'gone', {})], [], lookups)[0];
    expect(orphan?.clientName).toBe('old name');
  });
});

describe('groupByClient', () => {
  it('groups rows under their client with subtotals', () => {
    const groups = groupByClient(rows);
    expect(groups.map((g) => g.clientName)).toEqual(['Acme', 'Beta']);
    // Acme: ₹1,725.00 + ₹1,500.00 = ₹3,225.00 billable; ₹766.67 + ₹900.00 = ₹1,666.67 spend.
    expect(groups[0]?.subtotal).toMatchObject({
      seconds: 190 * 60,
      billableMinor: 322_500,
      costMinor: 166_667,
    });
    expect(groups[1]?.rows.map((r) => r.project.id)).toEqual(['Internal']);
  });
});

describe('budgetUse', () => {
  it.each([
    // 11h20m of 10 h: 11.33 shown, 1.33 over.
    [40_800, 10, { status: 'over', used: '11.33', budget: '10', over: '1.33' }],
    // 1h01m30s is 1.025 h, shown as 1.02: 0.02 over, as the figures add up on screen.
    [3_690, 1, { status: 'over', used: '1.02', budget: '1', over: '0.02' }],
    // 10h00m18s shows as 10.01.
    [36_018, 10, { status: 'over', used: '10.01', budget: '10', over: '0.01' }],
    // 10h00m17s shows as 10.00: not over by what the row shows.
    [36_017, 10, { status: 'within', used: '10.00', budget: '10' }],
    [36_000, 10, { status: 'within', used: '10.00', budget: '10' }],
    [27_000, 7.5, { status: 'within', used: '7.50', budget: '7.5' }],
    [30_600, 7.5, { status: 'over', used: '8.50', budget: '7.5', over: '1.00' }],
    // No budget (0): nothing to be over.
    [5_400, 0, { status: 'none', used: '1.50' }],
  ])('%i s against %d h', (seconds, budget, expected) => {
    expect(budgetUse(seconds, budget)).toEqual(expected);
  });
});

describe('projectsCsv', () => {
  it('exports the rows given, with their figures and the creation day as YYYY-MM-DD', () => {
    const csv = projectsCsv([row('Website')], 'INR');
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe(
      'Project,Client,Status,Total hours,Budget hours,Billable amount (INR),Spend (INR),Expenses (INR),Created',
    );
    expect(lines[1]).toBe('Website,Acme,Active,1.67,10,1725.00,766.67,0.00,2026-03-05');
    expect(lines).toHaveLength(2);
  });

  it('heads the money columns with the workspace’s currency, euros for a workspace in EUR', () => {
    const lines = projectsCsv([row('Website')], 'EUR')
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(lines[0]).toBe(
      'Project,Client,Status,Total hours,Budget hours,Billable amount (EUR),Spend (EUR),Expenses (EUR),Created',
    );
    expect(lines[1]).toBe('Website,Acme,Active,1.67,10,1725.00,766.67,0.00,2026-03-05');
    // Without amounts, in any currency: the billable amount and spend are left out.
    expect(projectsCsv([row('Website')], 'EUR', false).replace('\uFEFF', '')).toBe(
      'Project,Client,Status,Total hours,Budget hours,Expenses (EUR),Created\r\nWebsite,Acme,Active,1.67,10,0.00,2026-03-05',
    );
  });

  it("includes a project's expenses, the sum of its logs' in rupees", () => {
    // Audit: one log with ₹250 of expenses; a second one adding ₹1,234.56 makes ₹1,484.56.
    const withMore = projectRows(
      projects,
      [...logs, log('l5', 'Audit', 'asha', 0, { exp: 1234.56 })],
      lookups,
    ).find((r) => r.project.id === 'Audit')!;
    expect(withMore.totals.expensesMinor).toBe(148_456);
    const line = projectsCsv([withMore], 'INR').replace('\uFEFF', '').split('\r\n')[1];
    expect(line).toBe('Audit,Acme,Active,1.50,10,1500.00,900.00,1484.56,2026-03-05');
  });

  it('adds the server’s totals of logs older than the cache to the cached logs’ figures', () => {
    // Audit's cached log: 1.5 h, ₹1,500.00, cost ₹900.00, expenses ₹250.00; the server adds
    // 2 h, ₹2,000.00, ₹1,200.00 and ₹10.00 of older logs: 3.5 h, ₹3,500.00, ₹2,100.00, ₹260.00.
    const older = new Map([
      ['Audit', { seconds: 7200, billableMinor: 200_000, costMinor: 120_000, expensesMinor: 1000 }],
    ]);
    const audit = projectRows(projects, logs, lookups, older).find(
      (r) => r.project.id === 'Audit',
    )!;
    expect(audit.totals).toEqual({
      seconds: 12_600,
      billableMinor: 350_000,
      costMinor: 210_000,
      expensesMinor: 26_000,
    });
  });
});
