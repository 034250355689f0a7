import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import { handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import type { ImportPreview } from '../../src/server/imports/preview';
import { occurrenceCounter } from '../../src/server/imports/seen-in-steps';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// The preview folded a slice at a time (issue 32): its figures come from totals kept while the
// file is read, the rows an earlier import wrote are found slice by slice (identical rows told
// apart by their occurrence, counted without a map of every row), and of the rows that cannot
// be imported the first 500 by line are listed beside their total.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv', 'utf8');
const [header = '', ...sampleRows] = sample.split(/\r?\n/).filter(Boolean);
// The sample's six rows last 9000 + 2730 + 1800 + 9900 + 900 + 7200 = 31,530 s.
const SAMPLE_SECONDS = 31530;
/** A sample row whose Duration does not read. */
const broken = (sampleRows[0] ?? '').replace(',02:30:00,', ',two hours,');

describe('counting identical rows by a 64-bit key', () => {
  it('answers how often each key was counted before, across the table growing', () => {
    const count = occurrenceCounter();
    const key = (i: number) => (i * 2654435761 + 12345).toString(16).padStart(16, '0');
    // 20,000 keys, the first 5,000 counted three times: the table doubles from 4,096 slots.
    for (let i = 0; i < 20000; i += 1) expect(count(key(i))).toBe(0);
    for (let i = 0; i < 5000; i += 1) expect(count(key(i))).toBe(1);
    for (let i = 0; i < 5000; i += 1) expect(count(key(i))).toBe(2);
    expect(count(key(19999))).toBe(1);
    expect(count(key(20000))).toBe(0);
  });
});

describe.each(drivers)('the preview folded in slices, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Kai Berg', email: 'kai@studio.test' }, clock);
  });
  afterAll(async () => drop());

  const previewOf = async (text: string) => {
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
        body: text,
      }),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { preview: ImportPreview }).preview;
  };

  it('lists the first 500 of 1,203 rows that cannot be imported, by line, and counts them all', async () => {
    // 1,260 rows of the sample (lines 2 to 1,261), then 1,203 whose Duration does not read
    // (lines 1,262 to 2,464): more than one slice of 64 KB of text.
    const good = Array.from({ length: 1260 }, (_, i) => sampleRows[i % 6]);
    const bad = Array.from({ length: 1203 }, () => broken);
    const shown = await previewOf([header, ...good, ...bad].join('\n'));
    expect(shown.rows).toEqual({ importable: 1260, refused: 1203, alreadyImported: 0 });
    expect(shown.totalSeconds).toBe(210 * SAMPLE_SECONDS);
    expect(shown.problems).toHaveLength(500);
    expect(shown.problems[0]?.line).toBe(1262);
    expect(shown.problems[499]?.line).toBe(1761);
    // Per six rows: Ana 3, Bo 2, Carla 1.
    expect(shown.people.map((p) => [p.email, p.rows])).toEqual([
      ['ana@studio.test', 630],
      ['bo@studio.test', 420],
      ['carla@studio.test', 210],
    ]);
  });

  it('finds the rows an import wrote, and tells a second copy of a row from the first', async () => {
    const form = new FormData();
    form.set('file', new File([sample], 'toggl.csv', { type: 'text/csv' }));
    const res = await handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body: form,
      }),
      context(database, clock),
    );
    expect(res.status).toBe(202);
    await runDueJobs(database.db, mailOff, clock.now);
    // The sample twice: its first copy was imported, its second copy's rows are new rows.
    const twice = await previewOf([header, ...sampleRows, ...sampleRows].join('\n'));
    expect(twice.rows).toEqual({ importable: 6, refused: 0, alreadyImported: 6 });
    expect(twice.totalSeconds).toBe(SAMPLE_SECONDS);
    // The sample once more: nothing new.
    const again = await previewOf(sample);
    expect(again.rows).toEqual({ importable: 0, refused: 0, alreadyImported: 6 });
    expect(again.dateRange).toBeNull();
  });
});
