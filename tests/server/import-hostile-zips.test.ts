import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import { handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { inZipSlot, ZIP_LINE, ZIP_SLOTS } from '../../src/server/imports/zip-slots';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';
import { hostileZip, packedRun, packedText, type LocalFile } from './zip-bombs.mjs';

// Hostile uploads (issue 46): zips made to cost the server far more than their size. Each is
// refused with a 4xx within 2 s, the process's memory rising by less than 100 MB and its event
// loop (what /health waits on) answering within 250 ms at the 99th percentile meanwhile.

const MB = 1024 * 1024;
const encode = (text: string) => new TextEncoder().encode(text);

/** 0.99 MB holding one entry of 1 GiB of zeros, as the attack sent it. */
const gigabyteOfZeros = (declared?: number) =>
  hostileZip(
    [{ name: 'a.csv', packed: packedRun(0, 1024 * MB) }],
    [{ name: 'a.csv', file: 0, ...(declared === undefined ? {} : { size: declared }) }],
  );

/** 150 MB of zeros stored once and listed six times, a.csv … f.csv, all at offset 0. */
const sixListings = () =>
  hostileZip(
    [{ name: 'a.csv', packed: packedRun(0, 150 * MB) }],
    ['a.csv', 'b.csv', 'c.csv', 'd.csv', 'e.csv', 'f.csv'].map((name) => ({ name, file: 0 })),
  );

/** A workbook whose one shared string is 150 MB of A's, within the 200 MB cap. */
function longSharedString(): Uint8Array<ArrayBuffer> {
  const text = (name: string, xml: string): LocalFile => ({ name, packed: packedText(xml) });
  return hostileZip([
    text(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    text(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
    ),
    text(
      'xl/worksheets/sheet1.xml',
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    ),
    {
      name: 'xl/sharedStrings.xml',
      packed: packedRun(
        0x41,
        150 * MB,
        encode('<?xml version="1.0"?><sst count="1" uniqueCount="1"><si><t>'),
        encode('</t></si></sst>'),
      ),
    },
  ]);
}

interface Cost {
  status: number;
  body: { error?: string; message?: string };
  ms: number;
  memoryRiseMb: number;
  loopP99Ms: number;
}

/** Sends `send` and measures what it cost the process while it ran. */
async function measured(send: () => Promise<Response>): Promise<Cost> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const res = await send();
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    status: res.status,
    body: (await res.json()) as Cost['body'],
    ms,
    memoryRiseMb: (peak - baseline) / MB,
    loopP99Ms: loop.percentile(99) / 1e6,
  };
}

describe.each(drivers)('hostile zips at the import, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  const clock = fakeClock(new Date('2026-11-28T10:00:00Z'));
  const files: Record<string, Uint8Array<ArrayBuffer>> = {};

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada Ward', email: 'ada@studio.test' }, clock);
    files.gigabyte = gigabyteOfZeros();
    files.lying = gigabyteOfZeros(1000);
    files.listings = sixListings();
    files.sharedString = longSharedString();
  });
  afterAll(async () => drop());

  const preview = (body: Uint8Array<ArrayBuffer>) => () =>
    handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/zip' },
        body,
      }),
      context(database, clock),
    );

  it.each([
    [
      'one entry of 1 GiB of zeros',
      'gigabyte',
      'This zip unpacks to more than 50 MB, more than an import reads. Export a shorter period, or the report as CSV, and import that.',
    ],
    [
      'the same entry claiming to inflate to 1,000 bytes',
      'lying',
      'This zip could not be read: it is damaged or cut off. Download it again and upload it.',
    ],
    [
      'one 150 MB entry listed six times',
      'listings',
      'This zip lists the same packed data under more than one file, as no export does. Export the file again and upload that.',
    ],
    [
      'a workbook with one 150 MB shared string',
      'sharedString',
      'This workbook holds a cell longer than a spreadsheet allows (32,767 characters). Export the report again as CSV or Excel (.xlsx) and upload that file.',
    ],
  ])(
    'refuses %s quickly, in little memory, answering others meanwhile',
    async (_, key, message) => {
      const file = files[key] ?? new Uint8Array();
      // The attack's sizes: under 1.1 MB sent, for 150 MB to 1 GiB inflated.
      expect(file.length).toBeLessThan(1.1 * MB);
      const cost = await measured(preview(file));
      expect(cost.status).toBe(422);
      expect(cost.body).toEqual({ error: 'unreadable_file', message });
      expect(cost.ms).toBeLessThan(2000);
      expect(cost.memoryRiseMb).toBeLessThan(100);
      expect(cost.loopP99Ms).toBeLessThan(250);
    },
  );

  it('refuses the same zips when an import is started with them, creating no import', async () => {
    for (const file of Object.values(files)) {
      const form = new FormData();
      form.set('file', new File([file], 'export.zip', { type: 'application/zip' }));
      form.set('choices', '{}');
      const res = await handleStartImport(
        new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
          body: form,
        }),
        context(database, clock),
      );
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: string }).error).toBe('unreadable_file');
    }
  });

  it('tells an upload the server is busy (503) while every zip slot and the line are taken', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: ZIP_SLOTS + ZIP_LINE }, () => inZipSlot(() => held));
    // A real workbook, so nothing about the file itself is refused.
    const workbook = hostileZip([{ name: 'xl/workbook.xml', packed: packedText('<workbook/>') }]);
    const busy = await preview(workbook)();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect(await busy.json()).toEqual({
      error: 'server_busy',
      message:
        'The server is reading other zips and workbooks just now. Try again in a minute, or upload the report as CSV.',
    });
    release();
    await Promise.all(holders);
    // Slots free again: the same file is read (and found to hold no sheet).
    const read = await preview(workbook)();
    expect(read.status).toBe(422);
    expect(((await read.json()) as { error: string }).error).toBe('unreadable_file');
  });
});
