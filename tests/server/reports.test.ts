import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogs } from '../../src/server/api/read-handlers';
import { handleActivity } from '../../src/server/api/activity-handler';
import { handleClientCredits } from '../../src/server/api/invoice-handlers';
import {
  handleReport,
  handleReportEntries,
  handleReportExport,
} from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';
import { seededPicker } from './seeded';

// The detailed report over one week, 16–22 Nov 2026 (Monday to Sunday), with every figure worked
// out by hand below. Asha bills ₹1,000/h and costs ₹400/h; Bilal bills ₹800/h and costs ₹300/h.
//
// | log | project (billing, rounding)        | who   | day    | tracked       | billed             | amount     | cost      | expenses |
// | L1  | Website (₹1,500/h project, up 15)  | Asha  | 16 Nov | 3000 s (50 m) | 3600 s             | 150000 p   | 33333 p   | 0        |
// | L2  | Website                            | Bilal | 17 Nov | 5400 s        | 5400 s             | 225000 p   | 45000 p   | 25050 p  |
// | L3  | Support (member rate, nearest 30)  | Asha  | 18 Nov | 4500 s        | 5400 s (2.5 → 3)   | 150000 p   | 50000 p   | 0        |
// | L4  | Support                            | Bilal | 20 Nov | 2000 s        | 1800 s             | 40000 p    | 16667 p   | 0        |
// | L5  | Internal (non billable)            | Asha  | 21 Nov | 7200 s        | 0                  | 0          | 80000 p   | 10000 p  |
// | L6  | Website                            | Asha  | 23 Nov | outside the week                                                    |
//
// Cost of L1: 3000 × 40000 / 3600 = 33333.3 → 33333; of L4: 2000 × 30000 / 3600 = 16666.7 → 16667.

