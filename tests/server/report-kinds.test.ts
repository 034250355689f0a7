import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleReportExport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { poppler } from './poppler';
import { seedReportWeek, signUpAda } from './report-week';
import { context, drivers, fakeClock, get } from './support';
import { pusher, type SignedUp } from './workspace-support';

// The Team pivot and Economy reports as files, over 16–22 Nov 2026 (tests/server/report-week.ts);
// today is 22 Nov, so L6 (23 Nov) counts nowhere, budgets included.

describe.each(drivers)('report kinds as files on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: SignedUp;
  let asha: SignedUp;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function file(who: SignedUp, query: string) {
    const res = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22${query}`,
        who.cookie,
      ),
      ctx(),
    );
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const csvRows = (bytes: Buffer) =>
    Papa.parse<string[]>(bytes.toString('utf8').slice(1), { newline: '\r\n' }).data;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUpAda(database, 'ada.kinds@example.com', clock);
    asha = await seedReportWeek(database, ok, clock, admin, 'asha.kinds@example.com');
  });
  afterAll(async () => drop());

  it('exports the team pivot by day as CSV, totals both ways', async () => {
    const { res, bytes } = await file(admin, '&kind=pivot&by=day&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="hourmark-report-pivot-2026-11-16-to-2026-11-22.csv"',
    );
    // Asha 3000 + 4500 + 7200 = 14700 s; Bilal 5400 + 2000 = 7400 s; 22100 s in all.
    expect(csvRows(bytes)).toEqual([
      [
        'Team member',
        '16 Nov 2026',
        '17 Nov 2026',
        '18 Nov 2026',
        '19 Nov 2026',
        '20 Nov 2026',
        '21 Nov 2026',
        '22 Nov 2026',
        'Total',
      ],
      ['Asha', '0:50:00', '', '1:15:00', '', '', '2:00:00', '', '4:05:00'],
      ['Bilal', '', '1:30:00', '', '', '0:33:20', '', '', '2:03:20'],
      [
        'Total',
        '0:50:00',
        '1:30:00',
        '1:15:00',
        '0:00:00',
        '0:33:20',
        '2:00:00',
        '0:00:00',
        '6:08:20',
      ],
    ]);
  });

  it('exports the pivot of billable amounts by week as XLSX numbers', async () => {
    const sheets = await readXlsxFile(
      (await file(admin, '&kind=pivot&by=week&show=amount&format=xlsx')).bytes,
    );
    expect(sheets.map((s) => s.sheet)).toEqual(['Team pivot, billable amount', 'About']);
    // Asha 150000 + 150000 + 0 p; Bilal 225000 + 40000 p.
    expect(sheets[0]?.data).toEqual([
      ['Team member', 'Week of 16 Nov 2026 (INR)', 'Total (INR)'],
      ['Asha', 3000, 3000],
      ['Bilal', 2650, 2650],
      ['Total', 5650, 5650],
    ]);
    // Asha may not see amounts: her pivot is of hours, and of her own time.
    const hers = csvRows((await file(asha, '&kind=pivot&by=week&show=amount&format=csv')).bytes);
    expect(hers).toEqual([
      ['Team member', 'Week of 16 Nov 2026', 'Total'],
      ['Asha', '4:05:00', '4:05:00'],
      ['Total', '4:05:00', '4:05:00'],
    ]);
  });

  it('prints the economy by project with margins and budgets', async () => {
    const { res, bytes } = await file(admin, '&kind=economy&by=project&format=pdf');
    expect(res.headers.get('content-disposition')).toContain(
      'hourmark-report-economy-2026-11-16-to-2026-11-22.pdf',
    );
    const { lines, text } = poppler(bytes);
    expect(lines[0]).toBe('Economy by project');
    // Website: 9000 s billed, ₹3,750.00, cost ₹783.33, profit ₹2,966.67 = 79.1 %; 8400 s ever
    // of a 40 h budget = 2.33 h.
    expect(text).toMatch(
      /Website\s+2:30:00\s+₹3,750.00\s+₹783.33\s+₹250.50\s+₹2,966.67\s+79.1 %\s+2.33 of 40 h/,
    );
    // Support: 7200 s billed, ₹1,900.00 − ₹666.67 = ₹1,233.33 = 64.9 %; 6500 s = 1.81 h.
    expect(text).toMatch(
      /Support\s+2:00:00\s+₹1,900.00\s+₹666.67\s+₹0.00\s+₹1,233.33\s+64.9 %\s+1.81 of 40 h/,
    );
    expect(text).toMatch(
      /Internal\s+0:00:00\s+₹0.00\s+₹800.00\s+₹100.00\s+-₹800.00\s+2.00 of 40 h/,
    );
    // ₹3,400.00 of ₹5,650.00 = 60.2 %.
    expect(text).toMatch(/Total\s+4:30:00\s+₹5,650.00\s+₹2,250.00\s+₹350.50\s+₹3,400.00\s+60.2 %/);
  });

  it('a Normal member’s economy holds her own hours and expenses, no money', async () => {
    const rows = csvRows((await file(asha, '&kind=economy&by=project&format=csv')).bytes);
    // Most tracked first: Internal 7200 s, Support 4500 s, Website 3000 s (billed 0, 5400, 3600).
    expect(rows).toEqual([
      ['Project', 'Billable hours', 'Expenses (INR)', 'Budget used'],
      ['Internal', '0:00:00', '100.00', '2.00 of 40 h'],
      ['Support', '1:30:00', '0.00', '1.25 of 40 h'],
      ['Website', '1:00:00', '0.00', '0.83 of 40 h'],
      ['Total', '2:30:00', '100.00', ''],
    ]);
  });

  it('refuses a layout that does not fit the kind', async () => {
    const { res } = await file(admin, '&kind=economy&by=day&format=csv');
    expect(res.status).toBe(400);
    const wrong = await file(admin, '&kind=detailed&show=amount&format=csv');
    expect(wrong.res.status).toBe(400);
  });

  it('exports Asha’s own week as her timesheet, a row per project and task', async () => {
    const { res, bytes } = await file(asha, '&kind=timesheet&format=csv');
    expect(res.headers.get('content-disposition')).toContain(
      'hourmark-report-timesheet-2026-11-16-to-2026-11-22.csv',
    );
    // Asha: Website 3000 s on Monday, Support 4500 s on Wednesday, Internal 7200 s on Saturday.
    expect(csvRows(bytes)).toEqual([
      [
        'Project and task',
        'Mon 16 Nov',
        'Tue 17 Nov',
        'Wed 18 Nov',
        'Thu 19 Nov',
        'Fri 20 Nov',
        'Sat 21 Nov',
        'Sun 22 Nov',
        'Total',
      ],
      ['Acme / Support', '', '', '1:15:00', '', '', '', '', '1:15:00'],
      ['Acme / Website', '0:50:00', '', '', '', '', '', '', '0:50:00'],
      ['No client / Internal', '', '', '', '', '', '2:00:00', '', '2:00:00'],
      [
        'Total',
        '0:50:00',
        '0:00:00',
        '1:15:00',
        '0:00:00',
        '0:00:00',
        '2:00:00',
        '0:00:00',
        '4:05:00',
      ],
    ]);
  });

  it('exports the dashboard: this week, this month, the days and the top projects and clients', async () => {
    const { res, bytes } = await file(admin, '&kind=dashboard&format=csv');
    expect(res.status).toBe(200);
    // Today is Sun 22 Nov: the week is 16–22 Nov; the month adds L6 (23 Nov, Website, Asha:
    // 3600 s billed at ₹1,500/h = 150000 p, cost 40000 p).
    expect(csvRows(bytes)).toEqual([
      [
        '',
        'Hours',
        'Billable hours',
        'Billable amount (INR)',
        'Labour cost (INR)',
        'Profit (INR)',
        'Expenses (INR)',
      ],
      ['At a glance', '', '', '', '', '', ''],
      ['This week', '6:08:20', '4:30:00', '5650.00', '2250.00', '3400.00', '350.50'],
      ['This month', '7:08:20', '5:30:00', '7150.00', '2650.00', '4500.00', '350.50'],
      ['Hours per day this week', '', '', '', '', '', ''],
      ['16 Nov 2026', '0:50:00', '0:50:00', '', '', '', ''],
      ['17 Nov 2026', '1:30:00', '1:30:00', '', '', '', ''],
      ['18 Nov 2026', '1:15:00', '1:15:00', '', '', '', ''],
      ['19 Nov 2026', '0:00:00', '0:00:00', '', '', '', ''],
      ['20 Nov 2026', '0:33:20', '0:33:20', '', '', '', ''],
      ['21 Nov 2026', '2:00:00', '0:00:00', '', '', '', ''],
      ['22 Nov 2026', '0:00:00', '0:00:00', '', '', '', ''],
      ['Top projects this month', '', '', '', '', '', ''],
      // Most tracked first: Website 3000 + 5400 + 3600 = 12000 s, Internal 7200 s, Support 6500 s.
      ['Website', '3:20:00', '3:30:00', '5250.00', '1183.33', '4066.67', '250.50'],
      ['Internal', '2:00:00', '0:00:00', '0.00', '800.00', '-800.00', '100.00'],
      ['Support', '1:48:20', '2:00:00', '1900.00', '666.67', '1233.33', '0.00'],
      ['Top clients this month', '', '', '', '', '', ''],
      ['Acme', '5:08:20', '5:30:00', '7150.00', '1850.00', '5300.00', '250.50'],
      ['(no client)', '2:00:00', '0:00:00', '0.00', '800.00', '-800.00', '100.00'],
    ]);
  });

  it('fits a month of days on one landscape page, each figure on one line', async () => {
    const res = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-01&to=2026-11-30&kind=pivot&by=day&format=pdf`,
        admin.cookie,
      ),
      ctx(),
    );
    const { lines, info } = poppler(Buffer.from(await res.arrayBuffer()));
    expect(info).toMatch(/Page size:\s+841.* x 595.* pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    // 32 columns narrowed to fit: the day columns drop their seconds (the wider Total keeps
    // them). Asha: 0:50, 1:15, 2:00 and L6's 1:00 on 23 Nov; 3000 + 4500 + 7200 + 3600 s =
    // 18300 s = 5:05:00.
    expect(lines).toContainEqual(
      expect.stringMatching(/^Asha\s+0:50\s+1:15\s+2:00\s+1:00\s+5:05:00$/),
    );
  });
});
