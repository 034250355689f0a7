import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv, timeLogCsv, type CsvColumn } from '../../../src/lib/csv';
import { clientSchema } from '../../../src/lib/entities/client';
import { memberSchema } from '../../../src/lib/entities/member';
import { projectSchema } from '../../../src/lib/entities/project';
import { taskSchema } from '../../../src/lib/entities/task';
import { timeLogSchema, type TimeLog } from '../../../src/lib/entities/time-log';
import { buildLookups } from '../../../src/lib/totals';

const BOM = '\uFEFF';
/** Rows of a CSV as a spreadsheet would read them (BOM removed). */
const parse = (csv: string) => Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data;

type Row = { name: string; note: string | number };
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Note', value: (r) => r.note },
];
const csvOf = (...rows: Row[]) => toCsv(columns, rows);

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and a header row, and separates rows with CRLF', () => {
    const csv = csvOf({ name: 'Asha', note: 'ok' }, { name: 'Ravi', note: '₹900' });
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe(`${BOM}Name,Note\r\nAsha,ok\r\nRavi,₹900`);
  });

  it('writes only the header when there are no rows', () => {
    expect(parse(toCsv(columns, [])).filter((r) => r.join('') !== '')).toEqual([['Name', 'Note']]);
    expect(toCsv(columns, []).startsWith(`${BOM}Name,Note`)).toBe(true);
  });

  it('quotes cells with commas, quotes or new lines (RFC 4180)', () => {
    expect(csvOf({ name: 'Acme, Inc.', note: 'x' })).toBe(`${BOM}Name,Note\r\n"Acme, Inc.",x`);
    expect(csvOf({ name: 'say "hi"', note: 'x' })).toBe(`${BOM}Name,Note\r\n"say ""hi""",x`);
    expect(csvOf({ name: 'line 1\nline 2', note: 'x' })).toBe(
      `${BOM}Name,Note\r\n"line 1\nline 2",x`,
    );
    expect(csvOf({ name: 'a\r\nb', note: 'x' })).toBe(`${BOM}Name,Note\r\n"a\r\nb",x`);
  });

  it('reads back to the same cells', () => {
    const rows = [
      { name: 'Acme, Inc.', note: 'He said "no"' },
      { name: 'two\nlines', note: 'plain' },
    ];
    expect(parse(toCsv(columns, rows))).toEqual([
      ['Name', 'Note'],
      ['Acme, Inc.', 'He said "no"'],
      ['two\nlines', 'plain'],
    ]);
  });

  it.each(['=SUM(A1:A9)', '+91 98765', '-2+3', '-A1', '-1e5', '-12.', '@cmd', '\tTAB', '\rCR'])(
    'defuses the formula-like cell %j with a leading quote',
    (text) => {
      expect(parse(csvOf({ name: text, note: 'x' }))[1]).toEqual([`'${text}`, 'x']);
    },
  );

  it('defuses and quotes a formula that also holds a comma', () => {
    expect(csvOf({ name: '=HYPERLINK("http://x.test","click")', note: 'x' })).toBe(
      `${BOM}Name,Note\r\n"'=HYPERLINK(""http://x.test"",""click"")",x`,
    );
  });

  it.each([
    ['\n=1+1', "'\n=1+1"],
    ['\nplain next line', "'\nplain next line"],
    [' =x', "' =x"],
    ['   +91 98765', "'   +91 98765"],
    [' -2+3', "' -2+3"],
    ['  @cmd', "'  @cmd"],
    [' \t=x', "' \t=x"],
    ['\t =x', "'\t =x"],
    ['\r\n@x', "'\r\n@x"],
  ])('defuses %j, white space or a line break before a formula, as %j', (text, cell) => {
    expect(parse(csvOf({ name: text, note: 'x' }))[1]).toEqual([cell, 'x']);
  });

  it.each(['-455.55', '-5', '-0.50', '-1000000'])(
    'writes the plain number %j as it is, for spreadsheets to sum',
    (text) => {
      expect(parse(csvOf({ name: text, note: 'x' }))[1]).toEqual([text, 'x']);
    },
  );

  it('leaves cells alone that only contain those characters later on, and numbers as numbers', () => {
    expect(parse(csvOf({ name: 'a=b+c-d@e', note: -5 }))[1]).toEqual(['a=b+c-d@e', '-5']);
    expect(parse(csvOf({ name: ' x = y', note: 0 }))[1]).toEqual([' x = y', '0']);
    expect(parse(csvOf({ name: 'line 1\n=2', note: 'x' }))[1]).toEqual(['line 1\n=2', 'x']);
  });
});

