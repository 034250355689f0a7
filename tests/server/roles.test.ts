import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleExport, handleLogs } from '../../src/server/api/read-handlers';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, signUp, timeLogFields } from './workspace-support';

// Three people in one workspace: an Admin, a Manager and a Normal member. What each may see is
// checked in the raw pull JSON (not on a screen), with values no one else uses seeded to search
// for: a rate of 987.65, a project named after no one.

const member = (name: string, Role: string, BillableRate: number, LoborRate: number) => ({
  name,
  email: `${name.toLowerCase()}@agency.test`,
  LoborRate,
  BillableRate,
  Role,
  notes: '<p>Private note about pay</p>',
  status: 'Active',
  autoAddToProjects: false,
});

describe.each(drivers)('roles enforced by the server on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let manager: { cookie: string; workspace: { id: string } };
  let normal: { cookie: string; workspace: { id: string } };
  let mutationId = 0;

  async function pushAs(who: { cookie: string }, name: string, args: unknown) {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspace.id,
          clientId: `roles-${who.cookie.slice(11, 30)}`,
          mutations: [{ id: (mutationId += 1), name, args }],
        },
        who.cookie,
      ),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { outcome: string; message?: string }[] };
    return body.results[0] as { outcome: string; message?: string };
  }
  const ok = async (who: { cookie: string }, name: string, args: unknown) =>
    expect(await pushAs(who, name, args)).toEqual({ id: mutationId, outcome: 'ok' });

  async function pullAs(who: { cookie: string }, cookie = '') {
    const res = await handlePull(
      get(
        `/sync/pull?workspace=${admin.workspace.id}${cookie ? `&cookie=${cookie}` : ''}`,
        who.cookie,
      ),
      context(database, clock),
    );
    const text = await res.text();
    return {
      status: res.status,
      text,
      body:
        res.status === 200
          ? (JSON.parse(text) as {
              cookie: string;
              reset: boolean;
              changes: {
                kind: string;
                id: string;
                deleted: boolean;
                data: Record<string, unknown> | null;
              }[];
            })
          : null,
    };
  }
  const idsOf = (body: Awaited<ReturnType<typeof pullAs>>['body'], kind: string) =>
    (body?.changes ?? [])
      .filter((c) => c.kind === kind && !c.deleted)
      .map((c) => c.id)
      .sort();

  async function join(who: { cookie: string }, email: string, role: string, memberId: string) {
    await database.db.execute(
      sql`INSERT INTO memberships (workspace_id, user_id, role, member_id, created_at) SELECT ${admin.workspace.id}, id, ${role}, ${memberId}, now() FROM users WHERE email = ${email}`,
    );
    return { ...who, workspace: admin.workspace };
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.roles@example.com' }, clock);
    await ok(admin, 'createMember', {
      id: 'm-man',
      fields: member('Mira', 'Manager', 555.55, 222.22),
    });
    await ok(admin, 'createMember', {
      id: 'm-norm',
      fields: member('Nik', 'Normal', 444.44, 111.11),
    });
    await ok(admin, 'createMember', {
      id: 'm-other',
      fields: member('Olu', 'Normal', 987.65, 321.09),
    });
    await ok(admin, 'createClient', { id: 'c1', fields: clientFields('Acme') });
    await ok(admin, 'createClient', { id: 'c2', fields: clientFields('Zenith Secret Client') });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: {
        ...projectFields('Website', 'c1'),
        billamount: 1234.5,
        memberIds: ['m-man', 'm-norm'],
      },
    });
    await ok(admin, 'createProject', {
      id: 'p2',
      fields: { ...projectFields('Project Named After No One', 'c2'), memberIds: ['m-other'] },
    });
    await ok(admin, 'createTask', {
      id: 't1',
      fields: { projectId: 'p1', task: 'Design', assigneeIds: [], billableRate: 876.54 },
    });
    await ok(admin, 'createTask', {
      id: 't2',
      fields: { projectId: 'p1', task: 'Olu only', assigneeIds: ['m-other'], billableRate: null },
    });
    await ok(admin, 'createTask', {
      id: 't-hidden',
      fields: { projectId: 'p2', task: 'Hidden Task Name', assigneeIds: [], billableRate: null },
    });
    const log = (projectId: string, memberId: string) => ({
      ...timeLogFields('2026-11-20', projectId, 3600),
      memberId,
    });
    await ok(admin, 'addTimeLog', { id: 'l-norm', fields: log('p1', 'm-norm') });
    await ok(admin, 'addTimeLog', { id: 'l-other-p1', fields: log('p1', 'm-other') });
    await ok(admin, 'addTimeLog', { id: 'l-other-p2', fields: log('p2', 'm-other') });
    const mira = await signUp(database, { name: 'Mira', email: 'mira.roles@example.com' }, clock);
    const nik = await signUp(database, { name: 'Nik', email: 'nik.roles@example.com' }, clock);
    manager = await join(mira, 'mira.roles@example.com', 'Manager', 'm-man');
    normal = await join(nik, 'nik.roles@example.com', 'Normal', 'm-norm');
  });
  afterAll(async () => drop());

  it("a Normal member's pull holds their projects and own logs, and no rate, cost or other's log", async () => {
    const { text, body } = await pullAs(normal);
    for (const secret of [
      '987.65',
      '1234.5',
      '876.54',
      '444.44',
      '111.11',
      'Zenith Secret Client',
      'Project Named After No One',
      'Private note',
    ])
      expect(text).not.toContain(secret);
    expect(idsOf(body, 'project')).toEqual(['p1']);
    expect(idsOf(body, 'client')).toEqual(['c1']);
    expect(idsOf(body, 'task')).toEqual(['t1', 't2']);
    expect(idsOf(body, 'member')).toEqual(['m-norm']);
    expect(idsOf(body, 'timeLog')).toEqual(['l-norm']);
  });

  it("a Manager's pull holds their projects' logs and members, without amounts by default", async () => {
    const { text, body } = await pullAs(manager);
    for (const secret of [
      '987.65',
      '1234.5',
      '876.54',
      '555.55',
      'Zenith Secret Client',
      'Project Named After No One',
      'Private note',
    ])
      expect(text).not.toContain(secret);
    expect(idsOf(body, 'project')).toEqual(['p1']);
    expect(idsOf(body, 'member')).toEqual(['m-man', 'm-norm']);
    expect(idsOf(body, 'timeLog')).toEqual(['l-norm', 'l-other-p1']);
    // The Admin sees everything, rates included.
    const all = await pullAs(admin);
    expect(all.text).toContain('987.65');
    expect(idsOf(all.body, 'timeLog')).toEqual(['l-norm', 'l-other-p1', 'l-other-p2']);
  });

  it('refuses what a Normal member may not do, with a reason they read', async () => {
    const log = (projectId: string, memberId: string, taskId: string | null = null) => ({
      ...timeLogFields('2026-11-21', projectId, 1800),
      memberId,
      taskId,
    });
    expect(
      await pushAs(normal, 'addTimeLog', { id: 'n1', fields: log('p2', 'm-norm') }),
    ).toMatchObject({
      outcome: 'refused',
      reason: 'forbidden',
      message: 'You can only track time on projects you are assigned to.',
    });
    expect(
      (await pushAs(normal, 'addTimeLog', { id: 'n2', fields: log('p1', 'm-other') })).message,
    ).toBe('You can only track your own time.');
    expect(
      (await pushAs(normal, 'addTimeLog', { id: 'n3', fields: log('p1', 'm-norm', 't2') })).message,
    ).toBe('You can only track time on tasks assigned to you.');
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-other-p1', changes: { dur: 60 } })).message,
    ).toBe('You can only track your own time.');
    expect(
      (await pushAs(normal, 'createClient', { id: 'n4', fields: clientFields('Mine') })).message,
    ).toBe('Only Admins can change clients.');
    expect(
      (await pushAs(normal, 'updateMember', { id: 'm-norm', changes: { BillableRate: 9999 } }))
        .message,
    ).toBe('Only Admins can change team members.');
    expect((await pushAs(normal, 'deleteProject', { id: 'p1' })).message).toBe(
      'Only Admins can create or delete projects.',
    );
    await ok(normal, 'addTimeLog', { id: 'n5', fields: log('p1', 'm-norm', 't1') });
  });

  it("refuses a task of another project on a log, so a hidden task's name never leaks", async () => {
    const log = (projectId: string | null) => ({
      ...timeLogFields('2026-11-21', projectId, 1800),
      memberId: 'm-norm',
      taskId: 't-hidden',
    });
    const borrowed = 'This task belongs to another project: choose one of the log’s project.';
    expect((await pushAs(normal, 'addTimeLog', { id: 'h1', fields: log('p1') })).message).toBe(
      borrowed,
    );
    expect((await pushAs(normal, 'addTimeLog', { id: 'h2', fields: log(null) })).message).toBe(
      borrowed,
    );
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-norm', changes: { taskId: 't-hidden' } }))
        .message,
    ).toBe(borrowed);
    // Not even an Admin files a log under a task of another project.
    expect((await pushAs(admin, 'addTimeLog', { id: 'h3', fields: log('p1') })).message).toBe(
      borrowed,
    );
    const { text } = await pullAs(normal);
    expect(text).not.toContain('Hidden Task Name');
  });

  it('lets a Manager run their projects but not change rates or other projects', async () => {
    await ok(manager, 'updateProject', { id: 'p1', changes: { description: 'Managed' } });
    expect(
      (await pushAs(manager, 'updateProject', { id: 'p1', changes: { billamount: 1 } })).message,
    ).toBe('Only Admins can change rates.');
    expect(
      (await pushAs(manager, 'updateProject', { id: 'p2', changes: { description: 'x' } })).message,
    ).toBe('Only Admins and the project’s Managers can change a project.');
    await ok(manager, 'createTask', {
      id: 'mt1',
      fields: { projectId: 'p1', task: 'Review', assigneeIds: [], billableRate: null },
    });
    expect(
      (
        await pushAs(manager, 'createTask', {
          id: 'mt2',
          fields: { projectId: 'p2', task: 'X', assigneeIds: [], billableRate: null },
        })
      ).message,
    ).toBe('You can only change tasks of projects you manage.');
    await ok(manager, 'updateTimeLog', { id: 'l-other-p1', changes: { tags: 'checked' } });
    // Olu is not on Website's team: a Manager does not file time there for him.
    expect(
      (
        await pushAs(manager, 'addTimeLog', {
          id: 'm-for-olu',
          fields: { ...timeLogFields('2026-11-21', 'p1', 600), memberId: 'm-other' },
        })
      ).message,
    ).toBe('This team member is not on the project: add them to its team first.');
  });

  it('a Manager taken off a project loses it at the next pull, and their push to it is refused', async () => {
    const before = await pullAs(manager);
    await ok(admin, 'updateProject', { id: 'p1', changes: { memberIds: ['m-norm'] } });
    const after = await pullAs(manager, before.body?.cookie);
    expect(after.body?.reset).toBe(true);
    expect(idsOf(after.body, 'project')).toEqual([]);
    expect(idsOf(after.body, 'timeLog')).toEqual([]);
    expect(
      (await pushAs(manager, 'updateTimeLog', { id: 'l-norm', changes: { tags: 'x' } })).message,
    ).toBe('You can only track time on projects you are assigned to.');
    await ok(admin, 'updateProject', { id: 'p1', changes: { memberIds: ['m-man', 'm-norm'] } });
  });

  it('demoting a Manager to Normal removes the rows they lost at their next pull', async () => {
    const before = await pullAs(manager);
    expect(idsOf(before.body, 'timeLog')).toContain('l-other-p1');
    await ok(admin, 'updateMember', { id: 'm-man', changes: { Role: 'Normal' } });
    const after = await pullAs(manager, before.body?.cookie);
    expect(after.body?.reset).toBe(true);
    expect(idsOf(after.body, 'timeLog')).toEqual([]);
    expect(idsOf(after.body, 'member')).toEqual(['m-man']);
    await ok(admin, 'updateMember', { id: 'm-man', changes: { Role: 'Manager' } });
  });

  it('the reads for older logs and the export follow the same rules', async () => {
    const logs = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}`, normal.cookie),
      context(database, clock),
    );
    const answer = (await logs.json()) as {
      logs: { id: string }[];
      totals: { billableMinor: number; costMinor: number; seconds: number };
    };
    expect(answer.logs.map((l) => l.id).sort()).toEqual(['l-norm', 'n5']);
    // 1 h + 30 min of his own; no money for a Normal member.
    expect(answer.totals).toMatchObject({ seconds: 5400, billableMinor: 0, costMinor: 0 });
    const exported = await (
      await handleExport(
        get(`/sync/export?workspace=${admin.workspace.id}`, normal.cookie),
        context(database, clock),
      )
    ).text();
    expect(exported).not.toContain('Project Named After No One');
    expect(exported).not.toContain('987.65');
    expect(exported).toContain('Website');
  });

  it('an archived member loses access; the last Admin cannot step down', async () => {
    await ok(admin, 'updateMember', { id: 'm-norm', changes: { status: 'Archived' } });
    expect((await pullAs(normal)).status).toBe(403);
    await ok(admin, 'updateMember', { id: 'm-norm', changes: { status: 'Active' } });
    expect((await pullAs(normal)).status).toBe(200);
    const own = (await pullAs(admin)).body?.changes.find(
      (c) => c.kind === 'member' && c.data?.['email'] === 'ada.roles@example.com',
    );
    expect(
      await pushAs(admin, 'updateMember', { id: own?.id, changes: { Role: 'Normal' } }),
    ).toMatchObject({
      outcome: 'refused',
      message: 'A workspace needs an Admin who can sign in: make someone else Admin first.',
    });
  });
});
