import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull, handlePush } from '../../src/server/api/sync-handlers';
import {
  handleAuditLog,
  handleSaveWorkspaceSettings,
} from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

// Submitting and reviewing logs on a project with approval, at the API: pending → submitted
// (read-only for its author) → rejected with a note (editable again) → submitted → approved
// (only an Admin changes it, and that change is audited).

describe.each(drivers)('approvals on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let manager: { cookie: string };
  let normal: { cookie: string };
  const ctx = () => context(database, clock);
  const { ok, refusal } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  const update = (id: string, changes: Record<string, unknown>) => ({ id, changes });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.appr@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
    await ok(admin, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Audit', null), approval: true, memberIds: ['m-man', 'm-norm'] },
    });
    manager = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Mira', email: 'mira.appr@example.com' },
      'Manager',
      'm-man',
      clock,
    );
    normal = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nik', email: 'nik.appr@example.com' },
      'Normal',
      'm-norm',
      clock,
    );
  });
  afterAll(async () => drop());

  it('takes a log from pending through rejection to approval, each step by the right person', async () => {
    const log = { ...timeLogFields('2026-11-18', 'p1', 3600), memberId: 'm-norm' };
    expect(
      await refusal(normal, 'addTimeLog', { id: 'l1', fields: { ...log, status: 'approved' } }),
    ).toBe('Logs on this project need approval: a Manager or an Admin approves them.');
    await ok(normal, 'addTimeLog', { id: 'l1', fields: { ...log, status: 'pending' } });
    await ok(normal, 'updateTimeLog', update('l1', { status: 'submitted' }));

    const submitted =
      'This log is submitted for approval: it can be changed again if it is rejected.';
    expect(await refusal(normal, 'updateTimeLog', update('l1', { dur: 7200 }))).toBe(submitted);
    expect(await refusal(normal, 'deleteTimeLog', { id: 'l1' })).toBe(submitted);
    // A review changes the decision and the note, nothing else.
    expect(
      await refusal(manager, 'updateTimeLog', update('l1', { status: 'approved', dur: 60 })),
    ).toBe(submitted);
    expect(await refusal(normal, 'updateTimeLog', update('l1', { status: 'approved' }))).toBe(
      submitted,
    );
    expect(await refusal(manager, 'updateTimeLog', update('l1', { status: 'rejected' }))).toBe(
      'Say why the log is rejected, so its author can fix it.',
    );
    await ok(
      manager,
      'updateTimeLog',
      update('l1', { status: 'rejected', reviewNote: 'This was the design review, not audit' }),
    );

    // The author reads the note in their pull and may change the log again, then resubmits.
    const pulled = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, normal.cookie),
      ctx(),
    );
    const { changes } = (await pulled.json()) as {
      changes: { id: string; data: { status: string; reviewNote?: string } }[];
    };
    expect(changes.find((c) => c.id === 'l1')?.data).toMatchObject({
      status: 'rejected',
      reviewNote: 'This was the design review, not audit',
    });
    await ok(normal, 'updateTimeLog', update('l1', { dur: 5400 }));
    await ok(normal, 'updateTimeLog', update('l1', { status: 'submitted', reviewNote: '' }));
    await ok(manager, 'updateTimeLog', update('l1', { status: 'approved' }));

    const approved = 'This log is approved: only an Admin can change it.';
    expect(await refusal(normal, 'updateTimeLog', update('l1', { dur: 60 }))).toBe(approved);
    expect(await refusal(manager, 'deleteTimeLog', { id: 'l1' })).toBe(approved);
    await ok(admin, 'updateTimeLog', update('l1', { dur: 3600 }));
    const audit = await handleAuditLog(
      get(`/sync/audit?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    const { entries } = (await audit.json()) as {
      entries: { rules: string[]; before: { dur: number }; after: { dur: number } }[];
    };
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      rules: ['approved'],
      before: { dur: 5400 },
      after: { dur: 3600 },
    });
  });

  it('a Manager reviews only logs of projects they manage', async () => {
    await ok(admin, 'createProject', {
      id: 'p2',
      fields: { ...projectFields('Other', null), approval: true, memberIds: ['m-norm'] },
    });
    await ok(normal, 'addTimeLog', {
      id: 'l2',
      fields: {
        ...timeLogFields('2026-11-18', 'p2', 600),
        memberId: 'm-norm',
        status: 'submitted',
      },
    });
    expect(await refusal(manager, 'updateTimeLog', update('l2', { status: 'approved' }))).toBe(
      'You can only track time on projects you are assigned to.',
    );
  });

  it('a Manager cannot switch approval off, edit a signed-off log and switch it on again', async () => {
    await ok(admin, 'addTimeLog', {
      id: 'l-signed',
      fields: {
        ...timeLogFields('2026-11-19', 'p1', 3600),
        memberId: 'm-norm',
        status: 'approved',
      },
    });
    // All three in one push, as the issue reproduced it.
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: admin.workspace.id,
          clientId: 'walk-around-approval',
          mutations: [
            { id: 1, name: 'updateProject', args: update('p1', { approval: false }) },
            { id: 2, name: 'updateTimeLog', args: update('l-signed', { dur: 36_000 }) },
            { id: 3, name: 'updateProject', args: update('p1', { approval: true }) },
          ],
        },
        manager.cookie,
      ),
      ctx(),
    );
    const answer = (await res.json()) as { results: { outcome: string; message?: string }[] };
    expect(res.status, JSON.stringify(answer)).toBe(200);
    const { results } = answer;
    expect(results.map((r) => r.message ?? r.outcome)).toEqual([
      'Only Admins can turn approval on or off for a project.',
      'This log is approved: only an Admin can change it.',
      'ok',
    ]);
    const pulled = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    const { changes } = (await pulled.json()) as {
      changes: { kind: string; id: string; data: Record<string, unknown> | null }[];
    };
    expect(changes.find((c) => c.id === 'l-signed')?.data).toMatchObject({
      dur: 3600,
      status: 'approved',
    });
    expect(changes.find((c) => c.kind === 'project' && c.id === 'p1')?.data).toMatchObject({
      approval: true,
    });
  });
});

// Issue 47, point 3: turning approval on for a project changes the rule for what comes next.
// Its earlier logs had been called 'approved' though nobody approved them; they become pending
// (not submitted, their author's to edit and send), except one in a locked period, and logs of
// other projects are left alone. The clock stands on Sunday 22 Nov 2026.
describe.each(drivers)('turning approval on for a project with logs on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let normal: { cookie: string };
  const ctx = () => context(database, clock);
  const { ok, refusal } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const addLog = (id: string, date: string, projectId: string) => ({
    id,
    date,
    durationSeconds: 3600,
    projectId,
    memberId: 'm-norm',
  });
  const pulledLogs = async (who: { cookie: string }) => {
    const pulled = await handlePull(
      get(`/sync/pull?workspace=${admin.workspace.id}`, who.cookie),
      ctx(),
    );
    const { changes } = (await pulled.json()) as {
      changes: { kind: string; id: string; data: { status?: string; dur?: number } | null }[];
    };
    return new Map(changes.filter((c) => c.kind === 'timeLog').map((c) => [c.id, c.data]));
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.later@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    for (const id of ['p-late', 'p-legacy', 'p-free'])
      await ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(id, null), memberIds: ['m-norm'] },
      });
    normal = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nik', email: 'nik.later@example.com' },
      'Normal',
      'm-norm',
      clock,
    );
    // A week of work before anyone asked for approval, and one day of a period since locked.
    await ok(normal, 'addLog', addLog('l-week', '2026-11-18', 'p-late'));
    await ok(normal, 'addLog', addLog('l-monday', '2026-11-16', 'p-late'));
    await ok(normal, 'addLog', addLog('l-closed', '2026-11-02', 'p-late'));
    await ok(normal, 'addLog', addLog('l-legacy', '2026-11-18', 'p-legacy'));
    await ok(normal, 'addLog', addLog('l-free', '2026-11-18', 'p-free'));
    const locked = await handleSaveWorkspaceSettings(
      post(
        '/sync/workspace-settings',
        {
          workspaceId: admin.workspace.id,
          name: 'Later Agency',
          managersSeeAmounts: false,
          timeZone: 'UTC',
          weekStart: 1,
          lockedUpTo: '2026-11-08',
          autoLock: null,
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(locked.status).toBe(200);
    expect((await pulledLogs(normal)).get('l-week')).toMatchObject({ status: 'approved' });
  });
  afterAll(async () => drop());

  it('leaves the earlier logs not approved, not submitted and editable by their author', async () => {
    // The command the Edit form sends, and the stored change older devices send.
    await ok(admin, 'editProject', { id: 'p-late', approval: true });
    await ok(admin, 'updateProject', { id: 'p-legacy', changes: { approval: true } });

    const logs = await pulledLogs(normal);
    for (const id of ['l-week', 'l-monday', 'l-legacy'])
      expect(logs.get(id), id).toMatchObject({ status: 'pending' });
    // A locked day stays as it was settled (only an Admin could send it), as imports leave it;
    // a project without approval is not touched.
    expect(logs.get('l-closed')).toMatchObject({ status: 'approved' });
    expect(logs.get('l-free')).toMatchObject({ status: 'approved' });
    // The Admin's pull says the same as the author's.
    expect((await pulledLogs(admin)).get('l-week')).toMatchObject({ status: 'pending' });

    await ok(normal, 'editLog', { id: 'l-week', durationSeconds: 5400 });
    await ok(normal, 'updateTimeLog', { id: 'l-legacy', changes: { dur: 1800 } });
    await ok(normal, 'deleteLog', { id: 'l-monday' });
    const edited = await pulledLogs(normal);
    expect(edited.get('l-week')).toMatchObject({ status: 'pending', dur: 5400 });
    expect(edited.get('l-legacy')).toMatchObject({ status: 'pending', dur: 1800 });
  });

  it('holds what comes next to the approval rule', async () => {
    await ok(normal, 'addLog', addLog('l-new', '2026-11-19', 'p-late'));
    expect(
      await refusal(normal, 'addLog', {
        ...addLog('l-self', '2026-11-20', 'p-late'),
        status: 'approved',
      }),
    ).toBe('Logs on this project need approval: a Manager or an Admin approves them.');
    expect((await pulledLogs(normal)).get('l-new')).toMatchObject({ status: 'pending' });

    // The earlier log goes with the new one when the week is sent, and is then read-only.
    await ok(normal, 'submitWeek', { logIds: ['l-week', 'l-new'] });
    expect(await refusal(normal, 'editLog', { id: 'l-week', durationSeconds: 60 })).toBe(
      'This log is submitted for approval: it can be changed again if it is rejected.',
    );
    const sent = await pulledLogs(normal);
    expect(sent.get('l-week')).toMatchObject({ status: 'submitted' });
    expect(sent.get('l-new')).toMatchObject({ status: 'submitted' });
  });
  it('a log moved onto a project that asks for approval is pending again, and approved off it', async () => {
    await ok(normal, 'addLog', addLog('l-move', '2026-11-19', 'p-free'));
    expect((await pulledLogs(normal)).get('l-move')).toMatchObject({ status: 'approved' });
    // Keeping "approved" while moving it onto p-late would approve it unreviewed: refused,
    // named or kept (a stored change from an older device keeps the status it had).
    const unreviewed = 'Logs on this project need approval: a Manager or an Admin approves them.';
    expect(
      await refusal(normal, 'updateTimeLog', {
        id: 'l-move',
        changes: { projectId: 'p-late', status: 'approved' },
      }),
    ).toBe(unreviewed);
    expect(
      await refusal(normal, 'updateTimeLog', { id: 'l-move', changes: { projectId: 'p-late' } }),
    ).toBe(unreviewed);
    // Moved by the Edit form's command: it waits for review.
    await ok(normal, 'editLog', { id: 'l-move', projectId: 'p-late' });
    expect((await pulledLogs(normal)).get('l-move')).toMatchObject({ status: 'pending' });
    // Back on a project without approval: approved, so Uninvoiced offers it again instead of a
    // pending log nobody is asked to review.
    await ok(normal, 'editLog', { id: 'l-move', projectId: 'p-free' });
    expect((await pulledLogs(admin)).get('l-move')).toMatchObject({ status: 'approved' });
  });
});
