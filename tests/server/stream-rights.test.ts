import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handlePoke } from '../../src/server/api/sync-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { openStream, type PokePatch } from '../../src/server/sync/poke';
import { rows } from '../../src/server/sync/records';
import { membershipOf } from '../../src/server/sync/workspaces';
import { collect, nextEvent, untilEnd } from './stream-events';
import { context, drivers, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

// Issue 46: an open poke stream sends what its person may see now, not what they could see when
// it opened. Each change of what someone may see is made while their stream is open, and what
// the stream sends afterwards is read as their device reads it.

type Heard = { event: string; data: unknown }[];
type Row = PokePatch['changes'][number];

/** Whether the stream told its device to pull up to at least `version` (a plain poke). */
const pokedTo = (heard: Heard, version: number) =>
  heard.some((h) => h.event === 'poke' && (h.data as { version: number }).version >= version);

/** The rows of every `changes` event heard, in order. */
const rowsOf = (heard: Heard): Row[] =>
  heard.filter((h) => h.event === 'changes').flatMap((h) => (h.data as PokePatch).changes);

/** The last row heard of a record, or undefined. */
const rowOf = (heard: Heard, id: string) => rowsOf(heard).findLast((row) => row.id === id);

describe.each(drivers)('an open stream’s rights on $name', (driver) => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let n = 0;
  beforeAll(async () => {
    ({ database, url, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  const versionOf = async (workspaceId: string) => {
    const [row] = await rows<{ version: number }>(
      database.db,
      sql`SELECT version::int AS version FROM workspaces WHERE id = ${workspaceId}`,
    );
    return row?.version ?? 0;
  };

  /**
   * An Admin's workspace with rates: Mia (Manager, billable rate 70) and Nik (Normal) on project
   * p (1,500) with task t (95), and project q with task tq (95), Mia's alone.
   */
  async function agency(managersSeeAmounts: boolean) {
    n += 1;
    const admin = await signUp(database, { name: 'Ada', email: `ada.rights${n}@example.com` });
    const workspaceId = admin.workspace.id;
    const { ok } = pusher(
      () => database,
      () => workspaceId,
    );
    const ids = {
      mia: `m-mia-${n}`,
      nik: `m-nik-${n}`,
      p: `p-${n}`,
      t: `t-${n}`,
      q: `q-${n}`,
      tq: `tq-${n}`,
    };
    await ok(admin, 'createMember', {
      id: ids.mia,
      fields: { ...teamMember(`Mia${n}`, 'Manager'), LoborRate: 40, BillableRate: 70 },
    });
    await ok(admin, 'createMember', { id: ids.nik, fields: teamMember(`Nik${n}`, 'Normal') });
    for (const [project, task, memberIds] of [
      [ids.p, ids.t, [ids.mia, ids.nik]],
      [ids.q, ids.tq, [ids.mia]],
    ] as const) {
      await ok(admin, 'createProject', {
        id: project,
        fields: { ...projectFields(`Site ${project}`, null), memberIds },
      });
      await ok(admin, 'createTask', {
        id: task,
        fields: { projectId: project, task: 'Design', assigneeIds: [], billableRate: 95 },
      });
    }
    const join = async (name: string, role: 'Manager' | 'Normal', memberId: string) => {
      const email = `${name.toLowerCase()}.rights${n}@example.com`;
      const { cookie } = await joinWorkspace(
        database,
        workspaceId,
        { name, email },
        role,
        memberId,
      );
      const [user] = await rows<{ id: string }>(
        database.db,
        sql`SELECT id FROM users WHERE email = ${email}`,
      );
      return { cookie, workspaceId, userId: user?.id ?? '' };
    };
    const mia = await join('Mia', 'Manager', ids.mia);
    const nik = await join('Nik', 'Normal', ids.nik);
    const setAmounts = async (on: boolean, db = database) => {
      const saved = await handleSaveWorkspaceSettings(
        post(
          '/api/workspace-settings',
          {
            workspaceId,
            name: 'Rights Agency',
            managersSeeAmounts: on,
            timeZone: 'UTC',
            weekStart: 1,
            lockedUpTo: null,
            autoLock: null,
          },
          admin.cookie,
        ),
        context(db),
      );
      expect(saved.status).toBe(200);
      return versionOf(workspaceId);
    };
    const saveTeam = async (team: { id?: string; memberIds: string[]; leadIds: string[] }) => {
      const saved = await handleSaveTeam(
        post('/api/teams', { workspaceId, name: 'Design', ...team }, admin.cookie),
        context(database),
      );
      expect(saved.status).toBe(team.id ? 200 : 201);
      const body = (await saved.json()) as { team: { id: string } };
      return { id: body.team.id, version: await versionOf(workspaceId) };
    };
    if (managersSeeAmounts) await setAmounts(true);
    /** Pushes one change as the Admin and answers the workspace's version after it. */
    const change = async (name: string, args: unknown) => {
      await ok(admin, name, args);
      return versionOf(workspaceId);
    };
    return { ids, mia, nik, setAmounts, saveTeam, change };
  }

  /** The stream `who` opens (through `db`, a server process), read from `ready` on. */
  async function listen(who: { cookie: string; workspaceId: string }, db = database) {
    const abort = new AbortController();
    const res = await handlePoke(
      new Request(`https://hourmark.test/sync/poke?workspace=${who.workspaceId}`, {
        headers: { cookie: who.cookie },
        signal: abort.signal,
      }),
      context(db),
    );
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const ready = (await nextEvent(reader, 'ready')) as { version: unknown };
    expect(Number.isSafeInteger(ready.version)).toBe(true);
    return { reader, close: () => abort.abort() };
  }

  /** Waits until the stream has told its device to re-read at `version`, having sent no rows. */
  async function toldToReread(heard: Heard, version: number) {
    await vi.waitFor(() => expect(pokedTo(heard, version)).toBe(true), { timeout: 5000 });
    expect(rowsOf(heard)).toEqual([]);
  }

  it('“Managers see amounts” turned off: the Manager’s device re-reads, and no rate or amount reaches it afterwards', async () => {
    const w = await agency(true);
    const stream = await listen(w.mia);
    const heard = collect(stream.reader);
    await toldToReread(heard, await w.setAmounts(false));
    await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2000 } });
    await w.change('updateTask', { id: w.ids.t, changes: { billableRate: 120 } });
    await w.change('updateMember', { id: w.ids.mia, changes: { LoborRate: 45, BillableRate: 90 } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.mia)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ billamount: 0 });
    expect(rowOf(heard, w.ids.t)?.data).toMatchObject({ billableRate: null });
    expect(rowOf(heard, w.ids.mia)?.data).toMatchObject({ LoborRate: 0, BillableRate: 0 });
    // Nothing heard carries what was set after the change.
    const leaked: Partial<Record<string, Record<string, unknown>>> = {
      project: { billamount: 2000 },
      task: { billableRate: 120 },
      member: { LoborRate: 45 },
    };
    for (const row of rowsOf(heard)) {
      const value = leaked[row.kind];
      if (value) expect(row.data).not.toMatchObject(value);
    }
    stream.close();
  });

  it('“Managers see amounts” turned on: the Manager’s device re-reads, and rows sent afterwards carry the amounts, not zeros', async () => {
    const w = await agency(false);
    const stream = await listen(w.mia);
    const heard = collect(stream.reader);
    await toldToReread(heard, await w.setAmounts(true));
    await w.change('updateProject', { id: w.ids.p, changes: { projectName: 'Renamed' } });
    await w.change('updateTask', { id: w.ids.t, changes: { task: 'Renamed' } });
    await w.change('updateMember', { id: w.ids.mia, changes: { name: 'Mia Renamed' } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.mia)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ projectName: 'Renamed', billamount: 1500 });
    expect(rowOf(heard, w.ids.t)?.data).toMatchObject({ task: 'Renamed', billableRate: 95 });
    expect(rowOf(heard, w.ids.mia)?.data).toMatchObject({ LoborRate: 40, BillableRate: 70 });
    stream.close();
  });

  it('a Manager made Normal: her stream ends having sent nothing more, and the one she opens again sends no amounts', async () => {
    const w = await agency(true);
    const stream = await listen(w.mia);
    await w.change('updateMember', { id: w.ids.mia, changes: { Role: 'Normal' } });
    await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2000 } });
    expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
    const again = await listen(w.mia);
    const heard = collect(again.reader);
    await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2100 } });
    await w.change('updateTask', { id: w.ids.t, changes: { billableRate: 120 } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.t)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ billamount: 0 });
    expect(rowOf(heard, w.ids.t)?.data).toMatchObject({ billableRate: null });
    again.close();
  });

  it('a Normal member made Manager: his stream ends having sent nothing more, and the one he opens again sends the amounts', async () => {
    const w = await agency(true);
    const stream = await listen(w.nik);
    await w.change('updateMember', { id: w.ids.nik, changes: { Role: 'Manager' } });
    await w.change('updateProject', { id: w.ids.p, changes: { projectName: 'Renamed' } });
    expect(await untilEnd(stream.reader)).toEqual({ ended: true, versions: [] });
    const again = await listen(w.nik);
    const heard = collect(again.reader);
    await w.change('updateTask', { id: w.ids.t, changes: { task: 'Renamed' } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.t)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.t)?.data).toMatchObject({ task: 'Renamed', billableRate: 95 });
    again.close();
  });

  it('a member taken off a project: their device re-reads, and nothing of the project reaches it afterwards', async () => {
    const w = await agency(true);
    const stream = await listen(w.nik);
    const heard = collect(stream.reader);
    await toldToReread(
      heard,
      await w.change('updateProject', { id: w.ids.p, changes: { memberIds: [w.ids.mia] } }),
    );
    await w.change('updateTask', { id: w.ids.t, changes: { task: 'Renamed' } });
    await w.change('updateProject', { id: w.ids.p, changes: { projectName: 'Renamed' } });
    // A log of Nik's own, which he sees wherever it is: once it arrives, so would have the rest.
    const own = `l-own-${n}`;
    await w.change('addTimeLog', {
      id: own,
      fields: { ...timeLogFields('2026-11-23', null, 900), memberId: w.ids.nik },
    });
    await vi.waitFor(() => expect(rowOf(heard, own)).toBeDefined(), { timeout: 5000 });
    expect(rowsOf(heard).map((row) => row.id)).toEqual([own]);
    stream.close();
  });

  it('a member added to a project: their device re-reads (the project’s tasks come with it), and the project’s rows follow, as their role may see them', async () => {
    const w = await agency(true);
    const stream = await listen(w.nik);
    const heard = collect(stream.reader);
    await toldToReread(
      heard,
      await w.change('updateProject', {
        id: w.ids.q,
        changes: { memberIds: [w.ids.mia, w.ids.nik] },
      }),
    );
    await w.change('updateTask', { id: w.ids.tq, changes: { task: 'Renamed' } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.tq)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.tq)?.data).toMatchObject({ task: 'Renamed', billableRate: null });
    stream.close();
  });

  it('a Manager’s team changes: her device re-reads, and the logs of a member taken out of the team she leads no longer reach it', async () => {
    const w = await agency(true);
    const team = await w.saveTeam({ memberIds: [w.ids.mia, w.ids.nik], leadIds: [w.ids.mia] });
    const stream = await listen(w.mia);
    const heard = collect(stream.reader);
    const nikLog = (id: string) => ({
      id,
      fields: { ...timeLogFields('2026-11-23', w.ids.p, 900), memberId: w.ids.nik },
    });
    const before = `l-before-${n}`;
    await w.change('addTimeLog', nikLog(before));
    await vi.waitFor(() => expect(rowOf(heard, before)).toBeDefined(), { timeout: 5000 });
    heard.length = 0;
    const out = await w.saveTeam({ id: team.id, memberIds: [w.ids.mia], leadIds: [w.ids.mia] });
    await toldToReread(heard, out.version);
    const after = `l-after-${n}`;
    await w.change('addTimeLog', nikLog(after));
    await w.change('updateTimeLog', { id: before, changes: { dur: 1800 } });
    // A change of her project, which she still sees: once it arrives, so would have the rest.
    await w.change('updateProject', { id: w.ids.p, changes: { projectName: 'Marker' } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.p)).toBeDefined(), { timeout: 5000 });
    expect(rowsOf(heard).map((row) => row.id)).toEqual([w.ids.p]);
    stream.close();
  });

  it('a stream whose membership was read just before “Managers see amounts” turned off tells its device to re-read at the next change, and sends no amounts', async () => {
    const w = await agency(true);
    // The stream opens as the handler opens it, its membership read a moment before the change.
    const stale = await membershipOf(database.db, w.mia.userId, w.mia.workspaceId);
    if (!stale) throw new Error('Mia is not a member');
    await w.setAmounts(false);
    const heard: Heard = [];
    const held = await openStream(
      database,
      { workspaceId: w.mia.workspaceId, userId: w.mia.userId, sessionId: `race-${n}` },
      {
        poke: (version) => heard.push({ event: 'poke', data: { version } }),
        changes: (patch) => heard.push({ event: 'changes', data: patch }),
        notice: () => {},
        end: () => heard.push({ event: 'end', data: null }),
      },
    );
    if (!held.ok) throw new Error('The stream was refused');
    held.follow(stale, await versionOf(w.mia.workspaceId));
    const first = await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2000 } });
    await toldToReread(heard, first);
    await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2100 } });
    await vi.waitFor(() => expect(rowOf(heard, w.ids.p)).toBeDefined(), { timeout: 5000 });
    expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ billamount: 0 });
    held.close();
  });

  it.runIf(driver.name === 'PostgreSQL')(
    '“Managers see amounts” changed through one server process reaches the Manager’s stream held by another',
    async () => {
      const other = await openDatabase({ url });
      try {
        const w = await agency(true);
        const stream = await listen(w.mia, other);
        const heard = collect(stream.reader);
        await toldToReread(heard, await w.setAmounts(false));
        await w.change('updateProject', { id: w.ids.p, changes: { billamount: 2000 } });
        await vi.waitFor(() => expect(rowOf(heard, w.ids.p)).toBeDefined(), { timeout: 5000 });
        expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ billamount: 0 });
        const on = await w.setAmounts(true);
        await vi.waitFor(() => expect(pokedTo(heard, on)).toBe(true), { timeout: 5000 });
        await w.change('updateProject', { id: w.ids.p, changes: { projectName: 'Renamed' } });
        await vi.waitFor(
          () => expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ projectName: 'Renamed' }),
          { timeout: 5000 },
        );
        expect(rowOf(heard, w.ids.p)?.data).toMatchObject({ billamount: 2000 });
        stream.close();
      } finally {
        await other.close();
      }
    },
  );
});
