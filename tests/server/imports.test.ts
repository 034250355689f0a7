import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleImport,
  handleImports,
  handleStartImport,
  handleUndoImport,
} from '../../src/server/api/import-run-handlers';
import type { Database } from '../../src/server/db/connect';
import { importStep } from '../../src/server/imports/run-batch';
import { writeLogs } from '../../src/server/imports/write-logs';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { rows, writeRecord } from '../../src/server/sync/records';
import { membershipOf } from '../../src/server/sync/workspaces';
import { context, drivers, fakeClock } from './support';
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

// Running an import (issue 32): POST /api/imports starts a job that writes the Toggl sample
// (tests/fixtures/import/toggl-detailed.csv) in batches through the one commit; GET follows
// it; a second import of the same file creates nothing; a crash after one batch resumes without
// duplicates; undo removes what it created. Figures worked out by hand from the sample's six rows.

const sample = readFileSync('tests/fixtures/import/toggl-detailed.csv');

interface ImportView {
  id: string;
  status: string;
  fileName: string;
  fileKept?: boolean;
  progress: { done: number; total: number };
  people: { email: string; name: string; as: string; memberId: string | null }[];
  result: {
    created: {
      clients: { id: string; name: string }[];
      projects: { id: string; name: string }[];
      tasks: { id: string; name: string }[];
      tags: string[];
      members: { id: string; name: string; person: string }[];
    };
    logs: number;
    seconds: number;
    alreadyImported: number;
    skipped: { line: number; reason: string }[];
    skippedCount: number;
    undo: {
      removed: Record<string, number>;
      kept: { kind: string; id: string; name: string; why: string }[];
    } | null;
  };
  error: string | null;
}

