import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleUninvoiced } from '../../src/server/api/invoice-handlers';
import { handleReport, handleReportExport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { createDraft } from './invoice-commands';
import { rows } from '../../src/server/sync/records';
import { membershipByEmail } from './invoice-support';
import { context, drivers, fakeClock, get } from './support';
import {
  clientFields,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';

// Billable per log (issue 29), worked by hand. Website (Acme) bills ₹1,000/h by project, no
// rounding; Asha's labour rate is ₹400/h.
// | log | how it was made                 | day    | time   | billable | amount   | cost    |
// | A   | addLog, flag left to the project | 17 Nov | 3600 s | yes      | 100000 p | 40000 p |
// | B   | addLog with billable: false     | 18 Nov | 5400 s | no       | 0        | 60000 p |
// | C   | stored before the flag (no flag) | 19 Nov | 1800 s | yes      | 50000 p  | 20000 p |
// Together: 10800 s tracked, 5400 s billed, 150000 p billable, 120000 p cost.

describe.each(drivers)('billable per log on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-23T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const ctx = () => context(database, clock);
  const query = `workspace=PLACE&from=2026-11-16&to=2026-11-22`;
  const q = () => query.replace('PLACE', admin.workspace.id);
  const stored = async (id: string) => {
    const [row] = await rows<{ data: Record<string, unknown>; billable_minor: string | number }>(
      database.db,
      sql`SELECT data, billable_minor FROM time_logs WHERE workspace_id = ${admin.workspace.id} AND id = ${id}`,
    );
    return row;
  };
  const report = async (extra = '') => {
    const res = await handleReport(get(`/sync/report?${q()}${extra}`, admin.cookie), ctx());
    expect(res.status).toBe(200);
    return (await res.json()) as {
      totals: Record<string, number | null>;
      groups: { label: string; totals: Record<string, number | null> }[];
    };
  };
  const uninvoiced = async () => {
    const res = await handleUninvoiced(get(`/sync/uninvoiced?${q()}`, admin.cookie), ctx());
    return ((await res.json()) as { clients: { projects: Record<string, unknown>[] }[] }).clients;
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.billable@example.com' }, clock);
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), LoborRate: 400 },
    });
    await ok(admin, 'createClient', { id: 'acme', fields: clientFields('Acme') });
    await ok(admin, 'createProject', {
      id: 'web',
      fields: {
        ...projectFields('Website', 'acme'),
        billamount: 1000,
        rounding: 'false',
        memberIds: ['m1'],
      },
    });
    const day = (date: string, durationSeconds: number) => ({
      date,
      durationSeconds,
      projectId: 'web',
      memberId: 'm1',
    });
    await ok(admin, 'addLog', { id: 'A', ...day('2026-11-17', 3600) });
    await ok(admin, 'addLog', { id: 'B', ...day('2026-11-18', 5400), billable: false });
    // A device from before the flag sends the stored change without it.
    await ok(admin, 'addTimeLog', {
      id: 'C',
      fields: { ...timeLogFields('2026-11-19', 'web', 1800), memberId: 'm1', exp: 0 },
    });
  });
  afterAll(async () => drop());

  it('stores the flag under its public name, defaulting from the project', async () => {
    expect((await stored('A'))?.data['billable']).toBe(true);
    expect((await stored('B'))?.data['billable']).toBe(false);
    expect((await stored('C'))?.data['billable']).toBeUndefined();
    expect(Number((await stored('B'))?.billable_minor)).toBe(0);
    expect(Number((await stored('C'))?.billable_minor)).toBe(50000);
    expect(await pushAs(admin, 'editLog', { id: 'A', billable: 'no' })).toMatchObject({
      outcome: 'refused',
      reason: 'invalid_args',
    });
  });

  it('leaves non-billable logs out of billable totals, reports and the billable grouping', async () => {
    const { totals } = await report();
    expect(totals).toMatchObject({
      seconds: 10800,
      billableSeconds: 5400,
      billableMinor: 150000,
      costMinor: 120000,
    });
    const byBillable = await report('&group=billable');
    expect(byBillable.groups.map((g) => [g.label, g.totals['seconds']])).toEqual([
      ['Billable', 5400],
      ['Non-billable', 5400],
    ]);
    expect((await report('&billable=no')).totals['seconds']).toBe(5400);
  });

  it('exports the same figures', async () => {
    const res = await handleReportExport(
      get(`/sync/report-export?${q()}&group=project&format=csv`, admin.cookie),
      ctx(),
    );
    const csv = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(csv).toContain('Website');
    expect(csv).toContain('1500.00');
    expect(csv).toContain('1200.00');
  });

  it('bills again when a log is made billable, and stops when it is not (Uninvoiced, invoices)', async () => {
    expect(await uninvoiced()).toMatchObject([
      { projects: [{ projectId: 'web', logs: 2, billableSeconds: 5400, billableMinor: 150000 }] },
    ]);
    await ok(admin, 'editLog', { id: 'B', billable: true });
    await ok(admin, 'editLog', { id: 'A', billable: false });
    // B 5400 s + C 1800 s at ₹1,000/h = 150000 + 50000 p.
    expect(await uninvoiced()).toMatchObject([
      { projects: [{ projectId: 'web', logs: 2, billableSeconds: 7200, billableMinor: 200000 }] },
    ]);
    const membership = await membershipByEmail(
      database,
      'ada.billable@example.com',
      admin.workspace.id,
    );
    const draft = await createDraft(
      database.db,
      membership,
      { clientId: 'acme', from: '2026-11-16', to: '2026-11-22', projectIds: [] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    expect(draft.invoice.document.lines.map((l) => [l.quantity, l.amountMinor])).toEqual([
      [2, 200000],
    ]);
    expect(draft.invoice.document.subtotalMinor).toBe(200000);
  });
});
