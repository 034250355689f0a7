import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSaveInvoiceSettings } from '../../src/server/api/invoice-handlers';
import { handleReportExport } from '../../src/server/api/report-handlers';
import { handleCreateShare, handleSaveReport } from '../../src/server/api/saved-report-handlers';
import { handleSharedReport } from '../../src/server/api/shared-report-handler';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { projectFields, pusher, signUp, teamMember, timeLogFields } from './workspace-support';

// A workspace that bills in euros (Account setting → Invoices: EUR). Website bills €1,000/h
// (project rate, no rounding); Asha costs €400/h. Worked out by hand:
// | log | day    | tracked       | billed            | cost            | expenses |
// | L1  | 17 Nov | 5400 s (1.5 h) | 150000 c €1,500  | 60000 c €600    | 1250 c   |
// | L2  | 18 Nov | 3600 s (1 h)   | 100000 c €1,000  | 40000 c €400    | 0        |
// Total: 9000 s = 2.5 h = 2:30:00, €2,500.00 billed, €1,000.00 cost, €1,500.00 profit, €12.50.

describe.each(drivers)('the report files of a workspace in euros on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function exported(query: string) {
    const res = await handleReportExport(
      get(
        `/sync/report-export?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22&group=project${query}`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
  const csvRows = (bytes: Buffer) =>
    Papa.parse<string[]>(bytes.toString('utf8').slice(1), { newline: '\r\n' }).data;
  function pdfText(bytes: Buffer) {
    const file = join(mkdtempSync(join(tmpdir(), 'hm-pdf-')), 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.euros@example.com' }, clock);
    const saved = await handleSaveInvoiceSettings(
      post(
        '/sync/invoice-settings',
        {
          workspaceId: admin.workspace.id,
          companyName: 'Ada Studio',
          address: '1 Quay Street, Dublin',
          taxNumber: '',
          country: 'IE',
          currency: 'EUR',
          numberPattern: '{YYYY}-{SEQ:4}',
          counter: 'yearly',
          paymentTermsDays: 14,
          note: '',
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(200);
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), LoborRate: 400, BillableRate: 0 },
    });
    await ok(admin, 'createProject', {
      id: 'pA',
      fields: {
        ...projectFields('Website', null),
        billamount: 1000,
        rounding: 'false',
        memberIds: ['m1'],
      },
    });
    const log = (id: string, date: string, dur: number, exp: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, 'pA', dur), memberId: 'm1', exp },
      });
    await log('L1', '2026-11-17', 5400, 12.5);
    await log('L2', '2026-11-18', 3600, 0);
  });
  afterAll(async () => drop());

  it('heads the CSV’s money columns with EUR', async () => {
    expect(csvRows(await exported('&format=csv'))).toEqual([
      [
        'Project',
        'Logs',
        'Hours',
        'Billed hours',
        'Billable amount (EUR)',
        'Labour cost (EUR)',
        'Profit (EUR)',
        'Expenses (EUR)',
      ],
      ['Website', '2', '2.50', '2.50', '2500.00', '1000.00', '1500.00', '12.50'],
      ['Total', '2', '2.50', '2.50', '2500.00', '1000.00', '1500.00', '12.50'],
    ]);
  });

  it('heads the XLSX’s money columns with EUR, the amounts as numbers of euros', async () => {
    const [byProject] = await readXlsxFile(await exported('&format=xlsx'));
    const [headings, website, total] = byProject?.data ?? [];
    expect(headings?.slice(6)).toEqual([
      'Billable amount (EUR)',
      'Labour cost (EUR)',
      'Profit (EUR)',
      'Expenses (EUR)',
    ]);
    expect(website?.[0]).toBe('Website');
    expect(website?.slice(6)).toEqual([2500, 1000, 1500, 12.5]);
    expect(total?.[0]).toBe('Total');
    expect(total?.slice(6)).toEqual([2500, 1000, 1500, 12.5]);
  });

  it('writes the PDF’s amounts in euros', async () => {
    const text = pdfText(await exported('&format=pdf'));
    // Website's row and the total (the first row shares its lines with the wrapped headings).
    const amounts = /€2,500.00\s+€1,000.00\s+€1,500.00\s+€12.50/g;
    expect(text.match(amounts)).toHaveLength(2);
    expect(text).toMatch(/Total\s+2:30:00\s+2:30:00\s+€2,500.00\s+€1,000.00\s+€1,500.00\s+€12.50/);
    expect(text).not.toContain('₹');
  });

  it('shows a shared link’s report in euros, and its files too', async () => {
    const savedReport = await handleSaveReport(
      post(
        '/sync/saved-reports',
        {
          workspaceId: admin.workspace.id,
          name: 'November',
          schedule: null,
          spec: { range: 'custom', from: '2026-11-16', to: '2026-11-22', groups: ['project'] },
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(savedReport.status).toBe(201);
    const { report } = (await savedReport.json()) as { report: { id: string } };
    const shared = await handleCreateShare(
      post(
        '/sync/report-shares',
        { workspaceId: admin.workspace.id, savedReportId: report.id, days: 7, withAmounts: true },
        admin.cookie,
      ),
      ctx(),
    );
    expect(shared.status).toBe(201);
    const token = new URL(((await shared.json()) as { link: string }).link).hash.slice(1);
    const open = (format: string) =>
      handleSharedReport(get(`/shared-report?token=${token}&format=${format}`), ctx());
    expect(((await (await open('json')).json()) as { currency: string }).currency).toBe('EUR');
    const csv = csvRows(Buffer.from(await (await open('csv')).arrayBuffer()));
    expect(csv[0]?.slice(4)).toEqual([
      'Billable amount (EUR)',
      'Labour cost (EUR)',
      'Profit (EUR)',
      'Expenses (EUR)',
    ]);
  });
});