describe.each(drivers)('the detailed report on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function report(who: { cookie: string }, query: string) {
    const res = await handleReport(
      get(
        `/sync/report?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22${query}`,
        who.cookie,
      ),
      ctx(),
    );
    const body = (await res.json()) as {
      totals: Record<string, number | null>;
      groups: {
        label: string;
        totals: Record<string, number | null>;
        children?: { label: string; totals: Record<string, number | null> }[];
      }[];
    };
    return { status: res.status, ...body };
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.reports@example.com' }, clock);
    const rates = (LoborRate: number, BillableRate: number) => ({ LoborRate, BillableRate });
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), ...rates(400, 1000) },
    });
    await ok(admin, 'createMember', {
      id: 'm2',
      fields: { ...teamMember('Bilal', 'Normal'), ...rates(300, 800) },
    });
    await ok(admin, 'createClient', { id: 'c1', fields: clientFields('Acme') });
    const everyone = { memberIds: ['m1', 'm2'] };
    await ok(admin, 'createProject', {
      id: 'pA',
      fields: {
        ...projectFields('Website', 'c1'),
        billamount: 1500,
        rounding: 'up',
        timeInterval: 15,
        ...everyone,
      },
    });
    await ok(admin, 'createProject', {
      id: 'pB',
      fields: {
        ...projectFields('Support', 'c1'),
        billable: 'member',
        billamount: 0,
        rounding: 'nearest',
        timeInterval: 30,
        ...everyone,
      },
    });
    await ok(admin, 'createProject', {
      id: 'pC',
      fields: {
        ...projectFields('Internal', null),
        billable: 'false',
        billamount: 0,
        rounding: 'false',
        ...everyone,
      },
    });
    const log = (
      id: string,
      projectId: string,
      memberId: string,
      date: string,
      dur: number,
      exp: number,
      tags: string,
    ) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, projectId, dur), memberId, exp, tags },
      });
    await log('L1', 'pA', 'm1', '2026-11-16', 3000, 0, 'design');
    await log('L2', 'pA', 'm2', '2026-11-17', 5400, 250.5, 'design, review');
    await log('L3', 'pB', 'm1', '2026-11-18', 4500, 0, 'support');
    await log('L4', 'pB', 'm2', '2026-11-20', 2000, 0, '');
    await log('L5', 'pC', 'm1', '2026-11-21', 7200, 100, 'admin');
    await log('L6', 'pA', 'm1', '2026-11-23', 3600, 0, 'design');
    asha = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Asha', email: 'asha.reports@example.com' },
      'Normal',
      'm1',
      clock,
    );
  });
  afterAll(async () => drop());

  it('totals the week to the paisa, and /allHours says the same for the same days', async () => {
    const { status, totals } = await report(admin, '');
    expect(status).toBe(200);
    expect(totals).toEqual({
      logs: 5,
      seconds: 22100,
      billableSeconds: 16200,
      billableMinor: 565000,
      costMinor: 225000,
      expensesMinor: 35050,
      profitMinor: 340000,
    });
    const logs = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22`, admin.cookie),
      ctx(),
    );
    expect(((await logs.json()) as { totals: unknown }).totals).toEqual({
      logs: 5,
      seconds: 22100,
      billableSeconds: 16200,
      billableMinor: 565000,
      costMinor: 225000,
      expensesMinor: 35050,
    });
  });

  it('groups by project, then member, with subtotals', async () => {
    const { groups } = await report(admin, '&group=project&group=member');
    expect(
      groups.map((g) => [
        g.label,
        g.totals.seconds,
        g.totals.billableMinor,
        g.totals.costMinor,
        g.totals.expensesMinor,
      ]),
    ).toEqual([
      ['Internal', 7200, 0, 80000, 10000],
      ['Support', 6500, 190000, 66667, 0],
      ['Website', 8400, 375000, 78333, 25050],
    ]);
    expect(
      groups[2]?.children?.map((c) => [c.label, c.totals.billableSeconds, c.totals.billableMinor]),
    ).toEqual([
      ['Asha', 3600, 150000],
      ['Bilal', 5400, 225000],
    ]);
  });

  it('groups by client, tag, week and billable', async () => {
    const by = async (group: string) =>
      (await report(admin, `&group=${group}`)).groups.map((g) => [
        g.label,
        g.totals.logs,
        g.totals.seconds,
      ]);
    expect(await by('client')).toEqual([
      ['', 1, 7200],
      ['Acme', 4, 14900],
    ]);
    // A log with two tags counts under each.
    expect(await by('tag')).toEqual([
      ['', 1, 2000],
      ['admin', 1, 7200],
      ['design', 2, 8400],
      ['review', 1, 5400],
      ['support', 1, 4500],
    ]);
    expect(await by('week')).toEqual([['2026-11-16', 5, 22100]]);
    expect(await by('billable')).toEqual([
      ['Billable', 4, 14900],
      ['Non-billable', 1, 7200],
    ]);
  });

  it('filters by tags (any or all), billable and member', async () => {
    expect((await report(admin, '&tag=design&tag=admin')).totals.seconds).toBe(15600);
    expect((await report(admin, '&tag=design&tag=review&tagMode=all')).totals.seconds).toBe(5400);
    expect((await report(admin, '&billable=no')).totals).toMatchObject({
      logs: 1,
      costMinor: 80000,
    });
    expect((await report(admin, '&member=m2')).totals).toMatchObject({
      seconds: 7400,
      billableMinor: 265000,
    });
  });

  it('a Normal member’s report holds their own time and no money', async () => {
    const { totals, groups } = await report(asha, '&group=project');
    expect(totals).toEqual({
      logs: 3,
      seconds: 14700,
      billableSeconds: 9000,
      billableMinor: null,
      costMinor: null,
      expensesMinor: 10000,
      profitMinor: null,
    });
    expect(groups.map((g) => g.label)).toEqual(['Internal', 'Support', 'Website']);
  });

  it('answers bad queries with 400 beside each parameter', async () => {
    const res = await handleReport(
      get(
        `/sync/report?workspace=${admin.workspace.id}&from=2026-11-22&to=2026-11-16&group=colour&group=week&group=day&billable=maybe&extra=1`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields['group']).toBe('At most two levels');
    expect(fields['billable']).toBe('One of any, yes, no');
    expect(fields['extra']).toBe('Not a parameter of this request');
  });

  async function exported(who: { cookie: string }, query: string) {
    const res = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22${query}`,
        who.cookie,
      ),
      ctx(),
    );
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  /** What poppler reads from a PDF: its text laid out, its fonts and its page size. */
  function poppler(bytes: Buffer) {
    const file = join(mkdtempSync(join(tmpdir(), 'hm-pdf-')), 'report.pdf');
    writeFileSync(file, bytes);
    const run = (tool: string, ...args: string[]) =>
      execFileSync(tool, args.length ? args : [file], { encoding: 'utf8' });
    return {
      // '-' sends the text to stdout instead of a .txt file beside the PDF.
      text: run('pdftotext', '-layout', '-enc', 'UTF-8', file, '-'),
      fonts: run('pdffonts'),
      info: run('pdfinfo'),
    };
  }

  it('exports XLSX with a sheet per grouping level and figures as numbers', async () => {
    const { res, bytes } = await exported(admin, '&group=project&group=member&format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="hourmark-report-2026-11-16-to-2026-11-22.xlsx"',
    );
    const sheets = await readXlsxFile(bytes);
    expect(sheets.map((s) => s.sheet)).toEqual([
      'By Project',
      'By Project and Team member',
      'About',
    ]);
    const [projects, members, about] = sheets.map((s) => s.data);
    expect(projects?.[0]).toEqual([
      'Project',
      'Logs',
      'Hours',
      'Hours (h:mm)',
      'Billed hours',
      'Billed (h:mm)',
      'Billable amount (INR)',
      'Labour cost (INR)',
      'Profit (INR)',
      'Expenses (INR)',
    ]);
    // Website: 8400 s = 2.3333 h tracked, 9000 s = 2.5 h billed, ₹3,750 billed, ₹783.33 cost.
    const website = projects?.find((row) => row[0] === 'Website');
    expect(website?.[1]).toBe(2);
    expect(website?.[2]).toBeCloseTo(2.3333, 4);
    expect(website?.[4]).toBe(2.5);
    // h:mm columns are durations (a number of days with an elapsed-time format), which the
    // reader turns into a time of day on Excel's day zero: 2:20 and 2:30.
    expect(website?.[3]).toEqual(new Date('1899-12-30T02:20:00.000Z'));
    expect(website?.[5]).toEqual(new Date('1899-12-30T02:30:00.000Z'));
    expect(website?.slice(6)).toEqual([3750, 783.33, 2966.67, 250.5]);
    // The total: 22100 s = 6.1389 h, 16200 s = 4.5 h billed, ₹5,650 billed, ₹2,250 cost.
    const total = projects?.at(-1);
    expect(total?.[0]).toBe('Total');
    expect(total?.[2]).toBeCloseTo(6.1389, 4);
    expect(total?.[4]).toBe(4.5);
    expect(total?.slice(6)).toEqual([5650, 2250, 3400, 350.5]);
    expect(members?.[0]?.slice(0, 2)).toEqual(['Project', 'Team member']);
    expect(members?.find((row) => row[0] === 'Website' && row[1] === 'Bilal')?.[7]).toBe(2250);
    expect(about).toContainEqual(['Dates', '16 Nov 2026 – 22 Nov 2026']);
  });

  it('exports a PDF with the workspace, the dates, the filter and the totals, font embedded', async () => {
    const { res, bytes } = await exported(admin, '&group=project&billable=yes&format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { text, fonts, info } = poppler(bytes);
    expect(text).toContain('Detailed report');
    expect(text).toContain('16 Nov 2026 – 22 Nov 2026');
    expect(text).toContain('Billable only');
    // Billable logs only (L1–L4): 14900 s tracked = 4:08:20, ₹5,650.00 billed, ₹1,450.00 cost.
    expect(text).toMatch(/Website\s+2:20:00\s+2:30:00\s+₹3,750.00\s+₹783.33\s+₹2,966.67\s+₹250.50/);
    expect(text).toMatch(/Total\s+4:08:20\s+4:30:00\s+₹5,650.00\s+₹1,450.00\s+₹4,200.00\s+₹250.50/);
    expect(fonts).toMatch(/DejaVuSans\s.*yes/);
    expect(info).toMatch(/Page size:\s+595.* x 841.* \(A4\)/);
    const letter = poppler((await exported(admin, '&format=pdf&paper=letter')).bytes);
    expect(letter.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it('a Normal member’s files hold their own time and no money', async () => {
    const pdf = poppler((await exported(asha, '&group=project&format=pdf')).bytes);
    expect(pdf.text).not.toContain('Billable amount');
    expect(pdf.text).not.toContain('Bilal');
    // Asha: 3000 + 4500 + 7200 = 14700 s = 4:05:00, ₹100.00 of expenses.
    expect(pdf.text).toMatch(/Total\s+4:05:00\s+2:30:00\s+₹100.00/);
    const sheets = await readXlsxFile((await exported(asha, '&format=xlsx')).bytes);
    expect(sheets[0]?.data[0]).not.toContain('Billable amount (INR)');
    const csv = (await exported(asha, '&format=csv')).bytes.toString('utf8');
    expect(csv).not.toContain('Billable amount');
    expect(csv).toContain('Total');
  });

  it('exports a loss in the CSV as a number, so the Profit column sums to the total', async () => {
    // Internal bills nothing and costs 80000 p: a profit of -800.00 (issue 24), which a leading
    // quote used to make text that spreadsheet sums skip.
    const { res, bytes } = await exported(admin, '&group=project&format=csv');
    expect(res.status).toBe(200);
    const rows = Papa.parse<(string | number)[]>(bytes.toString('utf8').slice(1), {
      newline: '\r\n',
      dynamicTyping: true,
    }).data;
    const profit = rows[0]?.indexOf('Profit (INR)') ?? -1;
    // Internal 0 − 80000 p; Support 190000 − 66667 = 123333 p; Website 375000 − 78333 = 296667 p.
    expect(rows.map((r) => [r[0], r[profit]])).toEqual([
      ['Project', 'Profit (INR)'],
      ['Internal', -800],
      ['Support', 1233.33],
      ['Website', 2966.67],
      ['Total', 3400],
    ]);
    const paise = rows
      .slice(1, -1)
      .reduce(
        (sum, r) => sum + (typeof r[profit] === 'number' ? Math.round(r[profit] * 100) : 0),
        0,
      );
    expect(paise).toBe(340000);
  });

  it('a filter names only what the person may see', async () => {
    const pdf = poppler((await exported(asha, '&project=pA&member=m2&format=pdf')).bytes);
    expect(pdf.text).toContain('Projects: Website');
    expect(pdf.text).toContain('Team members: unknown');
    expect(pdf.text).not.toContain('Bilal');
  });

  it('answers 1,000 junk and half-right export queries with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(7);
    const junk = ['', '%00', 'x'.repeat(300), 'no-such', '-1', '[]'];
    const params: Record<string, readonly string[]> = {
      format: ['csv', 'xlsx', 'pdf', 'docx', ...junk],
      paper: ['a4', 'letter', 'a3', ...junk],
      workspace: [admin.workspace.id, '00000000-0000-4000-8000-000000000000', ...junk],
      from: ['2026-11-16', ...junk],
      to: ['2026-11-22', ...junk],
      group: ['project', 'tag', 'colour', ...junk],
      project: ['pA', 'ghost', ...junk],
      member: ['m1', 'ghost', ...junk],
      billable: ['yes', 'maybe'],
    };
    for (let i = 0; i < 1000; i += 1) {
      const parts: string[] = [];
      for (const [key, values] of Object.entries(params)) {
        const required = ['format', 'workspace', 'from', 'to'].includes(key);
        const times = required ? (rand() < 0.9 ? 1 : pick([0, 2])) : rand() < 0.3 ? 1 : 0;
        for (let n = 0; n < times; n += 1) parts.push(`${key}=${pick(values)}`);
      }
      const query = parts.join('&');
      const res = await handleReportExport(
        get(`/sync/report-export?${query}`, rand() < 0.8 ? admin.cookie : asha.cookie),
        ctx(),
      );
      expect(res.status, `#${i}: ${query.slice(0, 160)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 180_000);

  it('Activity reads logs most recently added or changed first', async () => {
    clock.advance(60_000);
    await ok(admin, 'updateTimeLog', { id: 'L3', changes: { desc: '<p>Fixed the mail form</p>' } });
    const res = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}&order=recent&limit=2`, admin.cookie),
      ctx(),
    );
    const { logs } = (await res.json()) as { logs: { id: string }[] };
    // L3 was changed last; the others were added in one moment, so the highest id comes next.
    expect(logs.map((l) => l.id)).toEqual(['L3', 'L6']);
  });

  it('answers 1,000 junk and half-right queries with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(41);
    const junk = ['', '%00', 'x'.repeat(300), 'no-such', '2026-02-30', '-1', '[]', '{}'];
    const params: Record<string, readonly string[]> = {
      workspace: [admin.workspace.id, '00000000-0000-4000-8000-000000000000', ...junk],
      from: ['2026-11-16', '2016-01-01', ...junk],
      to: ['2026-11-22', '2036-12-31', ...junk],
      group: ['project', 'tag', 'week', 'colour', ...junk],
      client: ['c1', 'ghost', ...junk],
      project: ['pA', 'ghost', ...junk],
      task: ['t1', ...junk],
      member: ['m1', 'ghost', ...junk],
      tag: ['design', "o'brien", ...junk],
      tagMode: ['any', 'all', ...junk],
      billable: ['any', 'yes', 'no', ...junk],
      status: ['approved', 'pending', ...junk],
      invoiced: ['any', 'yes', 'no', ...junk],
      extra: ['1'],
    };
    for (let i = 0; i < 1000; i += 1) {
      const parts: string[] = [];
      for (const [key, values] of Object.entries(params)) {
        const times =
          key === 'workspace' || key === 'from' || key === 'to'
            ? rand() < 0.9
              ? 1
              : pick([0, 2])
            : rand() < 0.3
              ? pick([1, 2, 3])
              : 0;
        for (let n = 0; n < times; n += 1) parts.push(`${key}=${pick(values)}`);
      }
      const query = parts.join('&');
      // The same queries to the report, its entry list, Activity and the clients' credits.
      for (const [path, handler] of [
        ['/sync/report', handleReport],
        ['/sync/report-entries', handleReportEntries],
        ['/sync/activity', handleActivity],
        ['/sync/client-credits', handleClientCredits],
      ] as const) {
        const res = await handler(
          get(`${path}?${query}`, rand() < 0.8 ? admin.cookie : asha.cookie),
          ctx(),
        );
        expect(res.status, `${path} #${i}: ${query.slice(0, 160)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
  }, 180_000);
});
