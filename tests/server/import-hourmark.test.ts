import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportPreview } from '../../src/server/api/import-handlers';
import {
  handleImport,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import { handleExport } from '../../src/server/api/read-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock, get } from './support';
import { signUp, type SignedUp } from './workspace-support';

// Hourmark's own export (Export my data) on the server's import pipeline (issue 32): previewed,
// imported with its people mapped, imported again (nothing new), exported and imported into
// another workspace (the same figures), and undone, at the API on both drivers. Figures from
// tests/fixtures/import/hourmark-export.json, worked by hand:
//   2 clients (Acme GmbH with its address and VAT number; Old Client, archived), 3 projects
//   (Website relaunch of Acme, at the project's 100 an hour, budget 40 h, rounded up to 15 min;
//   Support of Old Client, asks for approval; Internal, no client, not billable), 3 tasks
//   (Design and Build, Build at 120 an hour; Admin), 2 team members (Ana Ruiz, Kai Otto),
//   6 logs: 5400 + 3725 + 1800 + 900 + 600 + 7261 = 19,686 s, of which l-2 (3725 s, on the
//   billable Website relaunch) is marked not billable: 15,961 billable seconds.

const fixture = () => readFileSync('tests/fixtures/import/hourmark-export.json');
const exportWith = (change: (data: Record<string, unknown[]>) => void) => {
  const data = JSON.parse(fixture().toString('utf8')) as Record<string, unknown[]>;
  change(data);
  return new TextEncoder().encode(JSON.stringify(data));
};

type Done = {
  id: string;
  status: string;
  error: string | null;
  progress: { done: number; total: number };
  result: {
    logs: number;
    seconds: number;
    alreadyImported: number;
    skippedCount: number;
    skipped: { line: number; reason: string }[];
    created: Record<'clients' | 'projects' | 'tasks' | 'members', { name: string }[]> & {
      tags: string[];
    };
  };
};

/** The import endpoints and what a person reads afterwards, against `db()`'s database. */
function calls(db: () => Database, clock: ReturnType<typeof fakeClock>) {
  const preview = async (who: SignedUp, bytes: Uint8Array) => {
    const res = await handleImportPreview(
      new Request(`https://hourmark.test/api/imports/preview?workspace=${who.workspace.id}`, {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: new Uint8Array(bytes),
      }),
      context(db(), clock),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const start = (who: SignedUp, bytes: Uint8Array, choices: unknown = {}) => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], 'hourmark-export-2026-11-20.json'));
    body.set('choices', JSON.stringify(choices));
    return handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${who.workspace.id}`, {
        method: 'POST',
        headers: { cookie: who.cookie },
        body,
      }),
      context(db(), clock),
    );
  };
  const imported = async (who: SignedUp, bytes: Uint8Array, choices: unknown = {}) => {
    const res = await start(who, bytes, choices);
    const text = await res.text();
    expect(res.status, text).toBe(202);
    const { id } = (JSON.parse(text) as { import: { id: string } }).import;
    while ((await runDueJobs(db().db, mailOff, clock.now)) > 0);
    const done = await handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, { headers: { cookie: who.cookie } }),
      context(db(), clock),
    );
    return ((await done.json()) as { import: Done }).import;
  };
  const count = async (who: SignedUp, table: string) =>
    Number(
      (
        await rows<{ n: string | number }>(
          db().db,
          sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE workspace_id = ${who.workspace.id} AND NOT deleted`,
        )
      )[0]?.n,
    );
  const counts = async (who: SignedUp) => ({
    clients: await count(who, 'clients'),
    projects: await count(who, 'projects'),
    tasks: await count(who, 'tasks'),
    members: await count(who, 'members'),
    logs: await count(who, 'time_logs'),
  });
  /** Each live log as a person reads it, by day and start. */
  const logs = (who: SignedUp) =>
    rows<Record<string, unknown>>(
      db().db,
      sql`SELECT l.data->>'date' AS date, (l.data->>'dur')::int AS seconds, l.data->'billable' AS billable,
        l.data->>'tags' AS tags, m.data->>'name' AS member, p.data->>'projectName' AS project,
        t.data->>'task' AS task, l.data->>'desc' AS desc, l.data->>'st' AS start, l.data->>'end' AS end,
        (l.data->>'exp')::float AS expenses, l.data->>'status' AS status, l.billable_minor::int AS "billableMinor"
        FROM time_logs l LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id
        LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
        LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id
        WHERE l.workspace_id = ${who.workspace.id} AND NOT l.deleted
        ORDER BY l.data->>'date', l.data->>'st', (l.data->>'dur')::int`,
    );
  const records = (who: SignedUp, table: 'clients' | 'projects' | 'tasks' | 'members') =>
    rows<{ id: string; data: Record<string, unknown> }>(
      db().db,
      // By name: the records of one import share their creation time, and ids are random.
      sql`SELECT id, data FROM ${sql.identifier(table)} WHERE workspace_id = ${who.workspace.id} AND NOT deleted
        ORDER BY coalesce(data->>'name', data->>'projectName', data->>'task')`,
    );
  const byName = async (
    who: SignedUp,
    table: 'clients' | 'projects' | 'tasks' | 'members',
    field: string,
    name: string,
  ) => (await records(who, table)).find((r) => r.data[field] === name);

  return { preview, start, imported, counts, logs, records, byName };
}

