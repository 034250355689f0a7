import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlePush } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { recomputeLogAmounts } from '../../src/server/sync/amounts';
import { context, drivers, fakeClock, post } from './support';
import { projectFields, signUp, timeLogFields } from './workspace-support';

// Each log's money is stored by the server, computed by src/lib when the log or a rate or
// rounding it depends on is written. Figures worked out by hand in the comments.

const member = (BillableRate: number, LoborRate: number) => ({
  name: 'Asha',
  email: 'asha@example.com',
  LoborRate,
  BillableRate,
  Role: 'Normal',
  notes: '',
  status: 'Active',
  autoAddToProjects: false,
});

describe.each(drivers)('stored log amounts on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let who: Awaited<ReturnType<typeof signUp>>;
  let next = 0;

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    who = await signUp(database, { name: 'Meera', email: 'meera@example.com' }, clock);
  });
  afterAll(async () => drop());

  async function pushAll(mutations: { name: string; args: unknown }[]) {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: who.workspace.id,
          clientId: 'amounts-device-0123456789',
          mutations: mutations.map((m) => ({ ...m, id: (next += 1) })),
        },
        who.cookie,
      ),
      context(database, clock),
    );
    const body = (await res.json()) as { results: { outcome: string; message?: string }[] };
    for (const result of body.results)
      expect(result, JSON.stringify(body)).toMatchObject({ outcome: 'ok' });
  }
  const push = (name: string, args: unknown) => pushAll([{ name, args }]);

  async function stored(id: string) {
    const result: unknown = await database.db.execute(
      sql`SELECT billable_seconds, billable_minor, cost_minor FROM time_logs WHERE workspace_id = ${who.workspace.id} AND id = ${id}`,
    );
    const [row] = (result as { rows: Record<string, unknown>[] }).rows;
    return {
      seconds: Number(row?.['billable_seconds']),
      billable: Number(row?.['billable_minor']),
      cost: Number(row?.['cost_minor']),
    };
  }

  async function workspaceSums() {
    const result: unknown = await database.db.execute(
      sql`SELECT sum(billable_minor) AS b, sum(cost_minor) AS c FROM time_logs WHERE workspace_id = ${who.workspace.id} AND NOT deleted`,
    );
    const [row] = (result as { rows: Record<string, unknown>[] }).rows;
    return { billable: Number(row?.['b']), cost: Number(row?.['c']) };
  }

  it('stores each log’s billable time, amount and cost, and keeps them when rates change', async () => {
    await push('createMember', { id: 'm1', fields: member(900, 400) });
    await push('createProject', {
      id: 'p1',
      fields: {
        ...projectFields('Website', null),
        billable: 'member',
        rounding: 'up',
        timeInterval: 15,
      },
    });
    await push('createProject', {
      id: 'p2',
      fields: {
        ...projectFields('Audit', null),
        billable: 'project',
        billamount: 1000,
        rounding: 'false',
      },
    });
    await push('createProject', {
      id: 'p3',
      fields: { ...projectFields('Support', null), billable: 'task', rounding: 'false' },
    });
    await push('createTask', {
      id: 't3',
      fields: { projectId: 'p3', task: 'Tickets', assigneeIds: [], billableRate: 1200 },
    });
    const log = (projectId: string, dur: number, taskId: string | null = null) => ({
      ...timeLogFields('2026-03-10', projectId, dur),
      memberId: 'm1',
      taskId,
    });
    await push('addTimeLog', { id: 'l1', fields: log('p1', 4200) });
    await push('addTimeLog', { id: 'l2', fields: log('p2', 5400) });
    await push('addTimeLog', { id: 'l3', fields: log('p3', 1800, 't3') });

    // 1h10m rounded up to 1h15m at ₹900 = ₹1,125.00; cost 70 min at ₹400 = ₹466.666… → ₹466.67.
    expect(await stored('l1')).toEqual({ seconds: 4500, billable: 112500, cost: 46667 });
    // 1h30m at the project's ₹1,000 = ₹1,500.00; cost 1.5 h × ₹400 = ₹600.00.
    expect(await stored('l2')).toEqual({ seconds: 5400, billable: 150000, cost: 60000 });
    // 30 min at the task's ₹1,200 = ₹600.00; cost ₹200.00.
    expect(await stored('l3')).toEqual({ seconds: 1800, billable: 60000, cost: 20000 });
    expect(await workspaceSums()).toEqual({ billable: 322500, cost: 126667 });

    // The member's billable rate to ₹1,000: only the member-rate log changes (1.25 h → ₹1,250).
    await push('updateMember', { id: 'm1', changes: { BillableRate: 1000 } });
    expect(await stored('l1')).toEqual({ seconds: 4500, billable: 125000, cost: 46667 });
    expect(await stored('l2')).toMatchObject({ billable: 150000 });

    // Website rounds down: 1h10m → 1h00m at ₹1,000 = ₹1,000.00.
    await push('updateProject', { id: 'p1', changes: { rounding: 'down' } });
    expect(await stored('l1')).toEqual({ seconds: 3600, billable: 100000, cost: 46667 });

    // The task's rate to ₹1,500: 30 min = ₹750.00.
    await push('updateTask', { id: 't3', changes: { billableRate: 1500 } });
    expect(await stored('l3')).toEqual({ seconds: 1800, billable: 75000, cost: 20000 });

    // The log itself: 1h15m, rounded down to 15 min = 1h15m at ₹1,000 = ₹1,250; cost ₹500.00.
    await push('updateTimeLog', { id: 'l1', changes: { dur: 4500 } });
    expect(await stored('l1')).toEqual({ seconds: 4500, billable: 125000, cost: 50000 });

    // Deleting Audit keeps its log's amounts (it was billed under those settings).
    await push('deleteProject', { id: 'p2' });
    expect(await stored('l2')).toEqual({ seconds: 5400, billable: 150000, cost: 60000 });
    // ₹1,250 + ₹1,500 + ₹750 billable; ₹500 + ₹600 + ₹200 cost.
    expect(await workspaceSums()).toEqual({ billable: 350000, cost: 130000 });
  });

  it('computes a push’s logs once, from the state the whole push leaves', async () => {
    // One push: a new 15-minute Website log, then the member's rate to ₹800.
    await pushAll([
      {
        name: 'addTimeLog',
        args: {
          id: 'l4',
          fields: { ...timeLogFields('2026-03-11', 'p1', 900), memberId: 'm1' },
        },
      },
      { name: 'updateMember', args: { id: 'm1', changes: { BillableRate: 800 } } },
    ]);
    // 15 min at ₹800 = ₹200.00, cost ₹100.00; Website's 1h15m log at ₹800 = ₹1,000.00.
    expect(await stored('l4')).toEqual({ seconds: 900, billable: 20000, cost: 10000 });
    expect(await stored('l1')).toEqual({ seconds: 4500, billable: 100000, cost: 50000 });
    // Back to ₹1,000 and without the new log, for the next test's sums.
    await pushAll([
      { name: 'deleteTimeLog', args: { id: 'l4' } },
      { name: 'updateMember', args: { id: 'm1', changes: { BillableRate: 1000 } } },
    ]);
    expect(await workspaceSums()).toEqual({ billable: 350000, cost: 130000 });
  });

  it('computes logs stored before amounts existed (stale rows) when the server opens', async () => {
    await database.db.execute(
      sql`UPDATE time_logs SET billable_seconds = 0, billable_minor = 0, cost_minor = 0, amounts_stale = true WHERE workspace_id = ${who.workspace.id}`,
    );
    expect(await workspaceSums()).toEqual({ billable: 0, cost: 0 });
    expect(await recomputeLogAmounts(database.db, null, { stale: true })).toBeGreaterThanOrEqual(3);
    expect(await workspaceSums()).toEqual({ billable: 350000, cost: 130000 });
    expect(await recomputeLogAmounts(database.db, null, { stale: true })).toBe(0);
  });

  it('a rate change from a date leaves the logs before it at the earlier rates', async () => {
    await push('createMember', { id: 'm9', fields: member(900, 400) });
    await push('createProject', {
      id: 'p9',
      fields: { ...projectFields('Retainer', null), billable: 'member', rounding: 'false' },
    });
    const log = (date: string) => ({ ...timeLogFields(date, 'p9', 3600), memberId: 'm9' });
    await push('addTimeLog', { id: 'r1', fields: log('2026-11-01') });
    await push('addTimeLog', { id: 'r2', fields: log('2026-11-23') });
    // From 23 Nov: ₹1,100 billable, ₹500 labour; up to 22 Nov the old ₹900 / ₹400.
    await push('updateMember', {
      id: 'm9',
      changes: {
        BillableRate: 1100,
        LoborRate: 500,
        rateHistory: [{ until: '2026-11-22', LoborRate: 400, BillableRate: 900 }],
      },
    });
    expect(await stored('r1')).toEqual({ seconds: 3600, billable: 90000, cost: 40000 });
    expect(await stored('r2')).toEqual({ seconds: 3600, billable: 110000, cost: 50000 });
    // A log added later on an old day takes that day's rate.
    await push('addTimeLog', { id: 'r3', fields: log('2026-10-05') });
    expect(await stored('r3')).toEqual({ seconds: 3600, billable: 90000, cost: 40000 });
    // "All time": the history goes, every log at ₹1,100 / ₹500.
    await push('updateMember', { id: 'm9', changes: { rateHistory: [] } });
    expect(await stored('r1')).toEqual({ seconds: 3600, billable: 110000, cost: 50000 });
    expect(await stored('r3')).toEqual({ seconds: 3600, billable: 110000, cost: 50000 });
  });

  it('refuses rate periods out of date order or with a bad day', async () => {
    const res = await handlePush(
      post(
        '/sync/push',
        {
          workspaceId: who.workspace.id,
          clientId: 'amounts-device-0123456789',
          mutations: [
            {
              id: (next += 1),
              name: 'updateMember',
              args: {
                id: 'm1',
                changes: {
                  rateHistory: [
                    { until: '2026-11-22', LoborRate: 1, BillableRate: 1 },
                    { until: '2026-10-01', LoborRate: 1, BillableRate: 1 },
                  ],
                },
              },
            },
            {
              id: (next += 1),
              name: 'updateMember',
              args: {
                id: 'm1',
                changes: { rateHistory: [{ until: '22/11/2026', LoborRate: 1, BillableRate: 1 }] },
              },
            },
          ],
        },
        who.cookie,
      ),
      context(database, clock),
    );
    const body = (await res.json()) as { results: { outcome: string; message?: string }[] };
    expect(body.results.map((r) => r.outcome)).toEqual(['refused', 'refused']);
    expect(body.results[0]?.message).toContain('Rate periods must be in date order');
  });
});