describe.each(drivers)('running an import, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-25T10:00:00Z'));
  let admin: SignedUp;
  let manager: SignedUp;
  let normal: SignedUp;
  let other: SignedUp;
  const ws = () => admin.workspace.id;
  const ctx = () => context(database, clock);

  const form = (choices: unknown, bytes: Uint8Array = sample, name = 'toggl.csv') => {
    const body = new FormData();
    body.set('file', new File([new Uint8Array(bytes)], name, { type: 'text/csv' }));
    if (choices !== undefined) body.set('choices', JSON.stringify(choices));
    return body;
  };
  const start = (
    body: BodyInit,
    who: { cookie: string } = admin,
    workspace = ws(),
    headers: Record<string, string> = {},
  ) =>
    handleStartImport(
      new Request(`https://hourmark.test/api/imports?workspace=${workspace}`, {
        method: 'POST',
        headers: { cookie: who.cookie, ...headers },
        body,
      }),
      ctx(),
    );
  const started = async (choices: unknown, who = admin, workspace = ws()) => {
    const res = await start(form(choices), who, workspace);
    const text = await res.text();
    expect(res.status, text).toBe(202);
    return (JSON.parse(text) as { import: ImportView }).import;
  };
  const read = async (id: string, who: { cookie: string } = admin) =>
    handleImport(
      new Request(`https://hourmark.test/api/imports/${id}`, { headers: { cookie: who.cookie } }),
      ctx(),
    );
  const view = async (id: string) => {
    const res = await read(id);
    expect(res.status).toBe(200);
    return ((await res.json()) as { import: ImportView }).import;
  };
  const undo = (id: string, who: { cookie: string } = admin) =>
    handleUndoImport(
      new Request(`https://hourmark.test/api/imports/${id}/undo`, {
        method: 'POST',
        headers: { cookie: who.cookie },
      }),
      ctx(),
    );
  const runJobs = () => runDueJobs(database.db, mailOff, clock.now);
  const version = async (workspace = ws()) =>
    Number(
      (
        await rows<{ version: string | number }>(
          database.db,
          sql`SELECT version FROM workspaces WHERE id = ${workspace}`,
        )
      )[0]?.version,
    );
  const logsOf = (workspace: string) =>
    rows<{ id: string; deleted: boolean; data: Record<string, unknown> }>(
      database.db,
      sql`SELECT id, deleted, data FROM time_logs WHERE workspace_id = ${workspace} ORDER BY data->>'date', data->>'st'`,
    );
  const named = async (table: string, workspace = ws()) =>
    rows<{ id: string; data: Record<string, unknown>; deleted: boolean }>(
      database.db,
      sql`SELECT id, data, deleted FROM ${sql.identifier(table)} WHERE workspace_id = ${workspace} ORDER BY created_at, id`,
    );
  const history = async (workspace = ws()) =>
    (
      await rows<{ command: string; version: string | number }>(
        database.db,
        sql`SELECT command, version FROM change_log WHERE workspace_id = ${workspace} AND command IN ('importRows', 'undoImport') ORDER BY version`,
      )
    ).map((h) => ({ command: h.command, version: Number(h.version) }));
  // Ana is the workspace's m-ana, Bo (who imports) is "me", Carla (known only by email) is new.
  const choices = () => ({
    people: [
      { email: 'ana@studio.test', as: 'member', memberId: 'm-ana' },
      { email: 'bo@studio.test', as: 'me' },
      { email: 'carla@studio.test', as: 'new' },
    ],
  });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Bo Lindqvist', email: 'bo@studio.test' }, clock);
    manager = await joinWorkspace(
      database,
      ws(),
      { name: 'Mia', email: 'mia@studio.test' },
      'Manager',
      'm-mia',
    );
    normal = await joinWorkspace(
      database,
      ws(),
      { name: 'Nik', email: 'nik@studio.test' },
      'Normal',
      'm-nik',
    );
    other = await signUp(database, { name: 'Olga', email: 'olga@elsewhere.test' }, clock);
    const { ok } = pusher(() => database, ws, clock);
    await ok(admin, 'createMember', {
      id: 'm-ana',
      fields: { ...teamMember('Ana', 'Normal'), name: 'Ana N.', email: 'Ana@Studio.test' },
    });
    await ok(admin, 'createClient', { id: 'c-acme', fields: clientFields('acme foods') });
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: { ...projectFields('website redesign', 'c-acme'), billamount: 100 },
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

  let firstId = '';

  it('imports the sample in one batch: its records, its six logs as the file has them, one commit', async () => {
    const before = await version();
    const queued = await started(choices());
    expect(queued).toMatchObject({ status: 'queued', progress: { done: 0, total: 6 } });
    // Nothing is written until the job runs.
    expect(await version()).toBe(before);
    expect(await runJobs()).toBe(1);
    const done = await view(queued.id);
    firstId = done.id;
    expect(done).toMatchObject({ status: 'done', progress: { done: 6, total: 6 }, error: null });
    const { created } = done.result;
    expect(created.clients.map((c) => c.name)).toEqual(['Northwind']);
    expect(created.projects.map((p) => p.name)).toEqual(['Internal', 'Booking App']);
    expect(created.tasks.map((t) => t.name)).toEqual(['Development', 'QA']);
    expect(created.tags).toEqual(['client work', 'release', 'on call', 'meeting', 'qa']);
    expect(created.members.map((m) => [m.name, m.person])).toEqual([
      ['carla@studio.test', 'carla@studio.test'],
    ]);
    expect(done.result).toMatchObject({
      logs: 6,
      // 2:30:00 + 0:45:30 + 0:30:00 + 2:45:00 + 0:15:00 + 2:00:00
      seconds: 31530,
      alreadyImported: 0,
      skipped: [],
      skippedCount: 0,
    });
    // One batch: one version, one change-history entry.
    expect(await version()).toBe(before + 1);
    expect(await history()).toEqual([{ command: 'importRows', version: before + 1 }]);
    // The file is removed once the import ends.
    const [kept] = await rows<{ kept: boolean }>(
      database.db,
      sql`SELECT file_bytes IS NOT NULL OR EXISTS (SELECT 1 FROM import_file_chunks c WHERE c.import_id = imports.id) AS kept FROM imports WHERE id = ${done.id}`,
    );
    expect(kept?.kept).toBe(false);

    const carla = created.members[0]?.id;
    const northwind = created.clients[0]?.id;
    const [internal, booking] = created.projects.map((p) => p.id);
    const [development, qa] = created.tasks.map((t) => t.id);
    const logs = (await logsOf(ws())).filter((l) => l.id !== 'l-1');
    const pick = (l: { data: Record<string, unknown> }) => {
      const { date, st, end, dur, billable, tags, desc, memberId, projectId, taskId, status } =
        l.data;
      return { date, st, end, dur, billable, tags, desc, memberId, projectId, taskId, status };
    };
    expect(logs.map(pick)).toEqual([
      {
        date: '2026-10-05',
        st: '09:00',
        end: '11:30',
        dur: 9000,
        billable: true,
        tags: 'Design, client work',
        desc: '<p>Homepage wireframes</p>',
        memberId: 'm-ana',
        projectId: 'p-web',
        taskId: 't-design',
        status: 'approved',
      },
      {
        date: '2026-10-05',
        st: '13:15',
        end: '14:00',
        dur: 2730,
        billable: true,
        tags: 'Design',
        desc: '<p>Menu page, second pass</p>',
        memberId: 'm-ana',
        projectId: 'p-web',
        taskId: 't-design',
        status: 'approved',
      },
      {
        // A project without a client, an empty description, not billable.
        date: '2026-10-06',
        st: '08:30',
        end: '09:00',
        dur: 1800,
        billable: false,
        tags: '',
        desc: '',
        memberId: 'm-ana',
        projectId: internal,
        taskId: null,
        status: 'approved',
      },
      {
        // 22:30 to 01:15 stays on the day it started.
        date: '2026-10-06',
        st: '22:30',
        end: '01:15',
        dur: 9900,
        billable: true,
        tags: 'release, on call',
        desc: '<p>Release night</p>',
        memberId: admin.workspace.memberId,
        projectId: 'p-web',
        taskId: development,
        status: 'approved',
      },
      {
        date: '2026-10-07',
        st: '09:00',
        end: '09:15',
        dur: 900,
        billable: false,
        tags: 'meeting',
        desc: '<p>Standup</p>',
        memberId: admin.workspace.memberId,
        projectId: booking,
        taskId: null,
        status: 'approved',
      },
      {
        // Carla, known only by her email, is a new team member.
        date: '2026-10-07',
        st: '10:00',
        end: '12:00',
        dur: 7200,
        billable: true,
        tags: 'qa',
        desc: '<p>Regression run “checkout”</p>',
        memberId: carla,
        projectId: booking,
        taskId: qa,
        status: 'approved',
      },
    ]);
    // Their money as the one computation makes it: Website Redesign bills 100 an hour, rounded
    // up to 15 minutes (2:30:00, 0:45:30 → 1:00:00, 2:45:00); Booking App, which the import
    // creates, bills the rate the file's amounts imply (issue 47: 160.00 over Carla's 2:00, 80
    // an hour, so her row keeps its 160.00); the others are not billable.
    const money = await rows<{ b: string | number; s: number; stale: boolean }>(
      database.db,
      sql`SELECT billable_minor AS b, billable_seconds AS s, amounts_stale AS stale FROM time_logs WHERE workspace_id = ${ws()} AND id <> 'l-1' ORDER BY data->>'date', data->>'st'`,
    );
    expect(money.map((m) => [Number(m.b), m.stale])).toEqual([
      [25000, false],
      [10000, false],
      [0, false],
      [27500, false],
      [0, false],
      [16000, false],
    ]);
    const projects = await named('projects');
    expect(projects.find((p) => p.id === internal)?.data['clientId']).toBeNull();
    expect(projects.find((p) => p.id === booking)?.data['clientId']).toBe(northwind);
    // The new member is a team member only: not invited, no membership.
    const members = await named('members');
    expect(members.find((m) => m.id === carla)?.data).toMatchObject({
      name: 'carla@studio.test',
      email: 'carla@studio.test',
      Role: 'Normal',
    });
    const [invited] = await rows<{ n: string | number }>(
      database.db,
      sql`SELECT count(*) AS n FROM invitations WHERE workspace_id = ${ws()}`,
    );
    expect(Number(invited?.n)).toBe(0);
    const [prints] = await rows<{ n: string | number }>(
      database.db,
      sql`SELECT count(*) AS n FROM import_fingerprints WHERE workspace_id = ${ws()} AND import_id = ${done.id}`,
    );
    expect(Number(prints?.n)).toBe(6);
  });

  it('imports the same file again as nothing new: 0 logs, 6 already imported, no version', async () => {
    clock.advance(60_000);
    const before = await version();
    const logsBefore = (await logsOf(ws())).length;
    const again = await started(choices());
    await runJobs();
    const done = await view(again.id);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ logs: 0, seconds: 0, alreadyImported: 6 });
    expect(done.result.created).toEqual({
      clients: [],
      projects: [],
      tasks: [],
      tags: [],
      members: [],
    });
    expect((await logsOf(ws())).length).toBe(logsBefore);
    expect(await version()).toBe(before);
  });

  it('lists the workspace’s imports, newest first', async () => {
    const res = await handleImports(
      new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
        headers: { cookie: admin.cookie },
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    const { imports } = (await res.json()) as { imports: ImportView[] };
    expect(imports.map((i) => [i.status, i.result.logs, i.fileName])).toEqual([
      ['done', 0, 'toggl.csv'],
      ['done', 6, 'toggl.csv'],
    ]);
  });

  it('refuses a person mapped to a member of another workspace or an unknown one, naming them', async () => {
    const before = await rows(database.db, sql`SELECT id FROM imports`);
    for (const memberId of [other.workspace.memberId, 'm-nobody']) {
      const res = await start(
        form({ people: [{ email: 'ana@studio.test', as: 'member', memberId }] }),
      );
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        error: 'unknown_member',
        message:
          'Ana Novak (ana@studio.test) is mapped to a team member who is not in this workspace. Choose one of its team members, a new member or yourself.',
      });
    }
    const stranger = await start(form({ people: [{ email: 'zed@studio.test', as: 'new' }] }));
    expect(stranger.status).toBe(422);
    expect(await stranger.json()).toMatchObject({ error: 'unknown_person' });
    expect(await rows(database.db, sql`SELECT id FROM imports`)).toEqual(before);
  });

  it('answers malformed requests with 4xx JSON', async () => {
    const json = await start(JSON.stringify({ file: 'x' }), admin, ws(), {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
    const noFile = new FormData();
    noFile.set('choices', '{}');
    expect(await (await start(noFile)).json()).toMatchObject({
      error: 'invalid_request',
      fields: { file: 'Choose the file to import.' },
    });
    const badJson = form(undefined);
    badJson.set('choices', '{not json');
    expect((await start(badJson)).status).toBe(400);
    const badZone = await start(form({ timeZone: 'Mars/Olympus' }));
    expect(await badZone.json()).toMatchObject({
      fields: { 'choices.timeZone': 'Choose a time zone from the list, like Europe/Berlin' },
    });
    const junk = await start(form({}, new TextEncoder().encode('a,b\n1,2\n')));
    expect(junk.status).toBe(422);
    expect(await junk.json()).toMatchObject({ error: 'unknown_source' });
    const unknown = await read('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await read('not-an-id')).status).toBe(404);
  });

  it('lets only Admins start, read, list or undo imports', async () => {
    for (const who of [manager, normal]) {
      const res = await start(form(choices()), who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: 'forbidden',
        message: 'Only Admins can import data into the workspace.',
      });
      expect((await read(firstId, who)).status).toBe(403);
      expect((await undo(firstId, who)).status).toBe(403);
      const list = await handleImports(
        new Request(`https://hourmark.test/api/imports?workspace=${ws()}`, {
          headers: { cookie: who.cookie },
        }),
        ctx(),
      );
      expect(list.status).toBe(403);
    }
    // Someone of another workspace learns nothing of this one's imports.
    expect((await read(firstId, other)).status).toBe(404);
    expect((await undo(firstId, other)).status).toBe(404);
  });

  it('resumes after a crash past the first batch: the totals exact, nothing twice', async () => {
    const ws2 = other.workspace.id;
    const queued = await started({}, other, ws2);
    const before = await version(ws2);
    // One batch of two rows, as a process that then died would have run it.
    expect(await importStep(database.db, queued.id, clock.now(), 2)).toBe('more');
    const mid = await rows<{ position: number; status: string }>(
      database.db,
      sql`SELECT position, status FROM imports WHERE id = ${queued.id}`,
    );
    expect(mid).toEqual([{ position: 2, status: 'running' }]);
    // The job, claimed by any process, goes on from the stored position.
    await runJobs();
    const res = await read(queued.id, other);
    const done = ((await res.json()) as { import: ImportView }).import;
    expect(done).toMatchObject({ status: 'done', progress: { done: 6, total: 6 } });
    // Olga is nobody of the file: all three people are new members; everything is created.
    expect(done.result).toMatchObject({ logs: 6, seconds: 31530, alreadyImported: 0 });
    expect(done.result.created.clients.map((c) => c.name)).toEqual(['Acme Foods', 'Northwind']);
    expect(done.result.created.projects.map((p) => p.name)).toEqual([
      'Website Redesign',
      'Internal',
      'Booking App',
    ]);
    expect(done.result.created.members.map((m) => m.name)).toEqual([
      'Ana Novak',
      'Bo Lindqvist',
      'carla@studio.test',
    ]);
    const logs = await logsOf(ws2);
    expect(logs.length).toBe(6);
    expect(logs.reduce((sum, l) => sum + Number(l.data['dur']), 0)).toBe(31530);
    expect((await named('clients', ws2)).length).toBe(2);
    // Two batches: two versions.
    expect(await version(ws2)).toBe(before + 2);
  });

  it('undoes an import: its logs and unused records go, an edited log and what it uses stay', async () => {
    const ws2 = other.workspace.id;
    const [imported] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM imports WHERE workspace_id = ${ws2}`,
    );
    const importId = imported?.id ?? '';
    // Olga edits the Standup log afterwards.
    const standup = (await logsOf(ws2)).find((l) => l.data['desc'] === '<p>Standup</p>');
    clock.advance(60_000);
    const { ok } = pusher(
      () => database,
      () => ws2,
      clock,
    );
    await ok(other, 'updateTimeLog', { id: standup?.id, changes: { desc: '<p>Standup!</p>' } });
    const before = await version(ws2);
    const res = await undo(importId, other);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const done = (JSON.parse(text) as { import: ImportView }).import;
    expect(done.status).toBe('undone');
    expect(done.result.undo?.removed).toEqual({
      logs: 5,
      // Acme Foods; Northwind has Booking App, which the kept log is on.
      clients: 1,
      // Website Redesign, Internal.
      projects: 2,
      // Design, Development; QA has no log left either.
      tasks: 3,
      // Ana, Carla; Bo has the kept log.
      members: 2,
    });
    expect(done.result.undo?.kept.map((k) => [k.kind, k.name, k.why])).toEqual([
      ['log', '2026-10-07', 'It was changed after the import.'],
      ['project', 'Booking App', 'Logs that stay are on it.'],
      ['client', 'Northwind', 'Projects that stay are its.'],
      ['member', 'Bo Lindqvist', 'Logs that stay are theirs.'],
    ]);
    expect((await logsOf(ws2)).filter((l) => !l.deleted).map((l) => l.data['desc'])).toEqual([
      '<p>Standup!</p>',
    ]);
    // One commit, one entry in the change history.
    expect(await version(ws2)).toBe(before + 1);
    expect((await history(ws2)).at(-1)).toEqual({ command: 'undoImport', version: before + 1 });
    // Undone once only.
    const twice = await undo(importId, other);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: 'already_undone' });
  });

  it('refuses to undo an import with logs invoiced or in a locked period, removing nothing', async () => {
    await database.db.execute(
      sql`UPDATE workspaces SET locked_up_to = '2026-10-05' WHERE id = ${ws()}`,
    );
    // The Internal log of 6 October went on an invoice (as issuing one marks its logs).
    await database.db.execute(
      sql`UPDATE time_logs SET data = data || '{"invoice": "INV-7"}'::jsonb WHERE workspace_id = ${ws()} AND data->>'date' = '2026-10-06' AND data->>'st' = '08:30'`,
    );
    const before = await version();
    const res = await undo(firstId);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'undo_refused',
      message:
        'Nothing was removed and everything this import created was kept: 1 log is on invoice INV-7 and 2 logs are in the locked period (up to 2026-10-05). Void or change the invoice, or unlock the period, and undo again.',
    });
    expect(await version()).toBe(before);
    expect((await view(firstId)).status).toBe('done');
  });

  it('removes the file of an import not ended within 7 days, and fails it saying so', async () => {
    const queued = await started(choices());
    clock.advance(7 * 86_400_000 + 60_000);
    // The runner's tick expires the file before the job is claimed; the job then ends at once.
    await runJobs();
    const failed = await view(queued.id);
    expect(failed).toMatchObject({
      status: 'failed',
      progress: { done: 0, total: 6 },
      error:
        'The import did not finish within 7 days, so its file was removed. Import the file again: rows already imported are not written twice.',
    });
    const [kept] = await rows<{ kept: boolean }>(
      database.db,
      sql`SELECT file_bytes IS NOT NULL OR EXISTS (SELECT 1 FROM import_file_chunks c WHERE c.import_id = imports.id) AS kept FROM imports WHERE id = ${queued.id}`,
    );
    expect(kept?.kept).toBe(false);
  });

  it('skips the rows the workspace’s rule refuses, creating nothing for them, and audits logs it writes into a locked period', async () => {
    const rita = await signUp(database, { name: 'Rita', email: 'rita@studio.test' }, clock);
    const ws3 = rita.workspace.id;
    await database.db.execute(
      sql`UPDATE workspaces SET require_project_and_task = true, locked_up_to = '2026-10-05' WHERE id = ${ws3}`,
    );
    const queued = await started({}, rita, ws3);
    await runJobs();
    const res = await read(queued.id, rita);
    const done = ((await res.json()) as { import: ImportView }).import;
    expect(done.status).toBe('done');
    // Lines 4 (Internal) and 6 (Standup) have no task.
    expect(done.result).toMatchObject({
      logs: 4,
      // 2:30:00 + 0:45:30 + 2:45:00 + 2:00:00
      seconds: 28830,
      skippedCount: 2,
      skipped: [
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
      ],
    });
    // Internal, only a skipped row's, is not created.
    expect(done.result.created.projects.map((p) => p.name)).toEqual([
      'Website Redesign',
      'Booking App',
    ]);
    expect((await named('projects', ws3)).map((p) => p.data['projectName']).sort()).toEqual([
      'Booking App',
      'Website Redesign',
    ]);
    expect((await logsOf(ws3)).map((l) => l.data['date'])).toEqual([
      '2026-10-05',
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);
    // An Admin may write into the locked period; as with every such change, it is audited.
    const audited = await rows<{ kind: string; action: string; rules: string; day: string }>(
      database.db,
      sql`SELECT kind, action, rules, after->>'date' AS day FROM audit_log WHERE workspace_id = ${ws3} ORDER BY after->>'st'`,
    );
    expect(audited).toEqual([
      { kind: 'timeLog', action: 'create', rules: 'locked', day: '2026-10-05' },
      { kind: 'timeLog', action: 'create', rules: 'locked', day: '2026-10-05' },
    ]);
  });

  it('writes a batch’s logs only as the one policy allows: refused ones come back with its words', async () => {
    // The bulk path judged directly, for a Manager (Mia): an import is an Admin's, but the
    // decision must be the policy's whoever acts.
    await database.db.execute(
      sql`UPDATE workspaces SET locked_up_to = '2026-10-05' WHERE id = ${ws()}`,
    );
    // Mia's team-member record, which joinWorkspace leaves out.
    await writeRecord(
      database.db,
      ws(),
      'member',
      'm-mia',
      teamMember('Mia', 'Manager'),
      await version(),
      clock.now(),
    );
    const [mia] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = 'mia@studio.test'`,
    );
    const membership = await membershipOf(database.db, mia?.id ?? '', ws());
    if (!membership) throw new Error('Mia is a member');
    const log = (line: number, date: string, more: Record<string, unknown> = {}) => ({
      line,
      id: `bulk-${line}`,
      fields: { ...timeLogFields(date, null, 600), memberId: 'm-mia', ...more },
    });
    const outcome = await writeLogs(
      { runner: database.db, membership, version: await version(), now: clock.now() },
      [
        log(2, '2026-10-05'),
        log(3, '2026-10-20'),
        log(4, '2026-10-20', { memberId: 'm-nik' }),
        log(5, '2026-10-20', { projectId: 'p-gone' }),
        log(6, '2026-10-20', { dur: -5 }),
      ],
    );
    expect(outcome.written.map((l) => l.line)).toEqual([3]);
    expect(outcome.refused).toEqual([
      { line: 6, reason: 'fields.dur: Number must be greater than or equal to 0' },
      {
        line: 2,
        reason: 'Logs up to 5 Oct 2026 are locked: only an Admin can add, change or remove them.',
      },
      { line: 4, reason: 'You can only track time for others on projects you manage.' },
      { line: 5, reason: 'You can only track time on projects you are assigned to.' },
    ]);
    const stored = await rows<{ id: string; seconds: number; member_id: string }>(
      database.db,
      sql`SELECT id, seconds, member_id FROM time_logs WHERE workspace_id = ${ws()} AND id LIKE 'bulk-%'`,
    );
    expect(stored).toEqual([{ id: 'bulk-3', seconds: 600, member_id: 'm-mia' }]);
  });
});
