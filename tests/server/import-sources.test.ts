import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import type { Database } from '../../src/server/db/connect';
import type { ImportPreview } from '../../src/server/imports/preview';
import { rows } from '../../src/server/sync/records';
import { context, drivers } from './support';
import {
  clientFields,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// POST /api/imports/preview for the sources of issue 33 (Clockify, Harvest, Kimai), at the API on
// both drivers, with the figures of each fixture under tests/fixtures/import worked out by hand.
// The workspace is the one of import-preview.test.ts: Bo imports; Ana is a member known by
// email (named "Ana N."); Acme Foods / Website Redesign bills 100 an hour and has a task Design;
// a log carries the tags Design and billing.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

describe.each(drivers)('previewing Clockify, Harvest and Kimai files, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  const ws = () => admin.workspace.id;

  const preview = (body: BodyInit, query = '', type = 'text/csv') =>
    handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}${query}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': type },
        body,
      }),
      context(database),
    );
  const previewOf = async (body: BodyInit, query = '', type = 'text/csv') => {
    const res = await preview(body, query, type);
    expect(res.status).toBe(200);
    return ((await res.json()) as { preview: ImportPreview }).preview;
  };
  const version = async () =>
    rows<{ version: number | string }>(
      database.db,
      sql`SELECT version FROM workspaces WHERE id = ${ws()}`,
    );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' });
    const { ok } = pusher(() => database, ws);
    await ok(admin, 'createMember', {
      id: 'm-ana',
      fields: { ...teamMember('Ana', 'Normal'), name: 'Ana N.', email: 'Ana@Studio.test' },
    });
    await ok(admin, 'createClient', { id: 'c-acme', fields: clientFields('acme foods') });
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: { ...projectFields('website redesign', 'c-acme'), billamount: 100 },
    });
    await ok(admin, 'createTask', {
      id: 't-design',
      fields: { projectId: 'p-web', task: 'DESIGN', assigneeIds: [], billableRate: null },
    });
    await ok(admin, 'addTimeLog', {
      id: 'l-1',
      fields: { ...timeLogFields('2026-11-02', 'p-web', 3600), tags: 'Design, billing' },
    });
  });
  afterAll(async () => drop());

  describe('Clockify', () => {
    it('previews the sample: the invoiced row counted, the midnight entry on its start day, the date order asked for', async () => {
      const before = await version();
      const seen = await previewOf(fixture('clockify-detailed.csv'));
      expect(await version()).toEqual(before);
      expect(seen).toMatchObject({
        source: 'clockify',
        sourceName: 'Clockify Detailed report (CSV)',
        encoding: 'UTF-8',
        // Every date (10/05, 10/06, 10/07/2026) reads both ways: read as Clockify's default
        // MM/DD/YYYY until the person chooses.
        dateFormats: ['MM/DD/YYYY', 'DD/MM/YYYY'],
        dateFormat: 'MM/DD/YYYY',
        mustChooseDateFormat: true,
        numberFormat: 'decimal-point',
        rows: { importable: 5, refused: 0, alreadyImported: 0 },
        // Release night, 10:30 PM on 10/06 to 01:15 AM on 10/07, stays on 6 October.
        dateRange: { from: '2026-10-05', to: '2026-10-07' },
        // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00
        totalSeconds: 24330,
        // all but Internal (0:30:00) and Standup (0:15:00)
        billableSeconds: 21630,
        clients: { create: 1, match: 1, created: ['Northwind'] },
        projects: { create: 2, match: 1, created: ['Internal', 'Booking App'] },
        tasks: { create: 1, match: 1, created: ['Website Redesign / Development'] },
        tags: {
          create: 4,
          match: 1,
          created: ['client work', 'release', 'on call', 'meeting'],
        },
        members: { create: 0, match: 2, created: [] },
        // "Menu page, second pass" is Invoiced Yes (INV-0042): kept off Uninvoiced.
        history: { invoicedElsewhere: 1, approved: 0 },
        problems: [],
      });
      expect(seen.people.map((p) => [p.email, p.rows, p.seconds, p.suggestion.kind])).toEqual([
        ['ana@studio.test', 3, 13530, 'member'],
        ['bo@studio.test', 2, 10800, 'me'],
      ]);
      // 250.00 + 75.83 + 0 + 275.00 + 0 in the file; the three Website Redesign rows at 100 an
      // hour: 9000 s → 250.00, 2730 s → 75.83, 9900 s → 275.00.
      expect(seen.amounts).toEqual({
        fileCurrency: 'USD',
        fileMinor: 60083,
        workspaceCurrency: 'INR',
        pricedRows: 3,
        workspaceMinor: 60083,
        fileMinorOfPricedRows: 60083,
      });
    });

    it('reads the dates in the order the person chose, and refuses an order it does not know', async () => {
      const seen = await previewOf(fixture('clockify-detailed.csv'), '&dateFormat=DD/MM/YYYY');
      expect([seen.dateFormat, seen.mustChooseDateFormat, seen.dateRange]).toEqual([
        'DD/MM/YYYY',
        false,
        { from: '2026-05-10', to: '2026-07-10' },
      ]);
      const res = await preview(fixture('clockify-detailed.csv'), '&dateFormat=YY/MM/DD');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        message: 'Some query parameters are missing or invalid.',
        fields: { dateFormat: 'Choose one of YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY' },
      });
    });

    it('lists a malformed Clockify file’s rows with line and reason, and previews the rest', async () => {
      const text = `${fixture('clockify-detailed.csv').toString('utf8')}"X","","","","Bo Lindqvist","","bo@studio.test","","Regular","Yes","No","","10/08/2026","9 AM","","","01:00:00","1.00","","",""
"X","","","","Bo Lindqvist","","bo@studio.test","","Regular","Yes","No","","10/08/2026","09:00 AM","","","01:00:00","1.00","",""
"X","","","","Bo Lindqvist","","bo@studio.test","","Regular","Yes","No","","10/08/2026","09:00 AM","","","01:00:00","1.00","","","10/08/2026
`;
      const seen = await previewOf(text);
      expect(seen.problems).toEqual([
        { line: 7, reason: 'Start Time “9 AM” is not a time like 09:30 AM.' },
        { line: 8, reason: 'It has 20 cells where the header has 21.' },
        { line: 9, reason: 'A quoted cell is never closed: the file may be cut off.' },
      ]);
      expect([seen.rows, seen.totalSeconds]).toEqual([
        { importable: 5, refused: 3, alreadyImported: 0 },
        24330,
      ]);
    });
  });

  describe('Harvest', () => {
    it('previews the sample: people by name, the new member’s labour rate from Cost Rate, a row without client', async () => {
      const seen = await previewOf(fixture('harvest-time-report.csv'));
      expect(seen).toMatchObject({
        source: 'harvest',
        sourceName: 'Harvest Detailed time report (CSV)',
        dateFormats: ['YYYY-MM-DD'],
        dateFormat: 'YYYY-MM-DD',
        mustChooseDateFormat: false,
        numberFormat: 'decimal-point',
        rows: { importable: 4, refused: 0, alreadyImported: 0 },
        dateRange: { from: '2026-10-05', to: '2026-10-06' },
        // 2.5 h + 0.76 h + 0.5 h + 2.75 h = 9000 + 2736 + 1800 + 9900 s
        totalSeconds: 23436,
        // all but Internal / Admin (0.5 h)
        billableSeconds: 21636,
        clients: { create: 0, match: 1, created: [] },
        // The row without client is Internal, a project without client.
        projects: { create: 1, match: 1, created: ['Internal'] },
        tasks: {
          create: 2,
          match: 1,
          created: ['Internal / Admin', 'Website Redesign / Development'],
        },
        tags: { create: 0, match: 0, created: [] },
        // Harvest has no emails: "Ana Novak" is not the member "Ana N.", Bo is found by name.
        members: { create: 1, match: 1, created: ['Ana Novak'] },
        // "Menu page, second pass" is Invoiced? Yes; both 5 October rows are Approved? Yes.
        history: { invoicedElsewhere: 1, approved: 2 },
        problems: [],
      });
      expect(seen.people).toEqual([
        {
          name: 'Ana Novak',
          email: '',
          rows: 3,
          seconds: 13536,
          suggestion: { kind: 'new', memberId: null, memberName: 'Ana Novak' },
          // Her Cost Rate, 40.0, is the labour rate she would get as a new member.
          labourRate: 40,
        },
        {
          name: 'Bo Lindqvist',
          email: '',
          rows: 1,
          seconds: 9900,
          suggestion: {
            kind: 'me',
            memberId: admin.workspace.memberId,
            memberName: 'Bo Lindqvist',
          },
          // An existing member keeps the rate they have.
          labourRate: null,
        },
      ]);
      // The file: 250.0 + 75.0 + 0.0 + 275.0. The Website Redesign rows at 100 an hour:
      // 9000 s → 250.00, 2736 s → 76.00, 9900 s → 275.00; the file billed 75.0 for the 0.76 h.
      expect(seen.amounts).toEqual({
        fileCurrency: 'USD',
        fileMinor: 60000,
        workspaceCurrency: 'INR',
        pricedRows: 3,
        workspaceMinor: 60100,
        fileMinorOfPricedRows: 60000,
      });
    });

    it('previews a decimal-comma file: "24,0" hours and a "2.400,0" amount', async () => {
      const seen = await previewOf(fixture('harvest-time-report-decimal-comma.csv'));
      expect(seen).toMatchObject({
        numberFormat: 'decimal-comma',
        rows: { importable: 2, refused: 0, alreadyImported: 0 },
        // 2,5 h + 24,0 h
        totalSeconds: 95400,
        billableSeconds: 95400,
        tasks: { create: 1, match: 1, created: ['Website Redesign / Development'] },
        problems: [],
      });
      expect(seen.people.map((p) => [p.name, p.seconds, p.suggestion.kind, p.labourRate])).toEqual([
        ['Ana Novak', 9000, 'new', 0],
        ['Bo Lindqvist', 86400, 'me', null],
      ]);
      // 250,0 + 2.400,0 in the file; at 100 an hour 2.5 h → 250.00 and 24 h → 2,400.00.
      expect(seen.amounts).toEqual({
        fileCurrency: 'EUR',
        fileMinor: 265000,
        workspaceCurrency: 'INR',
        pricedRows: 2,
        workspaceMinor: 265000,
        fileMinorOfPricedRows: 265000,
      });
    });

    it('lists a malformed Harvest file’s rows with line and reason, and previews the rest', async () => {
      const text = `${fixture('harvest-time-report-decimal-comma.csv').toString('utf8')}2026-10-07,,X,,T,,"2.5",Yes,No,No,Bo,Lindqvist,,Yes,"0,0","0,0","0,0","0,0",Euro - EUR,
2026-10-07,,X,,T,,"1,0",Yes,No,No,Bo,Lindqvist,,Yes,"0,0","0,0"
2026-10-07,,X,,T,,"1,0",Yes,No,No,Bo,Lindqvist,,Yes,"0,0","0,0","0,0","0,0",Euro - EUR,"cut off
`;
      const seen = await previewOf(text);
      expect(seen.problems).toEqual([
        { line: 4, reason: 'Hours “2.5” is not a number like 2,5.' },
        { line: 5, reason: 'It has 16 cells where the header has 20.' },
        { line: 6, reason: 'A quoted cell is never closed: the file may be cut off.' },
      ]);
      expect([seen.rows, seen.totalSeconds]).toEqual([
        { importable: 2, refused: 3, alreadyImported: 0 },
        95400,
      ]);
    });
  });

  describe('Kimai', () => {
    it('previews the default English CSV export: decimal hours against the clock span, people by email', async () => {
      const seen = await previewOf(fixture('kimai-timesheet.csv'));
      expect(seen).toMatchObject({
        source: 'kimai',
        sourceName: 'Kimai timesheet export (CSV)',
        dateFormats: ['YYYY-MM-DD'],
        mustChooseDateFormat: false,
        numberFormat: 'decimal-point',
        rows: { importable: 5, refused: 0, alreadyImported: 0 },
        dateRange: { from: '2026-10-05', to: '2026-10-07' },
        // 2.5 h + 20 min (0.33 h, 13:15–13:35) + 0.5 h + 2.75 h + 2 h (10:00–12:30 less a break)
        totalSeconds: 29100,
        // all but Internal / Admin (0.5 h)
        billableSeconds: 27300,
        clients: { create: 2, match: 1, created: ['Studio', 'Northwind'] },
        projects: { create: 2, match: 1, created: ['Internal', 'Booking App'] },
        tasks: {
          create: 3,
          match: 1,
          created: ['Internal / Admin', 'Website Redesign / Development', 'Booking App / QA'],
        },
        tags: { create: 4, match: 1, created: ['client work', 'release', 'on call', 'qa'] },
        members: { create: 0, match: 2, created: [] },
        history: { invoicedElsewhere: 0, approved: 0 },
        problems: [],
      });
      expect(seen.people.map((p) => [p.email, p.rows, p.seconds, p.suggestion.kind])).toEqual([
        ['ana@studio.test', 3, 12000, 'member'],
        ['bo@studio.test', 2, 17100, 'me'],
      ]);
      // Price: 250 + 33.33 + 0 + 275 + 200. Website Redesign at 100 an hour: 9000 s → 250.00,
      // 1200 s → 33.33, 9900 s → 275.00.
      expect(seen.amounts).toEqual({
        fileCurrency: 'USD',
        fileMinor: 75833,
        workspaceCurrency: 'INR',
        pricedRows: 3,
        workspaceMinor: 55833,
        fileMinorOfPricedRows: 55833,
      });
    });

    it('lists a malformed Kimai file’s rows with line and reason, and previews the rest', async () => {
      const text = `${fixture('kimai-timesheet.csv').toString('utf8')}2026-10-08,09:00,,0,USD,0,0,0,0,"Bo Lindqvist",bo,bo@studio.test,,X,Y,Z,,1,,timesheet,work,,,,
2026-10-08,09:00,10:00,1,USD,0,0,0,0,"Bo Lindqvist",bo,bo@studio.test,,X,Y,Z,,1,,timesheet,work
2026-10-08,09:00,10:00,1,USD,0,0,0,0,"Bo Lindqvist",bo,bo@studio.test,,X,Y,Z,"cut off
`;
      const seen = await previewOf(text);
      expect(seen.problems).toEqual([
        { line: 7, reason: 'It is still running (To is empty).' },
        { line: 8, reason: 'It has 21 cells where the header has 25.' },
        { line: 9, reason: 'A quoted cell is never closed: the file may be cut off.' },
      ]);
      expect([seen.rows, seen.totalSeconds]).toEqual([
        { importable: 5, refused: 3, alreadyImported: 0 },
        29100,
      ]);
    });

    it('previews the XLSX export alike, and refuses a damaged workbook with 422', async () => {
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const seen = await previewOf(fixture('kimai-timesheet.xlsx'), '', xlsx);
      expect(seen).toMatchObject({
        source: 'kimai',
        sourceName: 'Kimai timesheet export (Excel)',
        encoding: 'XLSX',
        rows: { importable: 5, refused: 0, alreadyImported: 0 },
        totalSeconds: 29100,
        billableSeconds: 27300,
        tasks: { create: 3, match: 1 },
        amounts: { fileMinor: 75833, workspaceMinor: 55833, pricedRows: 3 },
        problems: [],
      });
      const damaged = await preview(fixture('kimai-timesheet.xlsx').subarray(0, 1500), '', xlsx);
      expect(damaged.status).toBe(422);
      expect(await damaged.json()).toMatchObject({ error: 'unreadable_file' });
    });
  });
});
