import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview, MAX_IMPORT_BYTES } from '../../src/server/api/import-handlers';
import type { Database } from '../../src/server/db/connect';
import type { ImportPreview } from '../../src/server/imports/preview';
import { sha256 } from '../../src/server/imports/seen-rows';
import { fingerprints } from '../../src/lib/import/fingerprint';
import { readImportFile } from '../../src/lib/import/read-file';
import { rows } from '../../src/server/sync/records';
import { context, drivers } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// POST /api/imports/preview (issue 32): what importing a Toggl Track file would do, at the API,
// with the figures of tests/fixtures/import/toggl-detailed.csv worked out by hand.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

describe.each(drivers)('previewing an import, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let admin: SignedUp;
  let normal: SignedUp;
  const ws = () => admin.workspace.id;

  const preview = (
    body: BodyInit,
    who: { cookie: string } = admin,
    query = '',
    type = 'text/csv',
  ) =>
    handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}${query}`, {
        method: 'POST',
        headers: { cookie: who.cookie, ...(type ? { 'content-type': type } : {}) },
        body,
      }),
      context(database),
    );
  const previewOf = async (body: BodyInit, query = '') => {
    const res = await preview(body, admin, query);
    expect(res.status).toBe(200);
    return ((await res.json()) as { preview: ImportPreview }).preview;
  };
  const version = async () =>
    rows<{ version: number | string }>(
      database.db,
      sql`SELECT version FROM workspaces WHERE id = ${ws()}`,
    );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    // Bo imports: his own rows map to "me".
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' });
    normal = await joinWorkspace(
      database,
      ws(),
      { name: 'Nik', email: 'nik@studio.test' },
      'Normal',
      'm-nik',
    );
    const { ok } = pusher(() => database, ws);
    await ok(admin, 'createMember', {
      id: 'm-ana',
      fields: { ...teamMember('Ana', 'Normal'), name: 'Ana N.', email: 'Ana@Studio.test' },
    });
    await ok(admin, 'createClient', { id: 'c-acme', fields: clientFields('acme foods') });
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: { ...projectFields('website redesign', 'c-acme'), billamount: 100 },
    });
    // Same name, no client: not the project of the file's Acme Foods rows.
    await ok(admin, 'createProject', {
      id: 'p-web-2',
      fields: { ...projectFields('Website Redesign', null), billamount: 999 },
    });
    await ok(admin, 'createTask', {
      id: 't-design',
      fields: { projectId: 'p-web', task: 'DESIGN', assigneeIds: [], billableRate: null },
    });
    await ok(admin, 'addTimeLog', {
      id: 'l-1',
      fields: { ...timeLogFields('2026-11-02', 'p-web', 3600), tags: 'Design, billing' },
    });
  });
  afterAll(async () => drop());

  it('counts what the sample would create and match, its time, people and amounts, and writes nothing', async () => {
    const before = await version();
    const seen = await previewOf(fixture('toggl-detailed.csv'));
    expect(await version()).toEqual(before);
    expect(seen).toMatchObject({
      source: 'toggl',
      encoding: 'UTF-8 with BOM',
      timeZone: 'UTC',
      dateFormats: ['YYYY-MM-DD'],
      mustChooseDateFormat: false,
      rows: { importable: 6, refused: 0, alreadyImported: 0 },
      dateRange: { from: '2026-10-05', to: '2026-10-07' },
      // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00 + 2:00:00
      totalSeconds: 31530,
      // all but Internal (0:30:00) and Standup (0:15:00)
      billableSeconds: 28830,
      clients: { create: 1, match: 1, created: ['Northwind'] },
      projects: { create: 2, match: 1, created: ['Internal', 'Booking App'] },
      tasks: {
        create: 2,
        match: 1,
        created: ['Website Redesign / Development', 'Booking App / QA'],
      },
      tags: {
        create: 5,
        match: 1,
        created: ['client work', 'release', 'on call', 'meeting', 'qa'],
      },
      members: { create: 1, match: 2, created: ['carla@studio.test'] },
      problems: [],
    });
    expect(seen.people).toEqual([
      {
        name: 'Ana Novak',
        email: 'ana@studio.test',
        rows: 3,
        seconds: 13530,
        suggestion: { kind: 'member', memberId: 'm-ana', memberName: 'Ana N.' },
        labourRate: null,
      },
      {
        name: 'Bo Lindqvist',
        email: 'bo@studio.test',
        rows: 2,
        seconds: 10800,
        suggestion: { kind: 'me', memberId: admin.workspace.memberId, memberName: 'Bo Lindqvist' },
        labourRate: null,
      },
      {
        name: '',
        email: 'carla@studio.test',
        rows: 1,
        seconds: 7200,
        suggestion: { kind: 'new', memberId: null, memberName: 'carla@studio.test' },
        // Toggl's report has no cost rates.
        labourRate: null,
      },
    ]);
    // 250.00 + 75.83 + 275.00 + 160.00 in the file. The three Website Redesign rows bill the
    // project's 100 an hour here: 9000 s → 250.00, 2730 s → 75.83 (7583.3), 9900 s → 275.00.
    expect(seen.amounts).toEqual({
      fileCurrency: 'USD',
      fileMinor: 76083,
      workspaceCurrency: 'INR',
      pricedRows: 3,
      workspaceMinor: 60083,
      fileMinorOfPricedRows: 60083,
    });
  });

  it('reads Excel’s Windows-1252 and UTF-16LE saves alike, and says which encoding it read', async () => {
    const windows = await previewOf(fixture('toggl-windows-1252.csv'));
    const unicode = await previewOf(fixture('toggl-utf16le.csv'), '');
    expect([windows.encoding, unicode.encoding]).toEqual(['Windows-1252', 'UTF-16LE with BOM']);
    for (const seen of [windows, unicode])
      expect([seen.totalSeconds, seen.rows.importable, seen.projects.create]).toEqual([
        31530, 6, 2,
      ]);
  });

  it('reads clock times in the zone asked for, and refuses one it does not know', async () => {
    expect(
      (await previewOf(fixture('toggl-detailed.csv'), '&timeZone=Europe/Berlin')).timeZone,
    ).toBe('Europe/Berlin');
    const res = await preview(fixture('toggl-detailed.csv'), admin, '&timeZone=Mars/Olympus');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      message: 'Some query parameters are missing or invalid.',
      fields: { timeZone: 'Choose a time zone from the list, like Europe/Berlin' },
    });
  });

  it('lists the rows the workspace’s rule refuses, with the rows the file cannot give', async () => {
    await database.db.execute(
      sql`UPDATE workspaces SET require_project_and_task = true WHERE id = ${ws()}`,
    );
    try {
      const text = `${fixture('toggl-detailed.csv').toString('utf8')}Bo Lindqvist,bo@studio.test,,X,,,No,2026-10-08,09:00:00,,,1:00,,\n`;
      const seen = await previewOf(text);
      expect(seen.problems).toEqual([
        {
          line: 4,
          reason:
            'This workspace requires a project and a task on every log, and this row has no task.',
        },
        {
          line: 6,
          reason:
            'This workspace requires a project and a task on every log, and this row has no task.',
        },
        { line: 8, reason: 'Duration “1:00” is not a length like 01:30:00.' },
      ]);
      // Internal (1800 s) and Standup (900 s) are left out.
      expect([seen.rows, seen.totalSeconds]).toEqual([
        { importable: 4, refused: 3, alreadyImported: 0 },
        28830,
      ]);
    } finally {
      await database.db.execute(
        sql`UPDATE workspaces SET require_project_and_task = false WHERE id = ${ws()}`,
      );
    }
  });

  it('leaves out rows an earlier import wrote, by fingerprint: the same file again would create nothing', async () => {
    const file = readImportFile(fixture('toggl-detailed.csv'));
    if (!file.ok) throw new Error(file.message);
    const prints = fingerprints(file.entries, sha256);
    const remember = (upTo: number) =>
      database.db.execute(
        sql`INSERT INTO import_fingerprints (workspace_id, fingerprint, import_id, time_log_id, created_at)
          SELECT ${ws()}, f, 'import-1', 'log-' || f, now()
          FROM unnest(string_to_array(${prints.slice(0, upTo).join(',')}, ',')) AS f`,
      );
    try {
      // The two rows of 5 October were imported before: 2:30:00 and 0:45:30 are left out.
      await remember(2);
      const overlapping = await previewOf(fixture('toggl-detailed.csv'));
      expect([overlapping.rows, overlapping.totalSeconds, overlapping.dateRange]).toEqual([
        { importable: 4, refused: 0, alreadyImported: 2 },
        19800,
        { from: '2026-10-06', to: '2026-10-07' },
      ]);
      // Design (matched before) is no longer in the file's new rows.
      expect(overlapping.tasks).toMatchObject({ create: 2, match: 0 });
      await database.db.execute(sql`DELETE FROM import_fingerprints WHERE workspace_id = ${ws()}`);
      await remember(6);
      const again = await previewOf(fixture('toggl-detailed.csv'));
      expect(again).toMatchObject({
        rows: { importable: 0, refused: 0, alreadyImported: 6 },
        totalSeconds: 0,
        clients: { create: 0, match: 0 },
        projects: { create: 0, match: 0 },
        tasks: { create: 0, match: 0 },
        tags: { create: 0, match: 0 },
        members: { create: 0, match: 0 },
        people: [],
      });
    } finally {
      await database.db.execute(sql`DELETE FROM import_fingerprints WHERE workspace_id = ${ws()}`);
    }
  });

  it('answers 403 to a Normal member and 401 without a session, before reading the file', async () => {
    const res = await preview(fixture('toggl-detailed.csv'), normal);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'forbidden',
      message: 'Only Admins can import data into the workspace.',
    });
    expect((await preview(fixture('toggl-detailed.csv'), { cookie: '' })).status).toBe(401);
  });

  it('refuses a file over 50 MB while reading it, with 413', async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    // A stream that never says its length, so the limit is what stops it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 80 * 1024 * 1024) controller.close();
      },
    });
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
        body,
        duplex: 'half',
      } as RequestInit),
      context(database),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
    // It stopped reading one chunk past the limit, not at the end of the stream.
    expect(sent).toBeLessThanOrEqual(MAX_IMPORT_BYTES + 2 * chunk.byteLength);
    // A declared length past the limit is refused without reading anything.
    const declared = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}`, {
        method: 'POST',
        headers: {
          cookie: admin.cookie,
          'content-type': 'text/csv',
          'content-length': String(MAX_IMPORT_BYTES + 1),
        },
        body: 'x',
      }),
      context(database),
    );
    expect(declared.status).toBe(413);
  });

  it('answers a header no source has, junk and a wrong type with 4xx JSON that says what it expected', async () => {
    // A header no source has (Clockify, Harvest and Kimai are read since issue 33).
    const other = await preview('Date;Worker;Hours\n2026-10-05;Ana;2\n');
    expect(other.status).toBe(422);
    const refusal = (await other.json()) as { error: string; message: string };
    expect(refusal.error).toBe('unknown_source');
    expect(refusal.message).toMatch(
      /^This file is not a report Hourmark can import: it has no .* columns of .*\. Hourmark reads Toggl Track’s Detailed report \(Reports → Detailed → Export → CSV\); Clockify’s Detailed report/,
    );
    const junk = await preview(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(junk.status).toBe(422);
    expect(await junk.json()).toMatchObject({ error: 'unreadable_file' });
    // A File the browser cannot name a type for is sent without one: read as bytes.
    expect((await preview(fixture('toggl-detailed.csv'), admin, '', '')).status).toBe(200);
    const pdf = await preview('%PDF-1.7', admin, '', 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(await pdf.json()).toMatchObject({ error: 'unsupported_media_type' });
    // JSON is read as Hourmark's own export (issue 32): other JSON is told what it lacks.
    const json = await preview('{"rows":[]}', admin, '', 'application/json');
    expect(json.status).toBe(422);
    const notExport = (await json.json()) as { error: string; message: string };
    expect(notExport.error).toBe('unreadable_file');
    expect(notExport.message).toContain('This JSON file is not an Hourmark export');
    const nobody = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=not-a-workspace`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
        body: 'x',
      }),
      context(database),
    );
    expect(nobody.status).toBe(403);
  });
});
