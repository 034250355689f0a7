import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSheetInThread } from '../../../src/server/imports/workbook-thread';
import { zipDirectory, type ZipEntry } from '../../../src/server/imports/zip-directory';
import { inflateEntry } from '../../../src/server/imports/zip-inflate';
import {
  inZipSlot,
  ZipSlotsBusy,
  ZIP_LINE,
  ZIP_SLOTS,
  asJobRead,
} from '../../../src/server/imports/zip-slots';
import { hostileZip, packedRun, packedText } from '../../server/zip-bombs.mjs';

// How a zip is read before anything parses it (issue 46): its directory checked, each entry
// inflated once in pieces and held to its declared size and CRC, a workbook parsed in a thread
// with its own memory limit, and a few such reads at a time.

const MB = 1024 * 1024;
const workbook = readFileSync('tests/fixtures/import/kimai-timesheet.xlsx');

const entriesOf = (zip: Uint8Array): ZipEntry[] => {
  const directory = zipDirectory(zip);
  if (!directory.ok) throw new Error(directory.refusal);
  return directory.entries;
};

describe('a zip’s directory', () => {
  it('lists a workbook’s parts with the sizes they declare, none inflated', () => {
    const directory = zipDirectory(workbook);
    expect(directory.ok && directory.entries.map((entry) => [entry.name, entry.size])).toEqual([
      ['[Content_Types].xml', 815],
      ['_rels/.rels', 305],
      ['xl/_rels/workbook.xml.rels', 531],
      ['xl/workbook.xml', 752],
      ['xl/worksheets/sheet1.xml', 4320],
      ['xl/worksheets/_rels/sheet1.xml.rels', 155],
      ['xl/styles.xml', 576],
      ['xl/sharedStrings.xml', 1583],
    ]);
    // 815 + 305 + 531 + 752 + 4320 + 155 + 576 + 1583
    expect(directory.ok && directory.declaredSize).toBe(9037);
  });

  it('refuses one stored entry listed under two names, and one name listed twice', () => {
    const packed = packedText('Date,Hours\n');
    expect(
      zipDirectory(
        hostileZip(
          [{ name: 'a.csv', packed }],
          [
            { name: 'a.csv', file: 0 },
            { name: 'b.csv', file: 0 },
          ],
        ),
      ),
    ).toEqual({ ok: false, refusal: 'overlap' });
    expect(
      zipDirectory(
        hostileZip([
          { name: 'a.csv', packed },
          { name: 'a.csv', packed },
        ]),
      ),
    ).toEqual({ ok: false, refusal: 'duplicate' });
  });

  it('refuses an encrypted entry and a method other than store or deflate', () => {
    const zip = zipSync({ 'a.csv': strToU8('Date,Hours\n') });
    const directoryAt = zip.length - 22 - 46 - 'a.csv'.length;
    const encrypted = zip.slice();
    encrypted[directoryAt + 8] = (encrypted[directoryAt + 8] ?? 0) | 1;
    expect(zipDirectory(encrypted)).toEqual({ ok: false, refusal: 'encrypted' });
    const bzip = zip.slice();
    bzip[directoryAt + 10] = 12;
    expect(zipDirectory(bzip)).toEqual({ ok: false, refusal: 'method' });
  });

  it('calls a cut, empty or changed zip damaged and never throws', () => {
    expect(zipDirectory(workbook.subarray(0, 2000))).toEqual({ ok: false, refusal: 'damaged' });
    expect(zipDirectory(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toEqual({
      ok: false,
      refusal: 'damaged',
    });
    // 1,000 copies of the workbook, each with 1 to 8 bytes of its directory changed.
    let seed = 46;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const start = workbook.length - 800;
    for (let i = 0; i < 1000; i += 1) {
      const changed = new Uint8Array(workbook);
      for (let n = 1 + Math.floor(random() * 8); n > 0; n -= 1)
        changed[start + Math.floor(random() * 800)] = Math.floor(random() * 256);
      expect(() => zipDirectory(changed)).not.toThrow();
    }
  });
});

describe('inflating one entry', () => {
  it('inflates what the directory declares, and keeps it when asked', async () => {
    const zip = zipSync({ 'a.csv': strToU8('Date,Hours\n2026-11-28,2\n') });
    const [entry] = entriesOf(zip);
    if (!entry) throw new Error('no entry');
    const kept = await inflateEntry(zip, entry, { keep: true });
    expect(kept.ok && new TextDecoder().decode(kept.bytes ?? undefined)).toBe(
      'Date,Hours\n2026-11-28,2\n',
    );
    expect(await inflateEntry(zip, entry, { keep: false })).toEqual({ ok: true, bytes: null });
  });

  it('gives an entry up as damaged once it inflates past the size it declares', async () => {
    // 64 MB of zeros that say they are 1,000 bytes.
    const zip = hostileZip(
      [{ name: 'a.csv', packed: packedRun(0, 64 * MB) }],
      [{ name: 'a.csv', file: 0, size: 1000 }],
    );
    const [entry] = entriesOf(zip);
    if (!entry) throw new Error('no entry');
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await inflateEntry(zip, entry, { keep: true })).toEqual({
      ok: false,
      refusal: 'damaged',
    });
    // Given up at the first 64 KB piece, not after 64 MB.
    expect(performance.now() - started).toBeLessThan(500);
    expect((process.memoryUsage().rss - before) / MB).toBeLessThan(32);
  });

  it('calls an entry whose bytes do not match its CRC damaged', async () => {
    const packed = packedText('Date,Hours\n');
    const zip = hostileZip([{ name: 'a.csv', packed: { ...packed, crc: packed.crc ^ 1 } }]);
    const [entry] = entriesOf(zip);
    if (!entry) throw new Error('no entry');
    expect(await inflateEntry(zip, entry, { keep: true })).toEqual({
      ok: false,
      refusal: 'damaged',
    });
  });

  it('refuses a run of text longer than allowed between two tags, across pieces', async () => {
    // 100 KB of text with tags, then 300 KB without one.
    const tagged = '<t>cell</t>'.repeat(10_000);
    const zip = hostileZip([
      {
        name: 'xl/sharedStrings.xml',
        packed: packedRun(0x41, 300 * 1024, new TextEncoder().encode(`<sst>${tagged}<t>`)),
      },
    ]);
    const [entry] = entriesOf(zip);
    if (!entry) throw new Error('no entry');
    expect(await inflateEntry(zip, entry, { keep: false, maxTextRun: 256 * 1024 })).toEqual({
      ok: false,
      refusal: 'long_text',
    });
    expect(await inflateEntry(zip, entry, { keep: false, maxTextRun: 512 * 1024 })).toEqual({
      ok: true,
      bytes: null,
    });
  });
});

describe('a workbook parsed in its own thread', () => {
  it('reads the first sheet’s rows', async () => {
    const sheet = await readSheetInThread(workbook);
    // The header and five logs (the totals row's formulas store no values).
    expect(sheet.ok && sheet.rows.length).toBe(6);
    expect(sheet.ok && sheet.rows[0]?.slice(0, 4)).toEqual(['Date', 'From', 'To', 'Duration']);
  });

  it('ends the thread, not the server, when the workbook needs more than its heap', async () => {
    // 24 MB of shared strings, each with a letter beyond Latin-1, read with a heap of 64 MB.
    const parts = unzipSync(workbook);
    const shared = new TextDecoder().decode(parts['xl/sharedStrings.xml']);
    const many = '<si><t>éabcdefgh</t></si>'.repeat(Math.floor((24 * 1e6) / 26));
    parts['xl/sharedStrings.xml'] = strToU8(shared.replace('</sst>', `${many}</sst>`));
    const large = zipSync(parts, { level: 1 });
    expect(await readSheetInThread(large, 64)).toEqual({ ok: false, reason: 'too_much_memory' });
    // The same workbook reads with the heap the server gives it.
    const read = await readSheetInThread(large);
    expect(read.ok && read.rows.length).toBe(6);
  });
});

describe('zip reads at once in one process', () => {
  it(`runs ${ZIP_SLOTS}, lines up ${ZIP_LINE}, turns the next upload away, and lets a job wait`, async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: number[] = [];
    const reads = Array.from({ length: ZIP_SLOTS + ZIP_LINE }, (_, i) =>
      inZipSlot(async () => {
        order.push(i);
        await held;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // Only the first two started; four wait.
    expect(order).toEqual([0, 1]);
    await expect(inZipSlot(() => Promise.resolve('read'))).rejects.toBeInstanceOf(ZipSlotsBusy);
    const job = asJobRead(() => inZipSlot(() => Promise.resolve('job read')));
    release();
    await Promise.all(reads);
    expect(await job).toBe('job read');
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    // All slots free again.
    expect(await inZipSlot(() => Promise.resolve('read'))).toBe('read');
  });
});
