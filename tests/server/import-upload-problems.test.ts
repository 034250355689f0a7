import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImport, handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// The upload's rows that cannot be imported (issue 32): handed over a slice at a time as the
// entries are, the first 500 by line kept for the import's result and the rest only counted,
// as the preview keeps them, so a file of junk rows is never held whole as problems.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv', 'utf8');
const [header = '', ...sampleRows] = sample.split(/\r?\n/).filter(Boolean);
/** A sample row whose Duration does not read. */
const broken = (sampleRows[0] ?? '').replace(',02:30:00,', ',two hours,');

interface Result {
  skipped: { line: number; reason: string }[];
  skippedCount: number;
}

describe.each(drivers)('rows refused at the upload, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Kai Berg', email: 'kai@studio.test' }, clock);
  });
  afterAll(async () => drop());

  it('lists the first 500 of 4,000 junk rows by line and counts them all', async () => {
    // Lines 2 to 7: the sample's six rows; lines 8 to 4,007: junk; then the six rows again.
    const junk = Array.from({ length: 4000 }, () => broken);
    const text = [header, ...sampleRows, ...junk, ...sampleRows].join('\n');
    const form = new FormData();
    form.set('file', new File([text], 'junk.csv', { type: 'text/csv' }));
    form.set('choices', '{}');
    const res = await handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body: form,
      }),
      context(database, clock),
    );
    expect(res.status).toBe(202);
    const { id, progress } = (
      (await res.json()) as {
        import: { id: string; progress: { total: number } };
      }
    ).import;
    // 6 + 6 rows to import.
    expect(progress.total).toBe(12);
    const view = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, { headers: { cookie: admin.cookie } }),
      context(database, clock),
    );
    const { result } = ((await view.json()) as { import: { result: Result } }).import;
    expect(result.skippedCount).toBe(4000);
    expect(result.skipped).toHaveLength(500);
    expect(result.skipped[0]?.line).toBe(8);
    expect(result.skipped[499]?.line).toBe(507);
    expect(new Set(result.skipped.map((p) => p.reason)).size).toBe(1);
  });
});
