import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleUninvoiced } from '../../src/server/api/invoice-handlers';
import {
  handleSaveWorkspaceSettings,
  handleWorkspaceSettings,
} from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { createDraft } from './invoice-commands';
import { membershipByEmail } from './invoice-support';
import { context, drivers, fakeClock, get, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
} from './workspace-support';

// Issue 29: a log needs a day and a duration; a project and a task only when the workspace
// requires them; a project may have no client and a client no email. The clock is Sunday
// 22 Nov 2026. Hand-worked: Internal Ops bills ₹600/h by project, no rounding, so Nik's 1.5 h
// (5400 s) on 18 Nov is 90000 p; Website (Acme) ₹1,000/h, 1 h on 18 Nov is 100000 p.

describe.each(drivers)('required fields and optional clients on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let nik: Awaited<ReturnType<typeof joinWorkspace>>;
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const ctx = () => context(database, clock);
  const settings = (changes: Record<string, unknown>) => ({
    workspaceId: admin.workspace.id,
    name: 'Agency',
    managersSeeAmounts: false,
    timeZone: 'UTC',
    weekStart: 1,
    lockedUpTo: null,
    autoLock: null,
    ...changes,
  });
  const save = async (changes: Record<string, unknown>) => {
    const res = await handleSaveWorkspaceSettings(
      post('/sync/workspace-settings', settings(changes), admin.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { settings: Record<string, unknown> }).settings;
  };
  const read = async () => {
    const res = await handleWorkspaceSettings(
      get(`/sync/workspace-settings?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    return ((await res.json()) as { settings: Record<string, unknown> }).settings;
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.required@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-nik', fields: teamMember('Nik', 'Normal') });
    // A client with no email, and a project with no client at all.
    await ok(admin, 'createClient', { id: 'acme', fields: { ...clientFields('Acme'), email: '' } });
    const project = { ...projectFields('', null), rounding: 'false', memberIds: ['m-nik'] };
    await ok(admin, 'createProject', {
      id: 'p-web',
      fields: { ...project, projectName: 'Website', clientId: 'acme', billamount: 1000 },
    });
    await ok(admin, 'createProject', {
      id: 'p-int',
      fields: { ...project, projectName: 'Internal Ops', billamount: 600 },
    });
    await ok(admin, 'createTask', {
      id: 't-web',
      fields: { projectId: 'p-web', task: 'Design', assigneeIds: [], billableRate: null },
    });
    nik = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nik', email: 'nik.required@example.com' },
      'Normal',
      'm-nik',
      clock,
    );
  });
  afterAll(async () => drop());

  it('takes a log with only a day and a duration: no task, description or tags', async () => {
    await ok(nik, 'addLog', {
      id: 'l-int',
      date: '2026-11-18',
      durationSeconds: 5400,
      projectId: 'p-int',
      memberId: 'm-nik',
    });
    await ok(nik, 'addLog', {
      id: 'l-bare',
      date: '2026-11-18',
      durationSeconds: 600,
      memberId: 'm-nik',
    });
    await ok(nik, 'addLog', {
      id: 'l-web',
      date: '2026-11-18',
      durationSeconds: 3600,
      projectId: 'p-web',
      taskId: 't-web',
      memberId: 'm-nik',
    });
  });

  it('keeps "Require project and task" off until an Admin turns it on; older screens leave it', async () => {
    expect(await read()).toMatchObject({ requireProjectAndTask: false });
    expect(await save({ requireProjectAndTask: true })).toMatchObject({
      requireProjectAndTask: true,
    });
    // A screen from before the setting saves the rest without it: it stays on.
    expect(await save({ name: 'Agency Two' })).toMatchObject({
      name: 'Agency Two',
      requireProjectAndTask: true,
    });
    expect(await read()).toMatchObject({ requireProjectAndTask: true });
  });

  it('then refuses a log without a project or a task, for everyone, Admins too', async () => {
    const problem = 'This workspace requires a project and a task on every log: choose both.';
    const bare = { date: '2026-11-19', durationSeconds: 600, memberId: 'm-nik' };
    for (const [who, args] of [
      [nik, { id: 'r1', ...bare }],
      [nik, { id: 'r2', ...bare, projectId: 'p-web' }],
      [admin, { id: 'r3', ...bare, projectId: 'p-int' }],
    ] as const)
      expect(await pushAs(who, 'addLog', args)).toMatchObject({
        outcome: 'refused',
        message: problem,
      });
    await ok(nik, 'addLog', { id: 'r4', ...bare, projectId: 'p-web', taskId: 't-web' });
    // Taking the task off a log is refused; an older log may still be corrected as it is.
    expect(await pushAs(nik, 'editLog', { id: 'r4', taskId: null })).toMatchObject({
      outcome: 'refused',
      message: problem,
    });
    await ok(nik, 'editLog', { id: 'l-int', durationSeconds: 5400, tags: 'ops' });
    await save({ requireProjectAndTask: false });
    await ok(nik, 'addLog', { id: 'r5', ...bare });
  });

  it('lists client-less projects apart on Uninvoiced, and bills them when a draft names a client', async () => {
    const res = await handleUninvoiced(
      get(
        `/sync/uninvoiced?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22`,
        admin.cookie,
      ),
      ctx(),
    );
    const body = (await res.json()) as { clients: unknown[]; withoutClient: unknown[] };
    expect(body.clients).toEqual([
      {
        clientId: 'acme',
        clientName: 'Acme',
        projects: [
          {
            projectId: 'p-web',
            projectName: 'Website',
            logs: 2,
            // l-web 3600 s + r4 600 s at ₹1,000/h: 100000 + 16667 p.
            billableSeconds: 4200,
            billableMinor: 116667,
            expensesMinor: 0,
          },
        ],
      },
    ]);
    expect(body.withoutClient).toEqual([
      {
        projectId: 'p-int',
        projectName: 'Internal Ops',
        logs: 1,
        billableSeconds: 5400,
        billableMinor: 90000,
        expensesMinor: 0,
      },
    ]);
    const membership = await membershipByEmail(
      database,
      'ada.required@example.com',
      admin.workspace.id,
    );
    const range = { from: '2026-11-16', to: '2026-11-22' };
    // Acme's own draft leaves Internal Ops out; one that names it bills it to Acme.
    const own = await createDraft(
      database.db,
      membership,
      { clientId: 'acme', ...range, projectIds: ['p-web'] },
      clock.now(),
    );
    expect(own.ok && own.invoice.document.lines.map((l) => [l.description, l.amountMinor])).toEqual(
      [['Website', 116667]],
    );
    const internal = await createDraft(
      database.db,
      membership,
      { clientId: 'acme', ...range, projectIds: ['p-int'] },
      clock.now(),
    );
    if (!internal.ok) throw new Error(internal.message);
    expect(internal.invoice.document.lines.map((l) => [l.description, l.amountMinor])).toEqual([
      ['Internal Ops', 90000],
    ]);
  });
});
