import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleNotices } from '../../src/server/api/notice-handlers';
import { handleSaveTeam } from '../../src/server/api/team-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { runDueJobs } from '../../src/server/jobs/scheduler';
import { mailOff } from '../../src/server/mail/mailer';
import { context, drivers, fakeClock, get, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// Issue 46, point 4: a team lead who was not on a project was told "Norm submitted the week…
// 1 log, 2:09 h" of a log they could neither see nor review, and the Admin who could was not
// told. Who hears of a submitted week is now who the policy lets review it (src/lib/policy,
// the same question the push asks when they approve), each of the logs theirs to review only.

interface Listed {
  notices: { event: string; title: string; body: string; path: string }[];
}

describe.each(drivers)('who is told of a submitted week on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-26T10:00:00Z'));
  const ctx = () => context(database, clock);
  const people = new Map<string, SignedUp>();
  const person = (name: string) => {
    const found = people.get(name);
    if (!found) throw new Error(`no ${name}`);
    return found;
  };
  const ws = () => person('Olga').workspace.id;
  const { ok, pushAs } = pusher(
    () => database,
    () => ws(),
    clock,
  );

  /** The person's notices of a week submitted, newest first. */
  const listed = async (name: string) => {
    const res = await handleNotices(get('/user/notices', person(name).cookie), ctx());
    return ((await res.json()) as Listed).notices.filter((n) => n.event === 'week-submitted');
  };
  async function jobsRun() {
    clock.advance(1000);
    await runDueJobs(database.db, mailOff, clock.now, { appUrl: new URL('https://hm.test') });
  }
  /** Norm's pending logs, submitted by Norm: `[id, day, project, seconds]` each. */
  async function submit(logs: [string, string, string, number][]) {
    for (const [id, day, project, seconds] of logs)
      await ok(person('Norm'), 'addTimeLog', {
        id,
        fields: { ...timeLogFields(day, project, seconds), memberId: 'm-norm', status: 'pending' },
      });
    await ok(person('Norm'), 'submitWeek', { logIds: logs.map(([id]) => id) });
    await jobsRun();
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    people.set('Olga', await signUp(database, { name: 'Olga', email: 'olga.rv@example.com' }));
    const roles = [
      ['Ari', 'Admin'],
      ['Tom', 'Manager'],
      ['Max', 'Manager'],
      ['Mae', 'Manager'],
      ['Norm', 'Normal'],
      ['Nell', 'Normal'],
    ] as const;
    for (const [name, role] of roles) {
      const id = `m-${name.toLowerCase()}`;
      await ok(person('Olga'), 'createMember', { id, fields: teamMember(name, role) });
      people.set(
        name,
        await joinWorkspace(
          database,
          ws(),
          { name, email: `${name.toLowerCase()}.rv@example.com` },
          role,
          id,
          clock,
        ),
      );
    }
    // Audit: Max and Mae manage it, Norm and Nell track on it. Ops: Norm alone, no Manager.
    await ok(person('Olga'), 'createProject', {
      id: 'p-audit',
      fields: {
        ...projectFields('Audit', null),
        approval: true,
        memberIds: ['m-max', 'm-mae', 'm-norm', 'm-nell'],
      },
    });
    await ok(person('Olga'), 'createProject', {
      id: 'p-ops',
      fields: { ...projectFields('Ops', null), approval: true, memberIds: ['m-norm'] },
    });
    // Tom leads Norm's team but is on neither project; Mae leads a team Norm is not in.
    for (const [name, memberIds, leadIds] of [
      ['Field', ['m-norm', 'm-tom'], ['m-tom']],
      ['Desk', ['m-mae', 'm-nell'], ['m-mae']],
    ] as const) {
      const saved = await handleSaveTeam(
        post('/sync/teams', { workspaceId: ws(), name, memberIds, leadIds }, person('Olga').cookie),
        ctx(),
      );
      expect(saved.status).toBe(201);
    }
  });
  afterAll(async () => drop());

  it('tells the Admins and the project’s Manager who may review, not a team lead off the project', async () => {
    await submit([['L1', '2026-11-17', 'p-audit', 2 * 3600 + 9 * 60]]);
    const told = {
      title: 'Norm submitted the week of 16 Nov 2026',
      body: '1 log, 2:09 h to review.',
      path: '/approvals',
    };
    for (const name of ['Olga', 'Ari', 'Max'])
      expect([name, await listed(name)]).toEqual([name, [expect.objectContaining(told)]]);
    for (const name of ['Tom', 'Mae', 'Nell', 'Norm'])
      expect([name, await listed(name)]).toEqual([name, []]);

    // The same rule decides the review itself: those not told may not approve, those told may.
    const approve = { logIds: ['L1'], decision: 'approve' };
    for (const name of ['Tom', 'Mae'])
      expect([name, (await pushAs(person(name), 'reviewLogs', approve)).outcome]).toEqual([
        name,
        'refused',
      ]);
    await ok(person('Max'), 'reviewLogs', approve);
  });

  it('tells each reviewer only of the logs theirs to review', async () => {
    await submit([
      ['L2', '2026-11-24', 'p-audit', 3600],
      ['L3', '2026-11-25', 'p-ops', 1800],
    ]);
    const latest = async (name: string) => (await listed(name))[0];
    // Max manages Audit, not Ops: he hears of the Audit log and its hour only.
    expect(await latest('Max')).toMatchObject({
      title: 'Norm submitted the week of 23 Nov 2026',
      body: '1 log, 1:00 h to review.',
    });
    for (const name of ['Olga', 'Ari'])
      expect(await latest(name)).toMatchObject({
        title: 'Norm submitted the week of 23 Nov 2026',
        body: '2 logs, 1:30 h to review.',
      });
    for (const name of ['Tom', 'Mae', 'Nell', 'Norm']) expect(await listed(name)).toEqual([]);
  });

  it('tells nobody of logs reviewed before the notice job ran: none is left to review', async () => {
    const before = (await listed('Olga')).length;
    await ok(person('Norm'), 'addTimeLog', {
      id: 'L4',
      fields: {
        ...timeLogFields('2026-11-26', 'p-audit', 900),
        memberId: 'm-norm',
        status: 'pending',
      },
    });
    await ok(person('Norm'), 'submitWeek', { logIds: ['L4'] });
    await ok(person('Olga'), 'reviewLogs', { logIds: ['L4'], decision: 'approve' });
    await jobsRun();
    expect(await listed('Olga')).toHaveLength(before);
    expect(await listed('Max')).toHaveLength(2);
  });

  it('never lets a Manager sign off their own week: the project’s other reviewers are told and approve; an Admin may approve their own (issue 48)', async () => {
    // Mae now leads Max too, so she may review him; Max leads no team and is on Audit.
    const saved = await handleSaveTeam(
      post(
        '/sync/teams',
        { workspaceId: ws(), name: 'Books', memberIds: ['m-max', 'm-mae'], leadIds: ['m-mae'] },
        person('Olga').cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(201);
    /** `name`'s own pending log, submitted by them. */
    async function submitOwn(
      name: string,
      id: string,
      day: string,
      project: string,
      seconds: number,
    ) {
      await ok(person(name), 'addTimeLog', {
        id,
        fields: {
          ...timeLogFields(day, project, seconds),
          memberId: `m-${name.toLowerCase()}`,
          status: 'pending',
        },
      });
      await ok(person(name), 'submitWeek', { logIds: [id] });
      await jobsRun();
    }
    const newest = async (name: string) => (await listed(name))[0]?.title ?? 'nothing';
    const before = new Map<string, string>();
    for (const name of ['Max', 'Tom', 'Nell', 'Norm']) before.set(name, await newest(name));

    await submitOwn('Max', 'M1', '2026-11-27', 'p-audit', 3600);
    for (const name of ['Olga', 'Ari', 'Mae'])
      expect([name, (await listed(name))[0]]).toEqual([
        name,
        expect.objectContaining({
          title: 'Max submitted the week of 23 Nov 2026',
          body: '1 log, 1:00 h to review.',
        }),
      ]);
    // Max is not asked to review himself; Tom is off the project; nobody else reviews.
    for (const name of ['Max', 'Tom', 'Nell', 'Norm'])
      expect([name, await newest(name)]).toEqual([name, before.get(name)]);
    const approve = { logIds: ['M1'], decision: 'approve' };
    expect(await pushAs(person('Max'), 'reviewLogs', approve)).toMatchObject({
      outcome: 'refused',
      message:
        'You cannot approve or reject your own logs: another Manager of the project or an Admin does.',
    });
    expect(
      await pushAs(person('Max'), 'reviewLogs', { ...approve, decision: 'reject', note: 'x' }),
    ).toMatchObject({ outcome: 'refused' });
    await ok(person('Mae'), 'reviewLogs', approve);

    // An Admin's own week: the other Admin is told, and the Admin may approve it themselves.
    await submitOwn('Ari', 'A1', '2026-11-27', 'p-ops', 1800);
    expect(await newest('Olga')).toBe('Ari submitted the week of 23 Nov 2026');
    for (const name of ['Ari', 'Max', 'Mae'])
      expect([name, await newest(name)]).not.toEqual([
        name,
        'Ari submitted the week of 23 Nov 2026',
      ]);
    await ok(person('Ari'), 'reviewLogs', { logIds: ['A1'], decision: 'approve' });
  });

  it('says the hours as the workspace shows them: decimal hours once the Admin chooses them', async () => {
    // Issue 47: 45 min is 0.75 h in a workspace that shows decimal hours.
    const saved = await handleSaveWorkspaceSettings(
      post(
        '/api/workspace-settings',
        {
          workspaceId: ws(),
          name: 'Notices',
          managersSeeAmounts: false,
          timeZone: 'UTC',
          weekStart: 1,
          lockedUpTo: null,
          autoLock: null,
          durationFormat: 'decimal',
        },
        person('Olga').cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(200);
    await submit([['L5', '2026-12-01', 'p-audit', 2700]]);
    expect((await listed('Max'))[0]).toMatchObject({
      title: 'Norm submitted the week of 30 Nov 2026',
      body: '1 log, 0.75 h to review.',
    });
  });
});
