import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handleStartImport, handleUndoImport } from '../../src/server/api/import-run-handlers';
import { listeners, type Listener } from '../../src/server/commands/effects';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { failImport, importStep } from '../../src/server/imports/run-batch';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Listeners hear an import once (issue 48): its start (the command startImport), its end
// (importCompleted, whichever batch ends it, with what it made) and its undo (undoImport), and
// nothing per batch. A listener of the test's own writes a row in the transaction it is told
// in, so what it heard is what committed. On PostgreSQL, two connection pools (as two server
// processes would have) run the same import's job at once, and fail another at once: each
// import is still heard ending once.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv');

/** A Toggl file of `count` quarter-hour rows of Bo's, a day each from 1 Jan 2026. */
function manyRows(count: number): Buffer {
  const header =
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)';
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
  const lines = Array.from(
    { length: count },
    (_, n) =>
      `Bo Lindqvist,bo@studio.test,Acme Foods,Upkeep,,Row ${n + 1},No,${day(n).slice(0, 10)},09:00:00,${day(n).slice(0, 10)},09:15:00,00:15:00,,`,
  );
  return Buffer.from([header, ...lines].join('\n'));
}

interface Heard {
  name: string;
  args: Record<string, unknown>;
  userId: string | null;
}

describe.each(drivers)('an import heard by the listeners, on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let bo: SignedUp;
  let boId = '';
  const ws = () => bo.workspace.id;
  const ctx = () => context(database, clock);

  /** What the probe heard and committed, in order, from the database. */
  const heard = async (): Promise<Heard[]> =>
    (
      await rows<{ name: string; args: Record<string, unknown>; user_id: string | null }>(
        database.db,
        sql`SELECT name, args, user_id FROM probe_heard ORDER BY seq`,
      )
    ).map((r) => ({ name: r.name, args: r.args, userId: r.user_id }));

  const start = async (bytes: Buffer, name: string) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
    body.set(
      'choices',
      JSON.stringify({
        people: [
          { email: 'ana@studio.test', as: 'new' },
          { email: 'bo@studio.test', as: 'me' },
          { email: 'carla@studio.test', as: 'new' },
        ].filter((p) => bytes === sample || p.as === 'me'),
      }),
    );
    const res = await handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: bo.cookie },
        body,
      }),
      ctx(),
    );
    const text = await res.text();
    expect(res.status, text).toBe(202);
    return (JSON.parse(text) as { import: { id: string } }).import.id;
  };
  const undo = async (id: string) => {
    const res = await handleUndoImport(
      new Request(`https://hourmark.test/api/imports/${id}/undo`, {
        method: 'POST',
        headers: { cookie: bo.cookie },
      }),
      ctx(),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as {
      import: { status: string; result: { undo: { removed: Record<string, number> } } };
    };
  };
  const status = async (id: string) =>
    (
      await rows<{ status: string }>(database.db, sql`SELECT status FROM imports WHERE id = ${id}`)
    )[0]?.status;

  beforeAll(async () => {
    ({ database, drop, url } = await driver.fresh());
    await database.db.execute(
      sql`CREATE TABLE probe_heard (seq serial PRIMARY KEY, name text NOT NULL, args jsonb, user_id text)`,
    );
    // A listener beside the notices, as webhooks will be one: what it writes commits with what
    // it was told of, or not at all.
    (listeners as Record<string, Listener>)['probe'] = async (runner, actor, applied) => {
      for (const command of applied)
        await runner.execute(
          sql`INSERT INTO probe_heard (name, args, user_id)
            VALUES (${command.name}, ${JSON.stringify(command.args)}::jsonb, ${actor.userId})`,
        );
    };
    bo = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    const [user] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = 'bo@studio.test'`,
    );
    boId = user?.id ?? '';
  });
  afterAll(async () => {
    delete (listeners as Record<string, Listener>)['probe'];
    await drop();
  });
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM probe_heard`);
  });

  it('hears the sample’s start once, its end once with what it made, and its undo once', async () => {
    const id = await start(sample, 'toggl.csv');
    expect((await heard()).map((h) => h.name)).toEqual(['startImport']);
    expect((await heard())[0]).toMatchObject({
      userId: boId,
      args: { workspaceId: ws(), id, fileName: 'toggl.csv', source: 'toggl', rows: 6 },
    });
    // The job in batches of two rows: three commits, and the listeners hear the end once.
    let steps = 0;
    while ((await importStep(database.db, id, clock.now(), 2)) === 'more') steps += 1;
    expect(steps).toBe(2);
    expect(await status(id)).toBe('done');
    const [, completed] = await heard();
    expect((await heard()).map((h) => h.name)).toEqual(['startImport', 'importCompleted']);
    // From the file, into a workspace holding only Bo: 6 logs of 2:30:00, 0:45:30, 0:30:00,
    // 2:45:00, 0:15:00 and 2:00:00 (31,530 s); clients Acme Foods and Northwind; projects
    // Website Redesign, Internal and Booking App; tasks Design, Development and QA; tags
    // design, client work, release, on call, meeting and qa; members Ana and Carla (Bo is me).
    expect(completed).toEqual({
      name: 'importCompleted',
      userId: boId,
      args: {
        importId: id,
        status: 'done',
        startedBy: { userId: boId, name: 'Bo Lindqvist' },
        counts: {
          logs: 6,
          seconds: 31_530,
          alreadyImported: 0,
          skipped: 0,
          clients: 2,
          projects: 3,
          tasks: 3,
          tags: 6,
          members: 2,
        },
        error: null,
      },
    });
    // A job run again after the end (a runner that held an old claim) tells nothing more.
    expect(await importStep(database.db, id, clock.now(), 2)).toBe('ended');
    await failImport(database.db, id, 'too late', clock.now());
    expect((await heard()).map((h) => h.name)).toEqual(['startImport', 'importCompleted']);

    const undone = await undo(id);
    expect(undone.import.status).toBe('undone');
    expect(undone.import.result.undo.removed).toEqual({
      logs: 6,
      clients: 2,
      projects: 3,
      tasks: 3,
      members: 2,
    });
    expect((await heard()).map((h) => h.name)).toEqual([
      'startImport',
      'importCompleted',
      'undoImport',
    ]);
    expect((await heard())[2]).toEqual({
      name: 'undoImport',
      userId: boId,
      args: { workspaceId: ws(), id },
    });
  });

  it('hears an import that fails once, as failed, with why', async () => {
    const id = await start(sample, 'toggl-again.csv');
    await failImport(
      database.db,
      id,
      'The file of this import is gone or no longer reads.',
      clock.now(),
    );
    await failImport(database.db, id, 'A second time', clock.now());
    expect(await importStep(database.db, id, clock.now())).toBe('ended');
    const told = await heard();
    expect(told.map((h) => h.name)).toEqual(['startImport', 'importCompleted']);
    expect(told[1]?.args).toMatchObject({
      importId: id,
      status: 'failed',
      counts: { logs: 0, seconds: 0, skipped: 0 },
      error: 'The file of this import is gone or no longer reads.',
    });
  });

  it('hears an undo of more logs than one commit removes once, when its last commit ends it', async () => {
    // 501 rows: the job's batches, then an undo of 500 logs and one more commit for the last.
    const id = await start(manyRows(501), 'many.csv');
    await runDueJobs(database.db, mailOff, clock.now);
    expect(await status(id)).toBe('done');
    expect((await heard()).map((h) => h.name)).toEqual(['startImport', 'importCompleted']);
    expect((await heard())[1]?.args).toMatchObject({
      counts: { logs: 501, seconds: 501 * 900, clients: 1, projects: 1, members: 0 },
    });
    const undone = await undo(id);
    expect(undone.import.result.undo.removed).toMatchObject({ logs: 501, projects: 1, clients: 1 });
    const history = await rows<{ command: string }>(
      database.db,
      sql`SELECT command FROM change_log WHERE workspace_id = ${ws()} AND command = 'undoImport'
        AND records->0->>'id' = ${id}`,
    );
    // Two commits of the undo in the history (500 logs, then 1 and the records), heard once.
    expect(history).toHaveLength(2);
    expect((await heard()).map((h) => h.name)).toEqual([
      'startImport',
      'importCompleted',
      'undoImport',
    ]);
    // 501 logs written and removed one by one through the policy: about 12 s on PGlite alone,
    // more beside other test files on two cores.
  }, 90_000);

  it.runIf(driver.name === 'PostgreSQL')(
    'hears an import once when two processes run its job at once, and fail another at once',
    async () => {
      const [one, two] = await Promise.all([
        openDatabase({ url: url ?? '' }),
        openDatabase({ url: url ?? '' }),
      ]);
      try {
        const id = await start(sample, 'raced.csv');
        // Each runs the whole job a row a batch, as two processes would after a lost lease.
        const run = async (db: Database['db']) => {
          let batches = 0;
          while ((await importStep(db, id, clock.now(), 1)) === 'more') batches += 1;
          return batches;
        };
        const [a, b] = await Promise.all([run(one.db), run(two.db)]);
        expect(a + b).toBeGreaterThanOrEqual(5);
        expect(await status(id)).toBe('done');
        const ended = (await heard()).filter((h) => h.name === 'importCompleted');
        // Six rows, each written once, whichever process wrote it.
        expect(ended).toHaveLength(1);
        expect(ended[0]?.args).toMatchObject({
          importId: id,
          counts: { logs: 6, seconds: 31_530 },
        });

        const failing = await start(sample, 'failed-twice.csv');
        await Promise.all([
          failImport(one.db, failing, 'Stopped on one', clock.now()),
          failImport(two.db, failing, 'Stopped on two', clock.now()),
        ]);
        const failed = (await heard()).filter(
          (h) => h.name === 'importCompleted' && h.args['importId'] === failing,
        );
        expect(failed).toHaveLength(1);
        expect(failed[0]?.args['status']).toBe('failed');
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
  );
});
