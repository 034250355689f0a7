import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImport, handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// The sources of issue 33 through the import job of issue 32 (POST /api/imports): a Clockify
// file whose dates read both ways is refused until the person chooses, then written in the
// chosen order; Kimai's XLSX export is written like its CSV. Figures from the fixtures.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

describe.each(drivers)('importing Clockify and Kimai files, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ws = () => admin.workspace.id;

  const start = (bytes: Uint8Array, name: string, choices: unknown) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], name));
    body.set('choices', JSON.stringify(choices));
    return handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      context(database, clock),
    );
  };
  const imported = async (bytes: Uint8Array, name: string, choices: unknown) => {
    const res = await start(bytes, name, choices);
    const text = await res.text();
    expect(res.status, text).toBe(202);
    const { id } = (JSON.parse(text) as { import: { id: string } }).import;
    expect(await runDueJobs(database.db, mailOff, clock.now)).toBe(1);
    const done = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, {
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    return (
      (await done.json()) as {
        import: { status: string; result: { logs: number; seconds: number } };
      }
    ).import;
  };
  const logs = () =>
    rows<{ date: string; st: string }>(
      database.db,
      sql`SELECT data->>'date' AS date, data->>'st' AS st FROM time_logs WHERE workspace_id = ${ws()} AND NOT deleted ORDER BY data->>'date', data->>'st'`,
    );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
  });
  afterAll(async () => drop());

  it('asks for the date order of a Clockify file, then writes its rows on the days chosen', async () => {
    const refused = await start(fixture('clockify-detailed.csv'), 'clockify.csv', {});
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ error: 'choose_date_format' });
    const done = await imported(fixture('clockify-detailed.csv'), 'clockify.csv', {
      dateFormat: 'DD/MM/YYYY',
    });
    // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00
    expect(done).toMatchObject({ status: 'done', result: { logs: 5, seconds: 24330 } });
    // 10/05/2026 read as 10 May; Release night (10:30 PM) stays on 10 June.
    expect(await logs()).toEqual([
      { date: '2026-05-10', st: '09:00' },
      { date: '2026-05-10', st: '13:15' },
      { date: '2026-06-10', st: '08:30' },
      { date: '2026-06-10', st: '22:30' },
      { date: '2026-07-10', st: '09:00' },
    ]);
  });

  it('writes Kimai’s XLSX export like its CSV', async () => {
    await database.db.execute(
      sql`UPDATE time_logs SET deleted = true WHERE workspace_id = ${ws()}`,
    );
    const done = await imported(fixture('kimai-timesheet.xlsx'), 'kimai.xlsx', {});
    // 2.5 h + 20 min + 0.5 h + 2.75 h + 2 h
    expect(done).toMatchObject({ status: 'done', result: { logs: 5, seconds: 29100 } });
    expect((await logs()).map((l) => `${l.date} ${l.st}`)).toEqual([
      '2026-10-05 09:00',
      '2026-10-05 13:15',
      '2026-10-06 08:30',
      '2026-10-06 22:30',
      '2026-10-07 10:00',
    ]);
  });
});