describe.each(drivers)('importing an Hourmark export, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  let other: SignedUp;
  let firstImport = '';
  const ctx = () => context(database, clock);
  const { preview, start, imported, counts, logs, records, byName } = calls(() => database, clock);
  /** Kai Otto's logs are the importing Admin's own (the people step): Ana Ruiz becomes new. */
  const kaiIsMe = { people: [{ email: 'kai@agency.test', as: 'me' }] };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    other = await signUp(database, { name: 'Cy Park', email: 'cy@elsewhere.test' }, clock);
  });
  afterAll(async () => drop());

  it('refuses what is not an export with a clear message, and writes nothing', async () => {
    const cases: [string, string][] = [
      ['{"clients": [{"id": "c-1", "name": "Acme"', 'it is not JSON, or it is cut off'],
      ['{"hello": "world"}', 'This JSON file is not an Hourmark export'],
      ['[1, 2, 3]', 'This JSON file is not an Hourmark export'],
      ['{"taskData": "not a list", "Team": 3}', 'This JSON file is not an Hourmark export'],
    ];
    for (const [text, words] of cases) {
      const bytes = new TextEncoder().encode(text);
      const read = await preview(admin, bytes);
      expect(read.status).toBe(422);
      expect(String(read.body.message)).toContain(words);
      expect((await start(admin, bytes)).status).toBe(422);
    }
    expect(await counts(admin)).toEqual({
      clients: 0,
      projects: 0,
      tasks: 0,
      members: 1,
      logs: 0,
    });
  });

  it('lists records that fail their schema as rows that cannot be imported', async () => {
    const bytes = exportWith((data) => {
      data['taskData']?.push({ id: 'l-7', date: '2026-11-07', dur: 'an hour', memberId: 'm-ana' });
      data['taskData']?.push({ id: 'l-8', date: '2026-11-07', dur: 60, memberId: 'm-gone' });
      data['Team']?.push({ id: 'm-3', email: 'x@agency.test' });
    });
    const read = await preview(admin, bytes);
    expect(read.status).toBe(200);
    const shown = read.body.preview as {
      rows: unknown;
      problems: { line: number; reason: string }[];
    };
    // The six good logs stay importable; the member without a name and two logs are listed.
    expect(shown.rows).toEqual({ importable: 6, refused: 3, alreadyImported: 0 });
    expect(shown.problems.map((p) => p.line)).toEqual([3, 7, 8]);
    expect(shown.problems[0]?.reason).toContain('Team number 3 does not read: name');
    expect(shown.problems[1]?.reason).toContain('taskData number 7 does not read: dur');
    expect(shown.problems[2]?.reason).toBe(
      'taskData number 8 (2026-11-07): Its team member is not in the file.',
    );
    expect((await counts(admin)).logs).toBe(0);
  });

  it('previews the export: records, people, hours, nothing written', async () => {
    const read = await preview(admin, fixture());
    expect(read.status).toBe(200);
    const shown = read.body.preview as Record<string, unknown>;
    expect(shown).toMatchObject({
      source: 'hourmark',
      sourceName: 'Hourmark export (JSON)',
      rows: { importable: 6, refused: 0, alreadyImported: 0 },
      dateRange: { from: '2026-11-02', to: '2026-11-06' },
      totalSeconds: 19686,
      billableSeconds: 15961,
      clients: { create: 2, match: 0, created: ['Acme GmbH', 'Old Client'] },
      projects: { create: 3, match: 0, created: ['Website relaunch', 'Support', 'Internal'] },
      tasks: {
        create: 3,
        match: 0,
        created: ['Website relaunch / Design', 'Website relaunch / Build', 'Internal / Admin'],
      },
      tags: { create: 4, match: 0, created: ['design', 'web', 'support', 'Admin'] },
      members: { create: 2, match: 0, created: ['Ana Ruiz', 'Kai Otto'] },
      problems: [],
    });
    // Ana: 5400 + 3725 + 600 + 7261; Kai: 1800 + 900.
    expect(shown['people']).toEqual([
      expect.objectContaining({
        name: 'Ana Ruiz',
        email: 'ana@agency.test',
        rows: 4,
        seconds: 16986,
      }),
      expect.objectContaining({
        name: 'Kai Otto',
        email: 'kai@agency.test',
        rows: 2,
        seconds: 2700,
      }),
    ]);
    // It holds time: the screen's "No time in this file" is not for it.
    expect(shown['structure']).toBeUndefined();
    expect(await counts(admin)).toEqual({
      clients: 0,
      projects: 0,
      tasks: 0,
      members: 1,
      logs: 0,
    });
  });

  it('imports records with their fields, and each log as it was', async () => {
    const done = await imported(admin, fixture(), kaiIsMe);
    firstImport = done.id;
    // 2 members + 2 clients + 3 projects + 3 tasks, then 6 logs.
    expect(done).toMatchObject({
      status: 'done',
      error: null,
      progress: { done: 16, total: 16 },
      result: { logs: 6, seconds: 19686, alreadyImported: 0, skippedCount: 0 },
    });
    expect(done.result.created.members.map((m) => m.name)).toEqual(['Ana Ruiz']);
    expect(done.result.created.clients.map((c) => c.name)).toEqual(['Acme GmbH', 'Old Client']);
    expect(done.result.created.tags).toEqual(['design', 'web', 'support', 'Admin']);
    // Bo and Ana; Kai's logs are Bo's.
    expect(await counts(admin)).toEqual({
      clients: 2,
      projects: 3,
      tasks: 3,
      members: 2,
      logs: 6,
    });

    const ana = await byName(admin, 'members', 'name', 'Ana Ruiz');
    expect(ana?.data).toMatchObject({
      email: 'ana@agency.test',
      LoborRate: 20,
      BillableRate: 80,
      Role: 'Normal',
      notes: 'Design lead',
    });
    expect((await byName(admin, 'clients', 'name', 'Acme GmbH'))?.data).toMatchObject({
      contactPerson: 'Jo Meyer',
      email: 'billing@acme.test',
      address: 'Hauptstr. 1',
      country: 'DE',
      taxName: 'VAT',
      taxPercentage: 19,
      vatNumber: 'DE123456789',
      city: 'Berlin',
      postCode: '10115',
      status: 'Active',
    });
    expect((await byName(admin, 'clients', 'name', 'Old Client'))?.data['status']).toBe('Archived');
    const acme = await byName(admin, 'clients', 'name', 'Acme GmbH');
    expect(
      (await byName(admin, 'projects', 'projectName', 'Website relaunch'))?.data,
    ).toMatchObject({
      clientId: acme?.id,
      billable: 'project',
      billamount: 100,
      hours: 40,
      rounding: 'up',
      timeInterval: 15,
      description: 'Relaunch of acme.test',
      approval: false,
      memberIds: [ana?.id],
    });
    expect((await byName(admin, 'projects', 'projectName', 'Support'))?.data).toMatchObject({
      billable: 'member',
      approval: true,
    });
    expect((await byName(admin, 'projects', 'projectName', 'Internal'))?.data).toMatchObject({
      clientId: null,
      billable: 'false',
    });
    expect((await byName(admin, 'tasks', 'task', 'Build'))?.data['billableRate']).toBe(120);
    expect((await byName(admin, 'tasks', 'task', 'Design'))?.data['assigneeIds']).toEqual([
      ana?.id,
    ]);

    // Billable amounts: Website relaunch at 100 an hour, rounded up to 15 minutes: l-1 1.5 h is
    // 150.00; l-6 7261 s rounds up to 2.25 h, 225.00; l-2 is not billable. Support bills Bo's
    // own rate (0); Internal bills nothing; l-5 has no project.
    expect(await logs(admin)).toEqual([
      {
        date: '2026-11-02',
        seconds: 5400,
        billable: true,
        tags: 'design, web',
        member: 'Ana Ruiz',
        project: 'Website relaunch',
        task: 'Design',
        desc: '<p>Wireframes for the <strong>home</strong> page</p>',
        start: '09:00',
        end: '10:30',
        expenses: 0,
        status: 'approved',
        billableMinor: 15000,
      },
      {
        date: '2026-11-03',
        seconds: 3725,
        billable: false,
        tags: '',
        member: 'Ana Ruiz',
        project: 'Website relaunch',
        task: 'Build',
        desc: '',
        start: '13:15',
        end: '14:17',
        expenses: 0,
        status: 'approved',
        billableMinor: 0,
      },
      {
        date: '2026-11-04',
        seconds: 1800,
        billable: true,
        tags: 'support',
        member: 'Bo Lindqvist',
        project: 'Support',
        task: null,
        // The export's script and attribute are not kept.
        desc: '<p>Call with <em>Jo</em></p>',
        start: '08:00',
        end: '08:30',
        expenses: 0,
        // Support asks for approval, and the export says it was not approved yet.
        status: 'pending',
        billableMinor: 0,
      },
      {
        date: '2026-11-05',
        seconds: 900,
        billable: true,
        tags: '',
        member: 'Bo Lindqvist',
        project: 'Internal',
        task: 'Admin',
        desc: '<p>Timesheets</p>',
        start: '',
        end: '',
        expenses: 12.5,
        status: 'approved',
        billableMinor: 0,
      },
      {
        date: '2026-11-06',
        seconds: 7261,
        billable: true,
        tags: 'design',
        member: 'Ana Ruiz',
        project: 'Website relaunch',
        task: 'Design',
        desc: '<p>Design review</p>',
        start: '10:00',
        end: '12:01',
        expenses: 0,
        status: 'approved',
        billableMinor: 22500,
      },
      {
        date: '2026-11-06',
        seconds: 600,
        billable: true,
        tags: 'Admin',
        member: 'Ana Ruiz',
        project: null,
        task: null,
        desc: '<p>Email</p>',
        start: '17:00',
        end: '17:10',
        expenses: 0,
        status: 'approved',
        billableMinor: 0,
      },
    ]);
  });

  it('creates nothing when the same export is imported again', async () => {
    const read = await preview(admin, fixture());
    expect(read.body.preview).toMatchObject({
      rows: { importable: 0, refused: 0, alreadyImported: 6 },
      clients: { create: 0, match: 2 },
      projects: { create: 0, match: 3 },
      tasks: { create: 0, match: 3 },
    });
    const again = await imported(admin, fixture(), kaiIsMe);
    expect(again).toMatchObject({
      status: 'done',
      result: { logs: 0, seconds: 0, alreadyImported: 6, skippedCount: 0 },
      progress: { done: 16, total: 16 },
    });
    expect(again.result.created).toEqual({
      clients: [],
      projects: [],
      tasks: [],
      tags: [],
      members: [],
    });
    expect(await counts(admin)).toEqual({
      clients: 2,
      projects: 3,
      tasks: 3,
      members: 2,
      logs: 6,
    });
  });

  it('moves the workspace: its export imported into another workspace gives the same figures', async () => {
    const res = await handleExport(
      get(`/api/export?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    const file = new Uint8Array(await res.arrayBuffer());
    // Back into the workspace it came from: every log is there already (by its id), Bo is me
    // and Ana the member she became, clients, projects and tasks are found by name.
    const home = await preview(admin, file);
    expect(home.body.preview).toMatchObject({
      rows: { importable: 0, refused: 0, alreadyImported: 6 },
      members: { create: 0, match: 2 },
      clients: { create: 0, match: 2 },
      projects: { create: 0, match: 3 },
      tasks: { create: 0, match: 3 },
    });
    const back = await imported(admin, file);
    expect(back.result).toMatchObject({ logs: 0, alreadyImported: 6, skippedCount: 0 });
    expect(back.result.created.members).toEqual([]);
    expect(await counts(admin)).toEqual({
      clients: 2,
      projects: 3,
      tasks: 3,
      members: 2,
      logs: 6,
    });
    // Everyone of the export (Bo and Ana) becomes a new team member there.
    const done = await imported(other, file);
    expect(done).toMatchObject({
      status: 'done',
      result: { logs: 6, seconds: 19686, skippedCount: 0 },
    });
    expect(done.result.created.members.map((m) => m.name).sort()).toEqual([
      'Ana Ruiz',
      'Bo Lindqvist',
    ]);
    // Cy, Bo and Ana.
    expect(await counts(other)).toEqual({
      clients: 2,
      projects: 3,
      tasks: 3,
      members: 3,
      logs: 6,
    });
    expect(await logs(other)).toEqual(await logs(admin));
    for (const table of ['clients', 'projects', 'tasks'] as const)
      expect(await fieldsOf(records, other, table)).toEqual(await fieldsOf(records, admin, table));
  });

  it('lists logs the write schema refuses as skipped rows, and imports the others', async () => {
    const di = await signUp(database, { name: 'Di Okafor', email: 'di@studio.test' }, clock);
    const bytes = exportWith((data) => {
      const logs = data['taskData'] as Record<string, unknown>[];
      logs[4] = { ...logs[4], desc: `<p>${'x'.repeat(50_000)}</p>` };
      logs[5] = { ...logs[5], tags: Array.from({ length: 100 }, (_, i) => `tag-${i}`).join(', ') };
    });
    const done = await imported(di, bytes);
    // l-1 to l-4: 5400 + 3725 + 1800 + 900.
    expect(done.result).toMatchObject({ logs: 4, seconds: 11825, skippedCount: 2 });
    expect(done.result.skipped).toEqual([
      { line: 5, reason: 'fields.desc: At most 50000 characters' },
      { line: 6, reason: 'The row’s tags are longer than 500 characters together.' },
    ]);
    expect((await counts(di)).logs).toBe(4);
  });

  it('undo removes what the import created and nothing else', async () => {
    const res = await handleUndoImport(
      new Request(`https://hourmark.test/api/imports/${firstImport}/undo`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      }),
      ctx(),
    );
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(await counts(admin)).toEqual({
      clients: 0,
      projects: 0,
      tasks: 0,
      members: 1,
      logs: 0,
    });
    // The other workspace keeps its own import.
    expect((await counts(other)).logs).toBe(6);
    // And the file imports again, whole, once undone.
    const again = await imported(admin, fixture(), kaiIsMe);
    expect(again.result).toMatchObject({ logs: 6, alreadyImported: 0 });
  });
});

