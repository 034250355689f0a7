import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePublicTimeEntries } from '../../src/server/api/public-api-handlers';
import {
  handlePublicMembers,
  handlePublicProjects,
} from '../../src/server/api/public-record-handlers';
import { handleSaveWorkspaceSettings } from '../../src/server/api/workspace-handlers';
import type { Database } from '../../src/server/db/connect';
import { makeToken, withToken } from './api-token-support';
import { context, drivers, fakeClock, post } from './support';
import {
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
  type SignedUp,
} from './workspace-support';

// Issue 50: a Manager's token acts as the Manager: the entries of the projects they are on and
// their own, never another project's, and no money (amounts, costs, rates) unless the workspace
// lets Managers see amounts; an Admin turning that on applies at the token's next request.

interface Row {
  id: string;
  [field: string]: unknown;
}
type Handler = typeof handlePublicTimeEntries;

describe.each(drivers)("a Manager's token on $name", (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let ada: SignedUp;
  let token = '';
  const ctx = () => context(database, clock);
  const list = async (handler: Handler, path: string) => {
    const res = await handler(withToken(path, token), ctx());
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Row[] }).data;
  };
  const byId = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.id, row]));

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    ada = await signUp(database, { name: 'Ada', email: 'ada.manager-token@example.com' }, clock);
    const push = pusher(
      () => database,
      () => ada.workspace.id,
      clock,
    );
    await push.ok(ada, 'createMember', {
      id: 'm-man',
      fields: { ...teamMember('Mira', 'Manager'), LoborRate: 500 },
    });
    await push.ok(ada, 'createMember', {
      id: 'm-norm',
      fields: { ...teamMember('Nik', 'Normal'), LoborRate: 400, BillableRate: 900 },
    });
    await push.ok(ada, 'createMember', { id: 'm-other', fields: teamMember('Olu', 'Normal') });
    await push.ok(ada, 'createProject', {
      id: 'p-web',
      fields: {
        ...projectFields('Website', null),
        billable: 'project',
        billamount: 1000,
        rounding: 'false',
        memberIds: ['m-man', 'm-norm'],
      },
    });
    await push.ok(ada, 'createProject', {
      id: 'p-audit',
      fields: { ...projectFields('Audit', null), billable: 'project', billamount: 2000 },
    });
    const log = (projectId: string, memberId: string, seconds: number) => ({
      ...timeLogFields('2026-11-20', projectId, seconds),
      memberId,
    });
    await push.ok(ada, 'addTimeLog', { id: 'nik-web', fields: log('p-web', 'm-norm', 5400) });
    await push.ok(ada, 'addTimeLog', { id: 'olu-audit', fields: log('p-audit', 'm-other', 3600) });
    await push.ok(ada, 'addTimeLog', { id: 'mira-audit', fields: log('p-audit', 'm-man', 1800) });
    const mira = await joinWorkspace(
      database,
      ada.workspace.id,
      { name: 'Mira', email: 'mira.manager-token@agency.test' },
      'Manager',
      'm-man',
      clock,
    );
    token = (await makeToken(database, { ...mira, workspace: ada.workspace }, 'read', clock)).token;
  });
  afterAll(async () => drop());

  it('lists only their projects’ entries and their own, with no amounts or rates', async () => {
    const entries = await list(handlePublicTimeEntries, '/api/v1/time-entries');
    expect(entries.map((entry) => entry.id).sort()).toEqual(['mira-audit', 'nik-web']);
    for (const entry of entries) {
      expect(entry).not.toHaveProperty('billableAmountMinor');
      expect(entry).not.toHaveProperty('costMinor');
    }
    const projects = await list(handlePublicProjects, '/api/v1/projects');
    expect(projects.map((project) => project.id)).toEqual(['p-web']);
    expect(projects[0]).not.toHaveProperty('billableRateMinor');
    for (const member of await list(handlePublicMembers, '/api/v1/members')) {
      expect(member).not.toHaveProperty('labourRateMinor');
      expect(member).not.toHaveProperty('billableRateMinor');
    }
  });

  it('shows amounts and rates from the next request once the workspace lets Managers see them', async () => {
    const saved = await handleSaveWorkspaceSettings(
      post(
        '/sync/workspace-settings',
        {
          workspaceId: ada.workspace.id,
          name: 'Agency',
          managersSeeAmounts: true,
          timeZone: 'UTC',
          weekStart: 1,
          lockedUpTo: null,
          autoLock: null,
        },
        ada.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(200);

    const entries = byId(await list(handlePublicTimeEntries, '/api/v1/time-entries'));
    expect(Object.keys(entries).sort()).toEqual(['mira-audit', 'nik-web']);
    // Nik's 1 h 30 min on Website at ₹1,000 an hour = ₹1,500.00; his cost 1.5 h × ₹400 = ₹600.00.
    expect(entries['nik-web']).toMatchObject({ billableAmountMinor: 150000, costMinor: 60000 });
    // Mira's own 30 min on Audit at ₹2,000 an hour = ₹1,000.00; her cost 0.5 h × ₹500 = ₹250.00.
    expect(entries['mira-audit']).toMatchObject({ billableAmountMinor: 100000, costMinor: 25000 });
    const projects = await list(handlePublicProjects, '/api/v1/projects');
    // Rates in minor units: ₹1,000 an hour is 100000; ₹400 and ₹900 are 40000 and 90000.
    expect(projects.map((project) => [project.id, project['billableRateMinor']])).toEqual([
      ['p-web', 100000],
    ]);
    const members = byId(await list(handlePublicMembers, '/api/v1/members'));
    expect(members['m-norm']).toMatchObject({ labourRateMinor: 40000, billableRateMinor: 90000 });
  });
});
