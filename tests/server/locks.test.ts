import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePull } from '../../src/server/api/sync-handlers';
import {
  handleAuditLog,
  handleSaveWorkspaceSettings,
  handleWorkspaceSettings,
} from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import {
  projectFields,
  signUp,
  timeLogFields,
  joinWorkspace,
  pusher,
  teamMember,
} from './workspace-support';
import { seededPicker } from './seeded';

// Locked periods and the audit log, at the API. The clock starts on Sunday 22 Nov 2026, 10:00 UTC.

const settings = (workspaceId: string, changes: Record<string, unknown> = {}) => ({
  workspaceId,
  name: 'Locks Agency',
  managersSeeAmounts: false,
  timeZone: 'UTC',
  weekStart: 1,
  lockedUpTo: null,
  autoLock: null,
  ...changes,
});

describe.each(drivers)('locked periods on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let manager: { cookie: string };
  let normal: { cookie: string };
  const ctx = () => context(database, clock);
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  const save = (who: { cookie: string }, changes: Record<string, unknown>) =>
    handleSaveWorkspaceSettings(
      post('/sync/workspace-settings', settings(admin.workspace.id, changes), who.cookie),
      ctx(),
    );
  const log = (date: string, memberId: string) => ({
    ...timeLogFields(date, 'p1', 3600),
    memberId,
  });

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.locks@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm-man', fields: teamMember('Mira', 'Manager') });
    await ok(admin, 'createMember', { id: 'm-norm', fields: teamMember('Nik', 'Normal') });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: {
        ...projectFields('Website', null),
        billamount: 1234.5,
        memberIds: ['m-man', 'm-norm'],
      },
    });
    for (const [id, date] of [
      ['l-10', '2026-11-10'],
      ['l-14', '2026-11-14'],
      ['l-16', '2026-11-16'],
      ['l-20', '2026-11-20'],
    ] as const)
      await ok(admin, 'addTimeLog', { id, fields: log(date, 'm-norm') });
    manager = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Mira', email: 'mira.locks@example.com' },
      'Manager',
      'm-man',
      clock,
    );
    normal = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Nik', email: 'nik.locks@example.com' },
      'Normal',
      'm-norm',
      clock,
    );
  });
  afterAll(async () => drop());

  it('only Admins change the settings, and bad values are named beside their fields', async () => {
    const refused = await save(normal, { lockedUpTo: '2026-11-15' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'forbidden',
      message: 'Only Admins can change workspace settings.',
    });
    const bad = await save(admin, {
      timeZone: 'Mars/Olympus',
      weekStart: 7,
      lockedUpTo: '2026-02-30',
      autoLock: { period: 'daily', graceDays: -1 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      timeZone: 'Choose a time zone from the list',
      weekStart: 'Choose a day',
      lockedUpTo: 'Enter a day as YYYY-MM-DD',
      autoLock: 'Enter 0 or more days',
      'autoLock.graceDays': 'Enter 0 or more days',
    });
    const read = await handleWorkspaceSettings(
      get(`/sync/workspace-settings?workspace=${admin.workspace.id}`, normal.cookie),
      ctx(),
    );
    expect(await read.json()).toEqual({
      settings: {
        name: 'Ada’s workspace'.replace('’', "'"),
        managersSeeAmounts: false,
        requireProjectAndTask: false,
        timeZone: 'UTC',
        weekStart: 1,
        lockedUpTo: null,
        autoLock: null,
        durationFormat: 'clock',
      },
    });
  });

  it('a manual lock blocks Managers and Normal members, not Admins, and Admin changes are audited', async () => {
    expect((await save(admin, { lockedUpTo: '2026-11-15' })).status).toBe(200);
    const message =
      'Logs up to 15 Nov 2026 are locked: only an Admin can add, change or remove them.';
    expect(
      await pushAs(normal, 'addTimeLog', { id: 'n-new', fields: log('2026-11-15', 'm-norm') }),
    ).toMatchObject({ outcome: 'refused', reason: 'forbidden', message });
    // Moving an open log into the locked period, or a locked one out of it, is refused too.
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-20', changes: { date: '2026-11-12' } }))
        .message,
    ).toBe(message);
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-14', changes: { date: '2026-11-18' } }))
        .message,
    ).toBe(message);
    expect((await pushAs(manager, 'deleteTimeLog', { id: 'l-10' })).message).toBe(message);
    await ok(normal, 'updateTimeLog', { id: 'l-16', changes: { dur: 5400 } });
    await ok(admin, 'updateTimeLog', { id: 'l-14', changes: { dur: 7200 } });

    const audit = await handleAuditLog(
      get(`/sync/audit?workspace=${admin.workspace.id}`, admin.cookie),
      ctx(),
    );
    const { entries } = (await audit.json()) as {
      entries: {
        userName: string;
        action: string;
        rules: string[];
        recordId: string;
        before: { dur: number };
        after: { dur: number };
      }[];
    };
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userName: 'Ada',
      action: 'update',
      recordId: 'l-14',
      rules: ['locked'],
      before: { dur: 3600 },
      after: { dur: 7200 },
    });
    const notAdmin = await handleAuditLog(
      get(`/sync/audit?workspace=${admin.workspace.id}`, manager.cookie),
      ctx(),
    );
    expect(notAdmin.status).toBe(403);
  });

  it('an automatic weekly lock closes each week after its grace, in the workspace time zone', async () => {
    // Monday weeks, one day of grace, in India (UTC+5:30).
    const weekly = {
      lockedUpTo: null,
      timeZone: 'Asia/Kolkata',
      autoLock: { period: 'weekly', graceDays: 1 },
    };
    expect((await save(admin, weekly)).status).toBe(200);
    // Sunday 22 Nov: the week of 16–22 Nov is not over, so the lock reaches Sunday 15 Nov.
    await ok(normal, 'updateTimeLog', { id: 'l-16', changes: { dur: 3600 } });
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-14', changes: { dur: 60 } })).message,
    ).toBe('Logs up to 15 Nov 2026 are locked: only an Admin can add, change or remove them.');
    // Monday 23 Nov, 20:00 UTC is already Tuesday 24 Nov in India: the grace day has passed.
    clock.advance(34 * 3600_000);
    const closed =
      'Logs up to 22 Nov 2026 are locked: only an Admin can add, change or remove them.';
    expect(
      (await pushAs(normal, 'updateTimeLog', { id: 'l-20', changes: { dur: 60 } })).message,
    ).toBe(closed);
    // In UTC it is still Monday 23 Nov: last week is within its grace, so 20 Nov is open.
    expect((await save(admin, { ...weekly, timeZone: 'UTC' })).status).toBe(200);
    await ok(normal, 'updateTimeLog', { id: 'l-20', changes: { dur: 1800 } });
  });

  it('the pull tells each person their role and the rules; amounts reach Managers once allowed', async () => {
    const pull = async (who: { cookie: string }, cookie = '') => {
      const res = await handlePull(
        get(
          `/sync/pull?workspace=${admin.workspace.id}${cookie ? `&cookie=${cookie}` : ''}`,
          who.cookie,
        ),
        ctx(),
      );
      return { text: await res.text() };
    };
    const first = JSON.parse((await pull(manager)).text) as {
      cookie: string;
      access: unknown;
    };
    expect(first.access).toEqual({
      role: 'Manager',
      memberId: 'm-man',
      seesAmounts: false,
      currency: 'INR',
      // Leads no team, so is not limited to one.
      teamMembers: null,
      rules: {
        timeZone: 'UTC',
        weekStart: 1,
        lockedUpTo: null,
        autoLock: { period: 'weekly', graceDays: 1 },
        managersSeeAmounts: false,
        requireProjectAndTask: false,
        durationFormat: 'clock',
      },
    });
    expect((await pull(manager)).text).not.toContain('1234.5');
    expect((await save(admin, { managersSeeAmounts: true, timeZone: 'UTC' })).status).toBe(200);
    const after = JSON.parse((await pull(manager, first.cookie)).text) as {
      reset: boolean;
      access: { seesAmounts: boolean };
      changes: { id: string; data: { billamount?: number } }[];
    };
    // The Manager's devices start over, so the amounts they may now see arrive.
    expect(after.reset).toBe(true);
    expect(after.access.seesAmounts).toBe(true);
    expect(after.changes.find((c) => c.id === 'p1')?.data.billamount).toBe(1234.5);
    const normalPull = JSON.parse((await pull(normal)).text) as {
      access: { seesAmounts: boolean; role: string };
    };
    expect(normalPull.access).toMatchObject({ role: 'Normal', seesAmounts: false });
  });

  it('answers 1,000 junk and half-right bodies and queries with JSON 4xx, never 5xx', async () => {
    const { rand, pick } = seededPicker(23);
    const junk = [
      null,
      1,
      -1,
      1.5,
      true,
      [],
      {},
      '',
      '\u0000',
      '\uD800',
      'x'.repeat(300),
      'no-such',
    ];
    const ids = [admin.workspace.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const valid = settings(admin.workspace.id);
    const fields: Record<string, readonly unknown[]> = {
      workspaceId: [...ids, ...junk],
      name: ['Renamed', ' ', ...junk],
      managersSeeAmounts: [true, false, ...junk],
      timeZone: ['Europe/Paris', 'Mars/Base', 'utc', ...junk],
      weekStart: [0, 6, 7, ...junk],
      lockedUpTo: ['2026-11-01', '2026-02-30', '01/11/2026', ...junk],
      autoLock: [
        { period: 'weekly', graceDays: 2 },
        { period: 'yearly', graceDays: 0 },
        { period: 'daily', graceDays: 91 },
        { period: 'daily' },
        ...junk,
      ],
    };
    const body = () => {
      if (rand() < 0.15) return pick(['', '{', 'null', '[]', '"x"']);
      const sent: Record<string, unknown> = { ...valid };
      for (const [field, values] of Object.entries(fields)) {
        if (rand() < 0.25) sent[field] = pick(values);
        else if (rand() < 0.05) delete sent[field];
      }
      if (rand() < 0.05) sent['extra'] = 1;
      return JSON.stringify(sent);
    };
    for (let i = 0; i < 1000; i += 1) {
      const sent = body();
      const who = rand() < 0.8 ? admin.cookie : normal.cookie;
      const res = await handleSaveWorkspaceSettings(
        post('/sync/workspace-settings', sent, who),
        ctx(),
      );
      expect(res.status, `#${i}: ${sent.slice(0, 120)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
    // A lone surrogate cannot be put in a URL at all; every other junk value can.
    const queryJunk = junk.filter((value) => value !== '\uD800');
    const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    for (let i = 0; i < 200; i += 1) {
      const workspace = encodeURIComponent(asText(pick([...ids, ...queryJunk])));
      const before = encodeURIComponent(
        asText(pick(['2026-11-22T10:00:00Z', 'yesterday', ...queryJunk])),
      );
      for (const res of [
        await handleWorkspaceSettings(
          get(`/sync/workspace-settings?workspace=${workspace}`, admin.cookie),
          ctx(),
        ),
        await handleAuditLog(
          get(`/sync/audit?workspace=${workspace}&before=${before}`, admin.cookie),
          ctx(),
        ),
      ]) {
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
  }, 180_000);
});
