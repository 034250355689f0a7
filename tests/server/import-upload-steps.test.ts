import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImport, handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { forgetEntries } from '../../src/server/imports/file-entries';
import { readFileChunks, writeFileChunks } from '../../src/server/imports/file-chunks';
import { importStep } from '../../src/server/imports/run-batch';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// The upload in steps (issue 32): the file is kept in chunks of 128 KB (migration 0030), each
// written and read by its own statement; an import started by one process is finished by
// another that reads the file back from them; the chunks go when the import ends, and chunks
// of an upload that never became an import go after 7 days.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv');

describe.each(drivers)('an import’s file in chunks, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ana Novak', email: 'ana@studio.test' }, clock);
  });
  afterAll(async () => drop());

  const chunksOf = async (importId: string) =>
    (
      await rows<{ seq: number; size: number }>(
        database.db,
        sql`SELECT seq, length(bytes) AS size FROM import_file_chunks WHERE import_id = ${importId} ORDER BY seq`,
      )
    ).map((r) => [Number(r.seq), Number(r.size)]);

  it('reads a file stored in several chunks back byte for byte', async () => {
    // Every byte value, 1,000 bytes: chunks of 300, 300, 300 and 100.
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
    const id = '6f2a1c4e-0000-4000-8000-000000000001';
    expect(await writeFileChunks(database.db, id, bytes, clock.now(), 300)).toBe(4);
    expect(await chunksOf(id)).toEqual([
      [0, 300],
      [1, 300],
      [2, 300],
      [3, 100],
    ]);
    const back = await readFileChunks(database.db, id);
    expect(back?.equals(bytes)).toBe(true);
    expect(await readFileChunks(database.db, '6f2a1c4e-0000-4000-8000-000000000002')).toBeNull();
  });

  it('finishes in another process an import started in this one, from the chunks, and removes them', async () => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(sample)], 'toggl.csv', { type: 'text/csv' }));
    const res = await handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      context(database, clock),
    );
    expect(res.status).toBe(202);
    const { id } = ((await res.json()) as { import: { id: string } }).import;
    // The sample's 949 bytes are one chunk.
    expect(await chunksOf(id)).toEqual([[0, 949]]);
    // Another process has none of this one's memory: it reads the file from its chunks.
    forgetEntries(id);
    expect(await importStep(database.db, id, clock.now(), 2)).toBe('more');
    forgetEntries(id);
    await runDueJobs(database.db, mailOff, clock.now);
    const read = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, {
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    const done = (
      (await read.json()) as {
        import: { status: string; progress: unknown; result: { logs: number; seconds: number } };
      }
    ).import;
    expect(done).toMatchObject({ status: 'done', progress: { done: 6, total: 6 } });
    // The sample's six durations: 9000 + 2730 + 1800 + 9900 + 900 + 7200 s.
    expect(done.result).toMatchObject({ logs: 6, seconds: 31530 });
    expect(await chunksOf(id)).toEqual([]);
  });

  it('removes, after 7 days, the chunks of an upload that never became an import', async () => {
    const old = '6f2a1c4e-0000-4000-8000-000000000003';
    const fresh = '6f2a1c4e-0000-4000-8000-000000000004';
    await writeFileChunks(database.db, old, sample, clock.now(), 512);
    clock.advance(7 * 86_400_000 + 60_000);
    await writeFileChunks(database.db, fresh, sample, clock.now(), 512);
    await runDueJobs(database.db, mailOff, clock.now);
    expect(await chunksOf(old)).toEqual([]);
    // 949 bytes in chunks of 512.
    expect(await chunksOf(fresh)).toEqual([
      [0, 512],
      [1, 437],
    ]);
  });
});
