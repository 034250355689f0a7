import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleImport,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { fingerprints } from '../../src/lib/import/fingerprint';
import type { ImportEntry } from '../../src/lib/import/entry';
import { forgetEntries } from '../../src/server/imports/file-entries';
import { identityFilter } from '../../src/server/imports/identity-filter';
import { importStep } from '../../src/server/imports/run-batch';
import { sha256 } from '../../src/server/imports/seen-rows';
import { stageEntries, stagedEntries } from '../../src/server/imports/staged-entries';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Entries staged at the upload (issue 32, memory that does not grow with the file): the upload
// writes the file's entries to import_entries by position as it reads them; each batch of the
// job reads only its own rows from there, never the file; the staged rows go when the import
// ends (and stay gone through undo), and when an upload is refused after reading. Figures from
// the Toggl sample's six rows.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv');
const clockify = readFileSync('tests/fixtures/import/clockify-detailed.csv');

interface View {
  id: string;
  status: string;
  progress: { done: number; total: number };
  result: { logs: number; seconds: number; alreadyImported: number };
}

describe.each(drivers)('staged import entries, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ctx = () => context(database, clock);

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ana Novak', email: 'ana@studio.test' }, clock);
  });
  afterAll(async () => drop());

  const start = async (bytes: Uint8Array, name: string, choices: unknown = {}) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
    body.set('choices', JSON.stringify(choices));
    return handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${admin.workspace.id}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      ctx(),
    );
  };
  const view = async (id: string) =>
    (
      (await (
        await handleImport(
          new Request(`https://hourmark.test/api/imports/${id}`, {
            headers: { cookie: admin.cookie },
          }),
          ctx(),
        )
      ).json()) as { import: View }
    ).import;
  const staged = async (id?: string) =>
    (
      await rows<{ position: number }>(
        database.db,
        id === undefined
          ? sql`SELECT position FROM import_entries ORDER BY import_id, position`
          : sql`SELECT position FROM import_entries WHERE import_id = ${id} ORDER BY position`,
      )
    ).map((r) => Number(r.position));

  it('stages the six rows at the upload, and the job reads each batch from there, never the file', async () => {
    const res = await start(sample, 'toggl.csv');
    expect(res.status).toBe(202);
    const { id } = ((await res.json()) as { import: View }).import;
    expect(await staged(id)).toEqual([0, 1, 2, 3, 4, 5]);
    // The first batch (rows 0 and 1) in this process, without anything it kept in memory.
    forgetEntries(id);
    expect(await importStep(database.db, id, clock.now(), 2)).toBe('more');
    expect(await view(id)).toMatchObject({ status: 'running', progress: { done: 2, total: 6 } });
    // Another process takes over: the file is gone and so are the rows done, so it can only
    // read rows 2 to 5, each batch its own, from the staging table.
    await database.db.execute(sql`DELETE FROM import_file_chunks WHERE import_id = ${id}`);
    await database.db.execute(
      sql`DELETE FROM import_entries WHERE import_id = ${id} AND position < 2`,
    );
    forgetEntries(id);
    await runDueJobs(database.db, mailOff, clock.now);
    // Ana's 2:30:00 and 0:45:30 came in the first batch, the other four after:
    // 9000 + 2730 + 1800 + 9900 + 900 + 7200 s.
    expect(await view(id)).toMatchObject({
      status: 'done',
      progress: { done: 6, total: 6 },
      result: { logs: 6, seconds: 31530, alreadyImported: 0 },
    });
    expect(await staged(id)).toEqual([]);
  });

  it('leaves no staged row after undo, and the file imported again is staged and written again', async () => {
    const [{ id } = { id: '' }] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM imports WHERE workspace_id = ${admin.workspace.id} ORDER BY created_at LIMIT 1`,
    );
    const undone = await handleUndoImport(
      new Request(`https://hourmark.test/api/imports/${id}/undo`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      }),
      ctx(),
    );
    expect(undone.status).toBe(200);
    expect(await staged()).toEqual([]);
    clock.advance(60_000);
    const again = await start(sample, 'toggl.csv');
    const second = ((await again.json()) as { import: View }).import;
    expect(await staged(second.id)).toEqual([0, 1, 2, 3, 4, 5]);
    await runDueJobs(database.db, mailOff, clock.now);
    // Undo removed the first import's fingerprints, so all six rows are written again.
    expect(await view(second.id)).toMatchObject({
      status: 'done',
      result: { logs: 6, seconds: 31530, alreadyImported: 0 },
    });
    expect(await staged()).toEqual([]);
    // A third time: every staged fingerprint is the one the second import wrote.
    clock.advance(60_000);
    const third = ((await (await start(sample, 'toggl.csv')).json()) as { import: View }).import;
    await runDueJobs(database.db, mailOff, clock.now);
    expect(await view(third.id)).toMatchObject({
      status: 'done',
      result: { logs: 0, seconds: 0, alreadyImported: 6 },
    });
    expect(await staged()).toEqual([]);
  });

  it('stages nothing of an upload refused after reading its rows', async () => {
    // Every date of the Clockify sample reads both ways: the person must choose.
    const refused = await start(clockify, 'clockify.csv');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: 'choose_date_format' });
    expect(await staged()).toEqual([]);
  });

  it('numbers identical rows across slices as the whole file does', async () => {
    const id = '6f2a1c4e-0000-4000-8000-0000000000aa';
    const call: ImportEntry = {
      line: 2,
      person: { name: 'Bo Lindqvist', email: 'bo@studio.test' },
      client: 'Northwind',
      project: 'Booking App',
      task: '',
      description: 'Standup',
      billable: false,
      date: '2026-10-07',
      startTime: '09:00',
      durationSeconds: 900,
      tags: ['meeting'],
      amountMinor: null,
      currency: null,
      invoicedElsewhere: false,
      approved: false,
      labourRate: null,
    };
    const other = { ...call, line: 3, description: 'Planning' };
    const file = [call, other, { ...call, line: 4 }, { ...call, line: 5 }];
    // Three slices: [call, other], [call], [call].
    await stageEntries(database.db, id, 0, file.slice(0, 2), clock.now());
    await stageEntries(database.db, id, 2, file.slice(2, 3), clock.now());
    await stageEntries(database.db, id, 3, file.slice(3), clock.now());
    const back = await stagedEntries(database.db, id, 1, 2);
    expect(back.entries.map((e) => e.line)).toEqual([3, 4]);
    const all = await stagedEntries(database.db, id, 0, 10);
    expect(all.prints).toEqual(fingerprints(file, sha256));
    // The three standups are #0, #1 and #2: three fingerprints, none alike.
    expect(new Set(all.prints).size).toBe(4);
    expect(all.entries).toEqual(file);
    await database.db.execute(sql`DELETE FROM import_entries WHERE import_id = ${id}`);
  });

  it('asks the database only about rows that repeat, with the upload’s filter of identities', async () => {
    const id = '6f2a1c4e-0000-4000-8000-0000000000ad';
    const row = (line: number, description: string): ImportEntry => ({
      line,
      person: { name: 'Bo Lindqvist', email: 'bo@studio.test' },
      client: 'Northwind',
      project: 'Booking App',
      task: '',
      description,
      billable: true,
      date: '2026-10-08',
      startTime: '10:00',
      durationSeconds: 1800,
      tags: [],
      amountMinor: null,
      currency: null,
      invoicedElsewhere: false,
      approved: false,
      labourRate: null,
    });
    // Slices [A, B], [C, A], [D]: only A repeats, in the second slice.
    const file = [row(2, 'A'), row(3, 'B'), row(4, 'C'), row(5, 'A'), row(6, 'D')];
    const asked: string[] = [];
    const counting = {
      execute: ((query: Parameters<Database['db']['execute']>[0]) => {
        const text = (query as { queryChunks?: unknown[] }).queryChunks
          ?.map((chunk) => (chunk as { value?: string[] }).value?.join('') ?? '')
          .join('');
        if (text?.includes('count(*)')) asked.push(text);
        return database.db.execute(query);
      }) as Database['db']['execute'],
    };
    const seen = identityFilter();
    await stageEntries(counting, id, 0, file.slice(0, 2), clock.now(), undefined, seen);
    await stageEntries(counting, id, 2, file.slice(2, 4), clock.now(), undefined, seen);
    await stageEntries(counting, id, 4, file.slice(4), clock.now(), undefined, seen);
    // One count, for the slice holding the second A; the first and last slices ask nothing.
    expect(asked).toHaveLength(1);
    const all = await stagedEntries(database.db, id, 0, 10);
    expect(all.prints).toEqual(fingerprints(file, sha256));
    expect(all.entries).toEqual(file);
    // A full filter (every identity a false alarm) counts every slice and numbers them the same.
    const full = identityFilter(32);
    for (let i = 0; i < 200; i += 1) full.add(sha256(`row ${i}`));
    const other = '6f2a1c4e-0000-4000-8000-0000000000ae';
    asked.length = 0;
    await stageEntries(counting, other, 0, file.slice(0, 2), clock.now(), undefined, full);
    await stageEntries(counting, other, 2, file.slice(2), clock.now(), undefined, full);
    expect(asked).toHaveLength(2);
    expect((await stagedEntries(database.db, other, 0, 10)).prints).toEqual(all.prints);
    await database.db.execute(sql`DELETE FROM import_entries WHERE import_id IN (${id}, ${other})`);
  });

  it('removes, after 7 days, entries staged by an upload that never became an import', async () => {
    const old = '6f2a1c4e-0000-4000-8000-0000000000ab';
    const fresh = '6f2a1c4e-0000-4000-8000-0000000000ac';
    const entry = (line: number): ImportEntry => ({
      line,
      person: { name: 'Ana Novak', email: 'ana@studio.test' },
      client: '',
      project: 'Internal',
      task: '',
      description: '',
      billable: false,
      date: '2026-10-06',
      startTime: '08:30',
      durationSeconds: 1800,
      tags: [],
      amountMinor: null,
      currency: null,
      invoicedElsewhere: false,
      approved: false,
      labourRate: null,
    });
    await stageEntries(database.db, old, 0, [entry(2), entry(3)], clock.now());
    clock.advance(7 * 86_400_000 + 60_000);
    await stageEntries(database.db, fresh, 0, [entry(2)], clock.now());
    await runDueJobs(database.db, mailOff, clock.now);
    expect(await staged(old)).toEqual([]);
    expect(await staged(fresh)).toEqual([0]);
  });
});