/** A workspace's clients, projects or tasks, ids left out (they differ between workspaces). */
const fieldsOf = async (
  records: ReturnType<typeof calls>['records'],
  who: SignedUp,
  table: 'clients' | 'projects' | 'tasks',
) =>
  (await records(who, table)).map(({ data }) => {
    const { clientId: _c, projectId: _p, memberIds, assigneeIds, ...rest } = data;
    return { ...rest, people: ((memberIds ?? assigneeIds ?? []) as unknown[]).length };
  });

// The "a workspace moves between servers": a workspace on one driver exported and
// imported on the other, both ways, when this run has PostgreSQL.
describe.runIf(drivers.length > 1)('moving a workspace between PGlite and PostgreSQL', () => {
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  const opened: { database: Database; drop: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const { drop } of opened) await drop();
  });

  it.each([
    [0, 1],
    [1, 0],
  ])('from driver %i to driver %i: the same logs and records', async (from, to) => {
    const open = async (index: number) => {
      const fresh = await drivers[index]!.fresh();
      opened.push(fresh);
      return fresh.database;
    };
    const source = await open(from);
    const target = await open(to);
    const there = calls(() => source, clock);
    const here = calls(() => target, clock);
    const owner = await signUp(source, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    const mover = await signUp(target, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    const first = await there.imported(owner, fixture(), {
      people: [{ email: 'kai@agency.test', as: 'me' }],
    });
    expect(first.result).toMatchObject({ logs: 6, seconds: 19686 });
    const res = await handleExport(
      get(`/api/export?workspace=${owner.workspace.id}`, owner.cookie),
      context(source, clock),
    );
    const file = new Uint8Array(await res.arrayBuffer());
    // Bo is Bo on the new server ("me" by email); Ana becomes a new member there.
    const moved = await here.imported(mover, file);
    expect(moved).toMatchObject({
      status: 'done',
      result: { logs: 6, seconds: 19686, skippedCount: 0 },
    });
    expect(moved.result.created.members.map((m) => m.name)).toEqual(['Ana Ruiz']);
    expect(await here.counts(mover)).toEqual(await there.counts(owner));
    expect(await here.logs(mover)).toEqual(await there.logs(owner));
    for (const table of ['clients', 'projects', 'tasks'] as const)
      expect(await fieldsOf(here.records, mover, table)).toEqual(
        await fieldsOf(there.records, owner, table),
      );
  });
});
