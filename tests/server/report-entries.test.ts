import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleReportEntries, handleReportExport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import type { EntryPage } from '../../src/lib/report-entries';
import { poppler } from './poppler';
import { seedReportWeek, signUpAda } from './report-week';
import { context, drivers, fakeClock, get } from './support';
import { pusher, type SignedUp } from './workspace-support';

// The detailed report's entries over 16–22 Nov 2026 (tests/server/report-week.ts has the logs).

describe.each(drivers)('the detailed report’s entries on $name', (driver) => {
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
  const week = () => `workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22`;

  async function entries(who: SignedUp, query: string) {
    const res = await handleReportEntries(
      get(`/sync/report-entries?${week()}${query}`, who.cookie),
      ctx(),
    );
    return { status: res.status, body: (await res.json()) as EntryPage & { fields?: unknown } };
  }
  async function file(who: SignedUp, query: string) {
    const res = await handleReportExport(
      get(`/sync/report-export?${week()}&kind=entries${query}`, who.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUpAda(database, 'ada.entries@example.com', clock);
    asha = await seedReportWeek(database, ok, clock, admin, 'asha.entries@example.com');
  });
  afterAll(async () => drop());

  it('lists each log under its project, with its names, text and amount', async () => {
    const { status, body } = await entries(admin, '&group=project');
    expect(status).toBe(200);
    expect(body.count).toBe(5);
    // Projects by name (Internal, Support, Website), then by date within each.
    expect(body.entries.map((e) => [e.groupLabels[0], e.id, e.date])).toEqual([
      ['Internal', 'L5', '2026-11-21'],
      ['Support', 'L3', '2026-11-18'],
      ['Support', 'L4', '2026-11-20'],
      ['Website', 'L1', '2026-11-16'],
      ['Website', 'L2', '2026-11-17'],
    ]);
    expect(body.entries.find((e) => e.id === 'L2')).toEqual({
      id: 'L2',
      date: '2026-11-17',
      member: 'Bilal',
      client: 'Acme',
      project: 'Website',
      task: 'Homepage',
      description: 'Design review',
      tags: 'design, review',
      billable: true,
      seconds: 5400,
      amountMinor: 225000,
      groupKeys: ['pA'],
      groupLabels: ['Website'],
    });
    // The stored HTML reads as text; a log without a client has none.
    expect(body.entries.find((e) => e.id === 'L1')?.description).toBe('Mock-ups & colours');
    expect(body.entries[0]).toMatchObject({ client: '', billable: false, amountMinor: 0 });
  });

  it('sorts by duration or amount either way, and pages', async () => {
    const order = async (query: string) =>
      (await entries(admin, query)).body.entries.map((e) => e.id);
    expect(await order('&sort=duration&dir=desc')).toEqual(['L5', 'L2', 'L3', 'L1', 'L4']);
    // 40000, 150000 (L1 on 16 Nov before L3 on 18 Nov), 150000, 225000 after the 0 of L5.
    expect(await order('&sort=amount')).toEqual(['L5', 'L4', 'L1', 'L3', 'L2']);
    expect(await order('&group=member&sort=date&dir=desc')).toEqual(['L5', 'L3', 'L1', 'L4', 'L2']);
    const second = await entries(admin, '&page=2');
    expect(second.body).toMatchObject({ entries: [], count: 5, page: 2, pageSize: 50 });
    const bad = await entries(admin, '&sort=colour&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      sort: 'One of date, member, client, project, task, duration, amount',
      page: 'A page number from 1',
    });
  });

  it('a Normal member lists only their own logs, without amounts', async () => {
    const { body } = await entries(asha, '&sort=amount&dir=desc');
    // Sorting by an amount she may not see falls back to the date, newest first.
    expect(body.entries.map((e) => [e.id, e.amountMinor])).toEqual([
      ['L5', null],
      ['L3', null],
      ['L1', null],
    ]);
    expect(body.count).toBe(3);
  });

  it('exports the entries as CSV with literal figures and a dated name', async () => {
    const { res, bytes } = await file(admin, '&group=project&format=csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="hourmark-report-entries-2026-11-16-to-2026-11-22.csv"',
    );
    const rows = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { newline: '\r\n' }).data;
    expect(rows).toEqual([
      [
        'Project',
        'Date',
        'Team member',
        'Client',
        'Project',
        'Task',
        'Description',
        'Tags',
        'Billable',
        'Duration',
        'Amount (INR)',
      ],
      [
        'Internal',
        '2026-11-21',
        'Asha',
        '',
        'Internal',
        '',
        'Design review',
        'admin',
        'No',
        '2:00:00',
        '0.00',
      ],
      [
        'Support',
        '2026-11-18',
        'Asha',
        'Acme',
        'Support',
        '',
        'Design review',
        'support',
        'Yes',
        '1:15:00',
        '1500.00',
      ],
      [
        'Support',
        '2026-11-20',
        'Bilal',
        'Acme',
        'Support',
        '',
        'Design review',
        '',
        'Yes',
        '0:33:20',
        '400.00',
      ],
      [
        'Website',
        '2026-11-16',
        'Asha',
        'Acme',
        'Website',
        '',
        'Mock-ups & colours',
        'design',
        'Yes',
        '0:50:00',
        '1500.00',
      ],
      [
        'Website',
        '2026-11-17',
        'Bilal',
        'Acme',
        'Website',
        'Homepage',
        'Design review',
        'design, review',
        'Yes',
        '1:30:00',
        '2250.00',
      ],
      // 22100 s = 6:08:20; ₹0 + 1,500 + 400 + 1,500 + 2,250 = ₹5,650.00.
      ['Total', '', '', '', '', '', '', '', '', '6:08:20', '5650.00'],
    ]);
    const hers = (await file(asha, '&format=csv')).bytes.toString('utf8');
    expect(hers).not.toContain('Amount');
    expect(hers).not.toContain('Bilal');
    // Asha: 3000 + 4500 + 7200 = 14700 s.
    expect(hers).toContain('Total,,,,,,,,4:05:00');
  });

  it('exports the entries as XLSX, figures as numbers, beside the group totals', async () => {
    const sheets = await readXlsxFile((await file(admin, '&group=project&format=xlsx')).bytes);
    expect(sheets.map((s) => s.sheet)).toEqual(['Entries', 'Totals', 'About']);
    const [list] = sheets.map((s) => s.data);
    const l2 = list?.find((row) => row.includes('Homepage'));
    // 5400 s is a duration of 1:30:00 (the reader shows it on Excel's day zero); ₹2,250.
    expect(l2?.slice(0, 2)).toEqual(['Website', '2026-11-17']);
    expect(l2?.slice(-2)).toEqual([new Date('1899-12-30T01:30:00.000Z'), 2250]);
    expect(list?.at(-1)?.at(-1)).toBe(5650);
  });

  it('prints the entries under their groups on a landscape page', async () => {
    const { text, info, lines } = poppler((await file(admin, '&group=project&format=pdf')).bytes);
    expect(info).toMatch(/Page size:\s+841.* x 595.* pts \(A4\)/);
    expect(text).toContain('Detailed report');
    // Website: 3000 + 5400 = 8400 s = 2:20:00 and ₹1,500 + ₹2,250 = ₹3,750.00.
    expect(lines).toContainEqual(expect.stringMatching(/^Website\s+2:20:00\s+₹3,750.00$/));
    // A tag list too long for its column wraps inside the log's own row, before the total.
    const l2 = lines.findIndex((l) => l.startsWith('17 Nov 2026'));
    expect(lines.slice(l2, l2 + 3)).toEqual([
      expect.stringMatching(
        /^17 Nov 2026\s+Bilal\s+Acme\s+Website\s+Homepage\s+Design review\s+design,\s+Yes\s+1:30:00\s+₹2,250.00$/,
      ),
      expect.stringMatching(/^\s+review$/),
      expect.stringMatching(/^Total\s+6:08:20\s+₹5,650.00$/),
    ]);
    const letter = poppler((await file(admin, '&format=pdf&paper=letter')).bytes);
    expect(letter.info).toMatch(/Page size:\s+792 x 612 pts \(letter\)/);
  });
});
