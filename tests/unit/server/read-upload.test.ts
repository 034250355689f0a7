import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readImportUpload } from '../../../src/server/imports/read-upload';

// An uploaded workbook (issue 33): Kimai's XLSX export read like its CSV, and zips that are
// damaged or inflate past the cap refused before a spreadsheet parser sees them.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

describe('reading an uploaded workbook', () => {
  it('reads Kimai’s XLSX export as its CSV: same entries, rows numbered as the sheet shows them, the totals row skipped', async () => {
    const workbook = await readImportUpload(fixture('kimai-timesheet.xlsx'));
    const text = await readImportUpload(fixture('kimai-timesheet.csv'));
    if (!workbook.ok || !text.ok) throw new Error('not read');
    expect([workbook.source, workbook.sourceName, workbook.encoding]).toEqual([
      'kimai',
      'Kimai timesheet export (Excel)',
      'XLSX',
    ]);
    expect(workbook.problems).toEqual([]);
    expect(workbook.entries).toEqual(text.entries);
    // 9000 + 1200 + 1800 + 9900 + 7200, as in the CSV
    expect(workbook.entries.reduce((sum, e) => sum + e.durationSeconds, 0)).toBe(29100);
  });

  it('reads a CSV upload as before', async () => {
    const file = await readImportUpload(fixture('toggl-detailed.csv'));
    expect(file).toMatchObject({ ok: true, source: 'toggl', encoding: 'UTF-8 with BOM' });
  });

  it('refuses a zip bomb, a damaged workbook and a zip that is no workbook, with a message', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(4 * 1024 * 1024) });
    expect(await readImportUpload(bomb, {}, 1024 * 1024)).toEqual({
      ok: false,
      error: 'unreadable_file',
      message:
        'This workbook unpacks to more than 1 MB, more than an import reads. Export a shorter period, or the report as CSV, and import that.',
    });
    const unreadable = {
      ok: false,
      error: 'unreadable_file',
      message:
        'This file is a zip or an Excel workbook that could not be read. Export the report again as CSV or Excel (.xlsx) and upload that file.',
    };
    const workbook = fixture('kimai-timesheet.xlsx');
    expect(await readImportUpload(workbook.subarray(0, 2000))).toEqual(unreadable);
    // Issue 33: a zip that is no workbook is read for Toggl's account export or one CSV.
    expect(await readImportUpload(zipSync({ 'notes.txt': strToU8('hello') }))).toEqual({
      ok: false,
      error: 'unreadable_file',
      message:
        'This zip holds neither Toggl Track’s account export nor one CSV export. Upload the CSV file itself, or the zip Toggl sent as it is.',
    });
    expect(await readImportUpload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toEqual(
      unreadable,
    );
  });
});

describe('reading a zip that is no workbook (issue 33)', () => {
  it('refuses a zip bomb of JSON before inflating it, and reads one zipped CSV as that CSV', async () => {
    const bomb = zipSync({ 'clients.json': new Uint8Array(4 * 1024 * 1024) });
    expect(await readImportUpload(bomb, {}, 1024 * 1024)).toEqual({
      ok: false,
      error: 'unreadable_file',
      message:
        'This zip unpacks to more than 1 MB, more than an import reads. Export a shorter period, or the report as CSV, and import that.',
    });
    const zipped = await readImportUpload(
      zipSync({ 'Toggl_time_entries.csv': fixture('toggl-detailed.csv') }),
    );
    const plain = await readImportUpload(fixture('toggl-detailed.csv'));
    expect(zipped.ok && zipped.source).toBe('toggl');
    expect(zipped.ok && zipped.entries).toEqual(plain.ok && plain.entries);
  });
});
