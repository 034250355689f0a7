import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogs } from '../../src/server/api/read-handlers';
import { handleReport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

// The detailed report over one week, 16–22 Nov 2026 (Monday to Sunday), with every figure worked
// out by hand below. Asha bills ₹1,000/h and costs ₹400/h; Bilal bills ₹800/h and costs ₹300/h.
//
// | log | project (billing, rounding)        | who   | day    | tracked       | billed             | amount     | cost      | expenses |
// | L1  | Website (₹1,500/h project, up 15)  | Asha  | 16 Nov | 3000 s (50 m) | 3600 s             | 150000 p   | 33333 p   | 0        |
// | L2  | Website                            | Bilal | 17 Nov | 5400 s        | 5400 s             | 225000 p   | 45000 p   | 25050 p  |
// | L3  | Support (member rate, nearest 30)  | Asha  | 18 Nov | 4500 s        | 5400 s (2.5 → 3)   | 150000 p   | 50000 p   | 0        |
// | L4  | Support                            | Bilal | 20 Nov | 2000 s        | 1800 s             | 40000 p    | 16667 p   | 0        |
// | L5  | Internal (non billable)            | Asha  | 21 Nov | 7200 s        | 0                  | 0          | 80000 p   | 10000 p  |
// | L6  | Website                            | Asha  | 23 Nov | outside the week                                                    |
//
// Cost of L1: 3000 × 40000 / 3600 = 33333.3 → 33333; of L4: 2000 × 30000 / 3600 = 16666.7 → 16667.

describe.each(drivers)('the detailed report on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock();
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof signUp>>;
  const ctx = () => context(database, clock);
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function report(who: { cookie: string }, query: string) {
    const res = await handleReport(
      get(
        `/sync/report?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22${query}`,
        who.cookie,
      ),
      ctx(),
    );
    const body = (await res.json()) as {
      totals: Record<string, number | null>;
      groups: {
        label: string;
        totals: Record<string, number | null>;
        children?: { label: string; totals: Record<string, number | null> }[];
      }[];
    };
    return { status: res.status, ...body };
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.reports@example.com' }, clock);
    const rates = (LoborRate: number, BillableRate: number) => ({ LoborRate, BillableRate });
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), ...rates(400, 1000) },
    });
    await ok(admin, 'createMember', {
      id: 'm2',
      fields: { ...teamMember('Bilal', 'Normal'), ...rates(300, 800) },
    });
    await ok(admin, 'createClient', { id: 'c1', fields: clientFields('Acme') });
    const everyone = { memberIds: ['m1', 'm2'] };
    await ok(admin, 'createProject', {
      id: 'pA',
      fields: {
        ...projectFields('Website', 'c1'),
        billamount: 1500,
        rounding: 'up',
        timeInterval: 15,
        ...everyone,
      },
    });
    await ok(admin, 'createProject', {
      id: 'pB',
      fields: {
        ...projectFields('Support', 'c1'),
        billable: 'member',
        billamount: 0,
        rounding: 'nearest',
        timeInterval: 30,
        ...everyone,
      },
    });
    await ok(admin, 'createProject', {
      id: 'pC',
      fields: {
        ...projectFields('Internal', null),
        billable: 'false',
        billamount: 0,
        rounding: 'false',
        ...everyone,
      },
    });
    const log = (
      id: string,
      projectId: string,
      memberId: string,
      date: string,
      dur: number,
      exp: number,
      tags: string,
    ) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, projectId, dur), memberId, exp, tags },
      });
    await log('L1', 'pA', 'm1', '2026-11-16', 3000, 0, 'design');
    await log('L2', 'pA', 'm2', '2026-11-17', 5400, 250.5, 'design, review');
    await log('L3', 'pB', 'm1', '2026-11-18', 4500, 0, 'support');
    await log('L4', 'pB', 'm2', '2026-11-20', 2000, 0, '');
    await log('L5', 'pC', 'm1', '2026-11-21', 7200, 100, 'admin');
    await log('L6', 'pA', 'm1', '2026-11-23', 3600, 0, 'design');
    asha = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Asha', email: 'asha.reports@example.com' },
      'Normal',
      'm1',
      clock,
    );
  });
  afterAll(async () => drop());

  it('totals the week to the paisa, and /allHours says the same for the same days', async () => {
    const { status, totals } = await report(admin, '');
    expect(status).toBe(200);
    expect(totals).toEqual({
      logs: 5,
      seconds: 22100,
      billableSeconds: 16200,
      billableMinor: 565000,
      costMinor: 225000,
      expensesMinor: 35050,
      profitMinor: 340000,
    });
    const logs = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22`, admin.cookie),
      ctx(),
    );
    expect(((await logs.json()) as { totals: unknown }).totals).toEqual({
      logs: 5,
      seconds: 22100,
      billableSeconds: 16200,
      billableMinor: 565000,
      costMinor: 225000,
      expensesMinor: 35050,
    });
  });

  it('groups by project, then member, with subtotals', async () => {
    const { groups } = await report(admin, '&group=project&group=member');
    expect(
      groups.map((g) => [
        g.label,
        g.totals.seconds,
        g.totals.billableMinor,
        g.totals.costMinor,
        g.totals.expensesMinor,
      ]),
    ).toEqual([
      ['Internal', 7200, 0, 80000, 10000],
      ['Support', 6500, 190000, 66667, 0],
      ['Website', 8400, 375000, 78333, 25050],
    ]);
    expect(
      groups[2]?.children?.map((c) => [c.label, c.totals.billableSeconds, c.totals.billableMinor]),
    ).toEqual([
      ['Asha', 3600, 150000],
      ['Bilal', 5400, 225000],
    ]);
  });

  it('groups by client, tag, week and billable', async () => {
    const by = async (group: string) =>
      (await report(admin, `&group=${group}`)).groups.map((g) => [
        g.label,
        g.totals.logs,
        g.totals.seconds,
      ]);
    expect(await by('client')).toEqual([
      ['', 1, 7200],
      ['Acme', 4, 14900],
    ]);
    // A log with two tags counts under each.
    expect(await by('tag')).toEqual([
      ['', 1, 2000],
      ['admin', 1, 7200],
      ['design', 2, 8400],
      ['review', 1, 5400],
      ['support', 1, 4500],
    ]);
    expect(await by('week')).toEqual([['2026-11-16', 5, 22100]]);
    expect(await by('billable')).toEqual([
      ['Billable', 4, 14900],
      ['Non-billable', 1, 7200],
    ]);
  });

  it('filters by tags (any or all), billable and member', async () => {
    expect((await report(admin, '&tag=design&tag=admin')).totals.seconds).toBe(15600);
    expect((await report(admin, '&tag=design&tag=review&tagMode=all')).totals.seconds).toBe(5400);
    expect((await report(admin, '&billable=no')).totals).toMatchObject({
      logs: 1,
      costMinor: 80000,
    });
    expect((await report(admin, '&member=m2')).totals).toMatchObject({
      seconds: 7400,
      billableMinor: 265000,
    });
  });

  it('a Normal member’s report holds their own time and no money', async () => {
    const { totals, groups } = await report(asha, '&group=project');
    expect(totals).toEqual({
      logs: 3,
      seconds: 14700,
      billableSeconds: 9000,
      billableMinor: null,
      costMinor: null,
      expensesMinor: 10000,
      profitMinor: null,
    });
    expect(groups.map((g) => g.label)).toEqual(['Internal', 'Support', 'Website']);
  });

  it('answers bad queries with 400 beside each parameter', async () => {
    const res = await handleReport(
      get(
        `/sync/report?workspace=${admin.workspace.id}&from=2026-11-22&to=2026-11-16&group=colour&group=week&group=day&billable=maybe&extra=1`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields['group']).toBe('At most two levels');
    expect(fields['billable']).toBe('One of any, yes, no');
    expect(fields['extra']).toBe('Not a parameter of this request');
  });

  it('Activity reads logs most recently added or changed first', async () => {
    clock.advance(60_000);
    await ok(admin, 'updateTimeLog', { id: 'L3', changes: { desc: '<p>Fixed the mail form</p>' } });
    const res = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}&order=recent&limit=2`, admin.cookie),
      ctx(),
    );
    const { logs } = (await res.json()) as { logs: { id: string }[] };
    // L3 was changed last; the others were added in one moment, so the highest id comes next.
    expect(logs.map((l) => l.id)).toEqual(['L3', 'L6']);
  });

  it('answers 1,000 junk and half-right queries with JSON 4xx, never 5xx', async () => {
    let seed = 41;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)] as T;
    const junk = ['', '%00', 'x'.repeat(300), 'no-such', '2026-02-30', '-1', '[]', '{}'];
    const params: Record<string, readonly string[]> = {
      workspace: [admin.workspace.id, '00000000-0000-4000-8000-000000000000', ...junk],
      from: ['2026-11-16', '2016-01-01', ...junk],
      to: ['2026-11-22', '2036-12-31', ...junk],
      group: ['project', 'tag', 'week', 'colour', ...junk],
      client: ['c1', 'ghost', ...junk],
      project: ['pA', 'ghost', ...junk],
      task: ['t1', ...junk],
      member: ['m1', 'ghost', ...junk],
      tag: ['design', "o'brien", ...junk],
      tagMode: ['any', 'all', ...junk],
      billable: ['any', 'yes', 'no', ...junk],
      status: ['approved', 'pending', ...junk],
      extra: ['1'],
    };
    for (let i = 0; i < 1000; i += 1) {
      const parts: string[] = [];
      for (const [key, values] of Object.entries(params)) {
        const times =
          key === 'workspace' || key === 'from' || key === 'to'
            ? rand() < 0.9
              ? 1
              : pick([0, 2])
            : rand() < 0.3
              ? pick([1, 2, 3])
              : 0;
        for (let n = 0; n < times; n += 1) parts.push(`${key}=${pick(values)}`);
      }
      const query = parts.join('&');
      const res = await handleReport(
        get(`/sync/report?${query}`, rand() < 0.8 ? admin.cookie : asha.cookie),
        ctx(),
      );
      expect(res.status, `#${i}: ${query.slice(0, 160)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 180_000);
});