describe('timeLogCsv', () => {
  const lookups = buildLookups({
    clients: [clientSchema.parse({ id: 'acme', name: 'Acme' })],
    projects: [
      projectSchema.parse({
        id: 'web',
        projectName: 'Website',
        client: 'Old Acme name',
        clientId: 'acme',
        billable: 'member',
        rounding: 'up',
        timeInterval: 15,
        approval: true,
      }),
      projectSchema.parse({
        id: 'legacy',
        projectName: 'Legacy',
        client: 'Legacy Client',
        clientId: 'deleted-client',
        billable: 'project',
        billamount: 1500,
        rounding: 'false',
      }),
      projectSchema.parse({
        id: 'retainer',
        projectName: 'Retainer',
        clientId: 'acme',
        billable: 'task',
        rounding: 'nearest',
        timeInterval: 10,
      }),
    ],
    tasks: [
      taskSchema.parse({ id: 'copy', project: 'Retainer', task: 'Copy', billableRate: 812.5 }),
    ],
    members: [
      memberSchema.parse({ id: 'asha', name: 'Asha', LoborRate: 600, BillableRate: 900 }),
      memberSchema.parse({ id: 'ravi', name: 'Ravi', LoborRate: 720, BillableRate: 1200 }),
    ],
  });
  const log = (id: string, fields: object): TimeLog => ({
    ...timeLogSchema.parse({ id, ...fields }),
    id,
  });
  // In the order they were created (stored newest first would be the reverse); the screen
  // shows 22 Nov, 21 Nov, 20 Nov, then the undated one.
  const logs = [
    log('l1', {
      date: '2026-11-20',
      projectId: 'web',
      client: 'Acme / Website',
      task: 'Design',
      memberId: 'asha',
      tags: 'design, ui',
      desc: '<p>Home page</p><p>Hero "v2", footer &amp; nav</p>',
      st: '09:00',
      end: '10:05',
      dur: 3900,
      exp: 250.5,
    }),
    log('l2', {
      date: '2026-11-21',
      projectId: 'gone',
      client: 'Old Co / Old project',
      task: 'Build',
      memberId: 'ravi',
      tags: '=HYPERLINK("x")',
      dur: 1800,
      status: 'pending',
    }),
    log('l3', {
      date: '2026-11-22',
      projectId: 'legacy',
      client: 'Legacy Client / Legacy',
      task: 'Audit',
      memberId: 'ravi',
      dur: 1200,
    }),
    log('l4', {
      date: '',
      projectId: null,
      client: '',
      task: '',
      memberId: 'left-the-team',
      dur: 59,
    }),
  ];
  const rows = parse(timeLogCsv(logs, lookups, 'INR'));

  it('starts with a BOM and the header row of the export columns', () => {
    const csv = timeLogCsv(logs, lookups, 'INR');
    expect(
      csv.startsWith(
        `${BOM}Date,Client,Project,Task,Member,Tags,Description,Start,End,Duration,Hours,Billable hours,Billable rate (INR/h),Billable amount,Labour rate (INR/h),Cost,Expenses,Status\r\n`,
      ),
    ).toBe(true);
    expect(rows).toHaveLength(1 + logs.length);
  });

  it('leaves rates, amounts and costs out for someone who may not see them', () => {
    expect(
      timeLogCsv(logs, lookups, 'INR', false).startsWith(
        `${BOM}Date,Client,Project,Task,Member,Tags,Description,Start,End,Duration,Hours,Billable hours,Expenses,Status\r\n`,
      ),
    ).toBe(true);
  });

  it('heads the rates with the workspace’s currency, euros for a workspace in EUR', () => {
    const euros = parse(timeLogCsv(logs, lookups, 'EUR'));
    expect(euros[0]?.slice(12, 16)).toEqual([
      'Billable rate (EUR/h)',
      'Billable amount',
      'Labour rate (EUR/h)',
      'Cost',
    ]);
    // The same figures as in rupees: Asha's 1.25 h × 900.00 = 1125.00, 600.00 labour → 650.00.
    expect(euros[3]?.slice(12, 17)).toEqual(['900.00', '1125.00', '600.00', '650.00', '250.50']);
    expect(timeLogCsv(logs, lookups, 'EUR', false)).not.toMatch(/rate|amount|Cost/);
  });

  it('lists logs as the screen shows them: newest day first, undated last', () => {
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '']);
  });

  it('keeps the order within a day as the screen shows it (stored order, newest first)', () => {
    const day = (id: string, date: string, desc: string) =>
      log(id, { date, desc, client: '', dur: 60 });
    const stored = [
      day('b', '2026-11-22', 'Second of the 22nd'),
      day('x', '2026-11-21', 'On the 21st'),
      day('a', '2026-11-22', 'First of the 22nd'),
    ];
    expect(
      parse(timeLogCsv(stored, lookups, 'INR'))
        .slice(1)
        .map((r) => r[6]),
    ).toEqual(['Second of the 22nd', 'First of the 22nd', 'On the 21st']);
  });

  it('writes a log with its money, the rate and the rounded hours behind it', () => {
    // Asha 1h05m on a member-rated project rounded up to 15 min: 1.25 h × ₹900 = ₹1,125.00
    // billable; cost on raw time 1.08333333 h × ₹600 = ₹650.00. Client is the current name.
    expect(rows[3]).toEqual([
      '2026-11-20',
      'Acme',
      'Website',
      'Design',
      'Asha',
      'design, ui',
      'Home page\nHero "v2", footer & nav',
      '09:00',
      '10:05',
      '1:05',
      '1.08333333',
      '1.25',
      '900.00',
      '1125.00',
      '600.00',
      '650.00',
      '250.50',
      'approved',
    ]);
  });

  it('says "no approval needed" for logs on projects that ask for none, not "approved"', () => {
    // Website asks for approval (l1 approved); Legacy does not (l3); l4 has no project; l2's
    // project is gone, so its own status stands.
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual([
      'no approval needed',
      'pending',
      'approved',
      'no approval needed',
    ]);
  });

  it('gives hours precise enough that hours × rate is the amount to the paisa', () => {
    // 1h05m to the nearest 10 min is 1h10m: 4200 s × ₹812.50 / 3600 s = ₹947.9166… → ₹947.92.
    // As 1.17 h it would give ₹950.63; 1.16666667 h × ₹812.50 = ₹947.916669 rounds to ₹947.92.
    const retainer = log('r1', {
      date: '2026-11-23',
      projectId: 'retainer',
      client: 'Acme / Retainer',
      task: 'Copy',
      taskId: 'copy',
      memberId: 'ravi',
      dur: 3900,
    });
    expect(parse(timeLogCsv([retainer], lookups, 'INR'))[1]?.slice(10, 16)).toEqual([
      '1.08333333',
      '1.16666667',
      '812.50',
      '947.92',
      '720.00',
      '780.00',
    ]);
  });

  it('writes an invoiced log with the figures its invoice froze and the rates they make', () => {
    // Asha's 1h05m on Website was invoiced when she billed ₹800/h and cost ₹500/h: 1.25 h ×
    // ₹800 = ₹1,000.00; 65/60 h × ₹500 = ₹541.666… → ₹541.67. Today she bills ₹900 and costs
    // ₹600 (₹1,125.00 and ₹650.00 above); the file says what was billed.
    const invoiced = log('i1', {
      date: '2026-11-20',
      projectId: 'web',
      client: 'Acme / Website',
      memberId: 'asha',
      dur: 3900,
      invoice: '2026-0007',
      billed: { billableSeconds: 4500, billableMinor: 100_000, costMinor: 54_167 },
    });
    expect(parse(timeLogCsv([invoiced], lookups, 'INR'))[1]?.slice(10, 16)).toEqual([
      '1.08333333',
      '1.25',
      '800.00',
      '1000.00',
      '500.00',
      '541.67',
    ]);
  });

  it('keeps a log of a deleted project, naming the saved client and defusing formula tags', () => {
    // No project → no rate, nothing billable; Ravi 0.5 h × ₹720 = ₹360.00 cost.
    expect(rows[2]).toEqual([
      '2026-11-21',
      'Old Co',
      'Old project (deleted)',
      'Build',
      'Ravi',
      `'=HYPERLINK("x")`,
      '',
      '',
      '',
      '0:30',
      '0.5',
      '0',
      '0.00',
      '0.00',
      '720.00',
      '360.00',
      '0.00',
      'pending',
    ]);
  });

  it('falls back to the client named on the log when the project has no client name', () => {
    const noClient = { ...lookups, projectsById: new Map(lookups.projectsById) };
    const legacy = noClient.projectsById.get('legacy');
    if (!legacy) throw new Error('fixture project missing');
    noClient.projectsById.set('legacy', { ...legacy, client: '', clientId: null });
    expect(parse(timeLogCsv([logs[2]!], noClient, 'INR'))[1]?.[1]).toBe('Legacy Client');
  });

  it("falls back to the project's saved client name when its client was deleted", () => {
    // Project rate ₹1,500 × 0.33333333 h = ₹500.00; Ravi 0.33333333 h × ₹720 = ₹240.00.
    expect(rows[1]).toEqual([
      '2026-11-22',
      'Legacy Client',
      'Legacy',
      'Audit',
      'Ravi',
      '',
      '',
      '',
      '',
      '0:20',
      '0.33333333',
      '0.33333333',
      '1500.00',
      '500.00',
      '720.00',
      '240.00',
      '0.00',
      'no approval needed',
    ]);
  });

  it('leaves project and member empty when the log has none or the member is gone', () => {
    // 59 s is 0.01638889 h; no project, no member: no rates, no money.
    expect(rows[4]).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '0:00',
      '0.01638889',
      '0',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      'no approval needed',
    ]);
  });
});
