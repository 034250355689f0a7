import { readFileSync, readdirSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readUploadInSteps } from '../../../src/server/imports/read-in-steps';
import { readImportUpload } from '../../../src/server/imports/read-upload';
import { memorySource } from '../../../src/server/imports/byte-source';

// The upload read in steps (issue 32): the same answer as reading the file whole, whatever the
// slices' size, and pauses between slices while it reads. The whole read is the reference.

// Files only: the Toggl account export's fixture is a folder (zipped by its own tests).
const fixtures = readdirSync('tests/fixtures/import').filter(
  (name) => !name.endsWith('.md') && statSync(`tests/fixtures/import/${name}`).isFile(),
);
const toggl = readFileSync('tests/fixtures/import/toggl-detailed.csv', 'utf8');
const header = toggl.split('\n')[0] ?? '';
const rowsOf = (text: string) => text.split('\n').slice(1).filter(Boolean);
const sample = rowsOf(toggl);

const sameAsWhole = async (bytes: Uint8Array, sizes = [1, 7, 40, 300, 1_000_000]) => {
  const whole = await readImportUpload(bytes);
  for (const size of sizes) expect(await readUploadInSteps(bytes, {}, size)).toEqual(whole);
  // Streamed (issue 32): the bytes come in pieces of a few bytes, decoded a piece at a time.
  for (const pieceBytes of [1, 3, 64])
    expect(await readUploadInSteps(memorySource(bytes, pieceBytes), {}, 40)).toEqual(whole);
  return whole;
};

/** A small seeded generator (mulberry32), so every run tries the same texts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('reading an upload in steps', () => {
  it.each(fixtures)('reads %s as the whole read does', async (name) => {
    await sameAsWhole(readFileSync(`tests/fixtures/import/${name}`));
  });

  it('reads quoted cells holding line breaks, commas and doubled quotes, CRLF and blank lines alike', async () => {
    const odd = [
      sample[0],
      sample[1]
        ?.replace(/,Yes,/, ',"Yes",')
        .replace('Wireframes', '"Wire ""frames"",\nsecond line"'),
      '',
      '   ',
      sample[2],
      `${sample[3]},one cell too many`,
      sample[4]?.replace(',', ',"",'),
      sample[5],
    ].join('\n');
    const lf = await sameAsWhole(Buffer.from(`${header}\n${odd}\n`));
    if (!lf.ok) throw new Error(lf.message);
    // Line 10 is the row with a cell too many: the header, 2 rows of 2 lines... counted by hand:
    // header 1, rows 2 and 3 (3 spans two lines), blank 5 and 6, row 7, row 8 too wide.
    expect(lf.problems.map((p) => p.line)).toContain(8);
    await sameAsWhole(Buffer.from(`${header}\r\n${odd.replace(/\n/g, '\r\n')}\r\n`));
    // A quote never closed (a cut-off file) and a quote inside a quoted cell: read whole.
    await sameAsWhole(Buffer.from(`${header}\n${sample[0]}\n${sample[1]?.slice(0, 30)}"cut`));
    await sameAsWhole(Buffer.from(`${header}\n"a"b${sample[0]}\n${sample[1]}\n`));
  });

  it('reads 300 damaged copies of the sample as the whole read does', async () => {
    const next = random(32);
    const marks = ['"', '\n', ',', '\r', '""', '\r\n', ' ', '"\n"'];
    for (let i = 0; i < 300; i += 1) {
      let text = `${header}\n${sample.join('\n')}\n`;
      const cuts = 1 + Math.floor(next() * 4);
      for (let c = 0; c < cuts; c += 1) {
        const at = header.length + 1 + Math.floor(next() * (text.length - header.length - 1));
        text = text.slice(0, at) + marks[Math.floor(next() * marks.length)] + text.slice(at);
      }
      await sameAsWhole(Buffer.from(text), [1, 53]);
    }
  });

  it('pauses between slices: other work runs while a file of 2,000 rows is read', async () => {
    const text = `${header}\n${Array.from({ length: 400 }, () => sample.join('\n')).join('\n')}\n`;
    let turns = 0;
    let reading = true;
    const other = () => {
      turns += 1;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const read = await readUploadInSteps(Buffer.from(text), {}, 16 * 1024);
    reading = false;
    if (!read.ok) throw new Error(read.message);
    expect(read.entries).toHaveLength(2400);
    // About 330 KB in slices of 16 KB: 21 slices, each followed by a pause.
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('reads the sources of part 2 in two passes of slices, Any CSV through its mapping too', async () => {
    const clockify = readFileSync('tests/fixtures/import/clockify-detailed.csv');
    const chosen = await readImportUpload(clockify, { dateFormat: 'DD/MM/YYYY' });
    for (const size of [1, 40, 1_000_000])
      expect(await readUploadInSteps(clockify, { dateFormat: 'DD/MM/YYYY' }, size)).toEqual(chosen);
    const options = {
      anyCsv: {
        mapping: {
          date: 'Datum',
          start: 'Beginn',
          duration: 'Stunden',
          project: 'Projekt',
          task: 'Tätigkeit',
        },
        me: { name: 'Ana Novak', email: 'ana@studio.test' },
      },
    };
    for (const name of ['any-csv-zeiten-maerz.csv', 'any-csv-zeiten-april.csv']) {
      const bytes = readFileSync(`tests/fixtures/import/${name}`);
      const whole = await readImportUpload(bytes, options);
      if (!whole.ok) throw new Error(whole.message);
      expect(whole.entries.length).toBeGreaterThan(0);
      for (const size of [1, 40, 1_000_000])
        expect(await readUploadInSteps(bytes, options, size)).toEqual(whole);
    }
  });

  it('hands the entries to a sink a slice at a time, in order, and answers without them', async () => {
    for (const name of ['toggl-detailed.csv', 'harvest-time-report.csv', 'kimai-timesheet.xlsx']) {
      const bytes = readFileSync(`tests/fixtures/import/${name}`);
      const whole = await readImportUpload(bytes);
      if (!whole.ok) throw new Error(whole.message);
      const slices: number[] = [];
      const sunk: unknown[] = [];
      const read = await readUploadInSteps(bytes, {}, 120, (entries) => {
        slices.push(entries.length);
        sunk.push(...entries);
        return Promise.resolve();
      });
      expect(read).toEqual({ ...whole, entries: [] });
      expect(sunk).toEqual(whole.entries);
      // A text read in slices of 120 characters hands over a row or two at a time; the
      // workbook, read whole, all at once.
      expect(Math.max(...slices)).toBeLessThanOrEqual(name.endsWith('.xlsx') ? 500 : 2);
    }
  });
});
