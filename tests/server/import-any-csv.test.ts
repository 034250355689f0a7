import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import { handleImport, handleStartImport } from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import type { ImportPreview } from '../../src/lib/import/shapes';
import { forgetEntries } from '../../src/server/imports/file-entries';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Any CSV (issue 33) at the API on both drivers: an Any-CSV mapping used twice. A German time
// sheet no known source recognises (tests/fixtures/import/any-csv-zeiten-*.csv) is refused with
// its columns, previewed and imported through the person's mapping; the April file, the same
// columns in another order, is recognised by its shape and imports with the remembered mapping.
// Figures worked out by hand from the fixtures.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);
const march = fixture('any-csv-zeiten-maerz.csv');
const april = fixture('any-csv-zeiten-april.csv');

const mapping = {
  date: 'Datum',
  start: 'Beginn',
  duration: 'Stunden',
  project: 'Projekt',
  task: 'Tätigkeit',
};

describe.each(drivers)('an Any-CSV mapping used twice, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ws = () => admin.workspace.id;

  const preview = (bytes: Uint8Array, query = '') =>
    handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}${query}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
        body: new Uint8Array(bytes),
      }),
      context(database, clock),
    );
  const previewOf = async (bytes: Uint8Array, query = '') => {
    const res = await preview(bytes, query);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return (JSON.parse(text) as { preview: ImportPreview }).preview;
  };
  const mapped = (given: unknown) => `&mapping=${encodeURIComponent(JSON.stringify(given))}`;
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
    // The job reads the stored file again, as another process would: through the mapping the
    // import keeps in its choices, not the rows the upload left in this process's memory.
    forgetEntries(id);
    expect(await runDueJobs(database.db, mailOff, clock.now)).toBe(1);
    const done = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, {
        headers: { cookie: admin.cookie },
      }),
      context(database, clock),
    );
    return (
      (await done.json()) as {
        import: { status: string; source: string; result: { logs: number; seconds: number } };
      }
    ).import;
  };
  const logs = () =>
    rows<{ date: string; st: string; project: string | null }>(
      database.db,
      sql`SELECT l.data->>'date' AS date, l.data->>'st' AS st, p.data->>'projectName' AS project
        FROM time_logs l LEFT JOIN projects p ON p.id = l.data->>'projectId'
        WHERE l.workspace_id = ${ws()} AND NOT l.deleted ORDER BY l.data->>'date', l.data->>'st'`,
    );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
  });
  afterAll(async () => drop());

  it('refuses a file no source recognises with its columns, to be mapped', async () => {
    const res = await preview(march);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; columns: string[] };
    expect(body.error).toBe('unknown_source');
    expect(body.columns).toEqual(['Datum', 'Beginn', 'Ende', 'Projekt', 'Tätigkeit', 'Stunden']);
  });

  it('previews the March file through the mapping, with its first five rows', async () => {
    const shown = await previewOf(march, mapped(mapping));
    expect(shown).toMatchObject({
      source: 'any-csv',
      dateFormat: 'DD.MM.YYYY',
      // 2,5 and 0,75 and 2,75 say comma; 1 says nothing.
      numberFormat: 'decimal-comma',
      rows: { importable: 3, refused: 2, alreadyImported: 0 },
      dateRange: { from: '2026-03-03', to: '2026-03-04' },
      // 2.5 h + 0.75 h + 2.75 h = 6 h
      totalSeconds: 21600,
      billableSeconds: 21600,
      projects: { create: 2, match: 0, created: ['Website Redesign', 'Intern'] },
      tasks: { create: 3, match: 0 },
      // No person column: every row is Bo's own.
      members: { create: 0, match: 1 },
      problems: [
        { line: 5, reason: 'Duration “” is not a length like 1.5 or 1:30.' },
        { line: 6, reason: 'Date “31.02.2026” is not a date in the order DD.MM.YYYY.' },
      ],
    });
    expect(shown.anyCsv?.remembered).toBe(false);
    expect(shown.anyCsv?.columns).toEqual([
      'Datum',
      'Beginn',
      'Ende',
      'Projekt',
      'Tätigkeit',
      'Stunden',
    ]);
    expect(
      shown.anyCsv?.sample.map((row) =>
        row.entry
          ? `${row.line} ${row.entry.date} ${row.entry.startTime} ${row.entry.durationSeconds} ${row.entry.project} / ${row.entry.task}`
          : `${row.line} ${row.problem ?? ''}`,
      ),
    ).toEqual([
      '2 2026-03-03 09:00 9000 Website Redesign / Entwurf',
      '3 2026-03-03 13:00 2700 Website Redesign / Abstimmung',
      '4 2026-03-04 22:30 9900 Intern / Wartung',
      '5 Duration “” is not a length like 1.5 or 1:30.',
      '6 Date “31.02.2026” is not a date in the order DD.MM.YYYY.',
    ]);
  });

  it('reads the length from the start and end times when no duration is chosen', async () => {
    const shown = await previewOf(
      march,
      mapped({ date: 'Datum', start: 'Beginn', end: 'Ende', project: 'Projekt' }),
    );
    // 09:00–11:30, 13:00–13:45, 22:30–01:15 (the next day), 08:00–09:00 on 31.02 (refused);
    // line 5 has no end. 2.5 h + 0.75 h + 2.75 h.
    expect(shown.rows).toEqual({ importable: 3, refused: 2, alreadyImported: 0 });
    expect(shown.totalSeconds).toBe(21600);
    expect(shown.problems[0]).toEqual({ line: 5, reason: 'End time “” is not a time like 17:30.' });
  });

  it('refuses bad mappings, naming the field', async () => {
    const lacking = await preview(march, mapped({ ...mapping, client: 'Kunde' }));
    expect(lacking.status).toBe(422);
    expect(await lacking.json()).toMatchObject({
      error: 'unknown_column',
      fields: { 'mapping.client': expect.stringContaining('“Kunde”') as unknown },
    });
    const noLength = await preview(march, mapped({ date: 'Datum', start: 'Beginn' }));
    expect(noLength.status).toBe(400);
    expect(await noLength.json()).toMatchObject({
      error: 'invalid_request',
      fields: { 'mapping.duration': expect.stringContaining('duration') as unknown },
    });
    const noDate = await preview(march, mapped({ duration: 'Stunden' }));
    expect(noDate.status).toBe(400);
    expect(Object.keys(((await noDate.json()) as { fields: object }).fields)).toEqual([
      'mapping.date',
    ]);
    const unknownField = await preview(march, mapped({ ...mapping, colour: 'Farbe' }));
    expect(unknownField.status).toBe(400);
    const notJson = await preview(march, '&mapping=%7Bdate');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({
      fields: { mapping: 'The mapping must be JSON.' },
    });
    const startLacking = await start(march, 'zeiten.csv', {
      mapping: { ...mapping, description: 'Notiz' },
    });
    expect(startLacking.status).toBe(422);
    expect(await startLacking.json()).toMatchObject({
      error: 'unknown_column',
      fields: { 'choices.mapping.description': expect.stringContaining('“Notiz”') as unknown },
    });
    // Nothing was started, so nothing is remembered yet.
    expect((await preview(april)).status).toBe(422);
  });

  it('imports the March file with the mapping, then recognises the April file by its shape', async () => {
    const first = await imported(march, 'zeiten-maerz.csv', { mapping });
    expect(first).toMatchObject({
      status: 'done',
      source: 'any-csv',
      result: { logs: 3, seconds: 21600 },
    });

    const second = await previewOf(april);
    expect(second.anyCsv).toMatchObject({ remembered: true, mapping });
    expect(second).toMatchObject({
      source: 'any-csv',
      rows: { importable: 2, refused: 0, alreadyImported: 0 },
      // 1,25 h + 3 h
      totalSeconds: 15300,
      projects: { create: 0, match: 2 },
      tasks: { create: 0, match: 2 },
    });
    // Started without a mapping: the remembered one reads it on the server too.
    const done = await imported(april, 'zeiten-april.csv', {});
    expect(done).toMatchObject({ status: 'done', result: { logs: 2, seconds: 15300 } });
    expect(await logs()).toEqual([
      { date: '2026-03-03', st: '09:00', project: 'Website Redesign' },
      { date: '2026-03-03', st: '13:00', project: 'Website Redesign' },
      { date: '2026-03-04', st: '22:30', project: 'Intern' },
      { date: '2026-04-01', st: '08:00', project: 'Intern' },
      { date: '2026-04-02', st: '14:00', project: 'Website Redesign' },
    ]);
    // The March file again: every row it can import was imported.
    const again = await previewOf(march);
    expect(again.rows).toEqual({ importable: 0, refused: 2, alreadyImported: 3 });
  });

  it('remembers a mapping in its own workspace only', async () => {
    const other = await signUp(database, { name: 'Cy Other', email: 'cy@else.test' }, clock);
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${other.workspace.id}`, {
        method: 'POST',
        headers: { cookie: other.cookie, 'content-type': 'text/csv' },
        body: new Uint8Array(april),
      }),
      context(database, clock),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'unknown_source' });
  });
});
