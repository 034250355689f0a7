import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import {
  handleImport,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Files of clients and projects without time (issue 33): Toggl Track's account export (a zip
// of JSON), Clockify's projects CSV, Harvest's clients and projects CSVs, previewed, imported,
// imported again (nothing new) and undone, at the API on both drivers. Figures from the fixtures
// (tests/fixtures/import/toggl-account/, clockify-projects.csv, harvest-*.csv), worked by hand.

const fixture = (name: string) => readFileSync(`tests/fixtures/import/${name}`);

/** The fixture folder as Toggl zips it: its files at the zip's top. */
function togglZip(change: Record<string, string> = {}): Uint8Array {
  const root = 'tests/fixtures/import/toggl-account';
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path);
    }
  };
  walk(root);
  for (const [path, text] of Object.entries(change)) files[path] = new TextEncoder().encode(text);
  return zipSync(files);
}

describe.each(drivers)('importing clients and projects without time, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  const ws = () => admin.workspace.id;
  /** The imports the undo test takes back: the first Toggl zip's, and Harvest's projects. */
  const ids = { toggl: '', harvest: '' };
  const ctx = () => context(database, clock);

  const preview = async (bytes: Uint8Array) => {
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      }),
      ctx(),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const start = (bytes: Uint8Array, name: string) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], name));
    return handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
        body,
      }),
      ctx(),
    );
  };
  type Done = {
    id: string;
    status: string;
    progress: { done: number; total: number };
    result: {
      logs: number;
      created: { clients: { name: string }[]; projects: { name: string }[]; tasks: unknown[] };
    };
  };
  const imported = async (bytes: Uint8Array, name: string): Promise<Done> => {
    const res = await start(bytes, name);
    const text = await res.text();
    expect(res.status, text).toBe(202);
    const { id } = (JSON.parse(text) as { import: { id: string } }).import;
    while ((await runDueJobs(database.db, mailOff, clock.now)) > 0);
    const done = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, { headers: { cookie: admin.cookie } }),
      ctx(),
    );
    return ((await done.json()) as { import: Done }).import;
  };
  const projects = () =>
    rows<{
      name: string;
      client: string | null;
      billable: string;
      rate: string;
      status: string;
      members: string;
    }>(
      database.db,
      sql`SELECT p.data->>'projectName' AS name, c.data->>'name' AS client, p.data->>'billable' AS billable,
        p.data->>'billamount' AS rate, p.data->>'status' AS status, coalesce(p.data->>'memberIds', '[]') AS members
        FROM projects p LEFT JOIN clients c ON c.id = p.client_id
        WHERE p.workspace_id = ${ws()} AND NOT p.deleted ORDER BY p.data->>'projectName'`,
    );
  const count = async (table: 'clients' | 'projects' | 'tasks' | 'time_logs') =>
    Number(
      (
        await rows<{ n: string | number }>(
          database.db,
          sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE workspace_id = ${ws()} AND NOT deleted`,
        )
      )[0]?.n,
    );
  const counts = async () => ({
    clients: await count('clients'),
    projects: await count('projects'),
    tasks: await count('tasks'),
    logs: await count('time_logs'),
  });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
  });
  afterAll(async () => drop());

  it('refuses malformed files with a clear message and writes nothing', async () => {
    const cases: [Uint8Array, string][] = [
      [togglZip().subarray(0, 300), 'could not be read'],
      [
        togglZip({ 'clients.json': '{"data": "not a list"}' }),
        'clients.json in this zip is not Toggl Track’s account export',
      ],
      [
        togglZip({ 'tasks/401.json': '[{"title": "Design"}]' }),
        'tasks/401.json in this zip is not Toggl',
      ],
      [
        new TextEncoder().encode(
          '"Name","Client","Visibility","Billability","Tasks"\n"Website","Acme","Public","Yes",""\n',
        ),
        'it has no Status column of Clockify projects',
      ],
    ];
    for (const [bytes, words] of cases) {
      const read = await preview(bytes);
      expect(read.status).toBe(422);
      expect(String(read.body.message)).toContain(words);
      expect((await start(bytes, 'file')).status).toBe(422);
    }
    expect(await counts()).toEqual({ clients: 0, projects: 0, tasks: 0, logs: 0 });
  });

  it('previews and imports a Toggl account zip’s clients, projects and tasks, no time', async () => {
    const read = await preview(togglZip());
    expect(read.status).toBe(200);
    expect(read.body.preview).toMatchObject({
      source: 'toggl-account',
      rows: { importable: 0, refused: 0, alreadyImported: 0 },
      totalSeconds: 0,
      clients: { create: 2, match: 0, created: ['Acme GmbH', 'Old Client'] },
      projects: {
        create: 3,
        match: 0,
        created: ['Website relaunch', 'Support retainer', 'Internal'],
      },
      tasks: {
        create: 3,
        match: 0,
        created: ['Website relaunch / Design', 'Website relaunch / Build', 'Internal / Admin'],
      },
      people: [],
      // Bo on Website relaunch; Ana Ruiz is no team member here.
      structure: { archivedProjects: 1, projectMembers: 1, peopleNotFound: ['Ana Ruiz'], tags: 2 },
    });
    const done = await imported(togglZip(), 'toggl-export.zip');
    ids.toggl = done.id;
    // 2 clients + 3 projects + 3 tasks.
    expect(done).toMatchObject({
      status: 'done',
      progress: { done: 8, total: 8 },
      result: { logs: 0 },
    });
    expect(await counts()).toEqual({ clients: 2, projects: 3, tasks: 3, logs: 0 });
    expect(await projects()).toEqual([
      {
        name: 'Internal',
        client: null,
        billable: 'false',
        rate: '0',
        status: 'Archived',
        members: '[]',
      },
      {
        name: 'Support retainer',
        client: 'Acme GmbH',
        billable: 'member',
        rate: '0',
        status: 'Active',
        members: '[]',
      },
      {
        name: 'Website relaunch',
        client: 'Acme GmbH',
        billable: 'project',
        rate: '95.5',
        status: 'Active',
        members: JSON.stringify([admin.workspace.memberId]),
      },
    ]);
    const [oldClient] = await rows<{ status: string }>(
      database.db,
      sql`SELECT data->>'status' AS status FROM clients WHERE workspace_id = ${ws()} AND data->>'name' = 'Old Client'`,
    );
    expect(oldClient?.status).toBe('Archived');
  });

  it('imports the same zip again, and Clockify’s projects CSV of the same projects, creating nothing', async () => {
    const again = await imported(togglZip(), 'toggl-export.zip');
    expect(again.result.created).toMatchObject({ clients: [], projects: [], tasks: [] });
    const clockify = await preview(fixture('clockify-projects.csv'));
    expect(clockify.body.preview).toMatchObject({
      source: 'clockify-projects',
      clients: { create: 0, match: 1 },
      projects: { create: 0, match: 3 },
      // Design, Build (Design twice in the cell) and Admin.
      tasks: { create: 0, match: 3 },
      structure: { archivedProjects: 0, projectMembers: 0 },
    });
    const done = await imported(fixture('clockify-projects.csv'), 'projects.csv');
    expect(done.result.created).toMatchObject({ clients: [], projects: [], tasks: [] });
    expect(await counts()).toEqual({ clients: 2, projects: 3, tasks: 3, logs: 0 });
  });

  it('reads Harvest’s clients and projects CSVs (decimal commas), creating only what is new', async () => {
    const clients = await preview(fixture('harvest-clients.csv'));
    // acme gmbh is Acme GmbH again.
    expect(clients.body.preview).toMatchObject({
      source: 'harvest-clients',
      clients: { create: 1, match: 1, created: ['Blue Fin Ltd'] },
      projects: { create: 0, match: 0 },
    });
    const projectsRead = await preview(fixture('harvest-projects.csv'));
    expect(projectsRead.body.preview).toMatchObject({
      source: 'harvest-projects',
      numberFormat: 'decimal-comma',
      clients: { create: 1, match: 1, created: ['Blue Fin Ltd'] },
      projects: { create: 1, match: 2, created: ['Brand book'] },
    });
    const done = await imported(fixture('harvest-projects.csv'), 'harvest-projects.csv');
    ids.harvest = done.id;
    expect(done.result.created).toMatchObject({
      clients: [{ name: 'Blue Fin Ltd' }],
      projects: [{ name: 'Brand book' }],
      tasks: [],
    });
    // No billable hours yet: Brand book is not billable.
    expect((await projects()).find((p) => p.name === 'Brand book')).toMatchObject({
      client: 'Blue Fin Ltd',
      billable: 'false',
    });
    expect(await counts()).toEqual({ clients: 3, projects: 4, tasks: 3, logs: 0 });
  });

  it('undoes a Toggl account import: its clients, projects and tasks go', async () => {
    const undo = (id: string) =>
      handleUndoImport(
        new Request(`https://hourmark.test/api/imports/${id}/undo`, {
          method: 'POST',
          headers: { cookie: admin.cookie },
        }),
        ctx(),
      );
    // Harvest's import first: its Brand book stands on Blue Fin Ltd, which it created too.
    expect((await undo(ids.harvest)).status).toBe(200);
    expect(await counts()).toEqual({ clients: 2, projects: 3, tasks: 3, logs: 0 });
    const res = await undo(ids.toggl);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(await counts()).toEqual({ clients: 0, projects: 0, tasks: 0, logs: 0 });
  });
});
