import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleInvoice } from '../../src/server/api/invoice-handlers';
import { handleReport } from '../../src/server/api/report-handlers';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { createDraft, issueInvoice, updateDraft, voidInvoice } from './invoice-commands';
import type { Membership } from '../../src/server/sync/permissions';
import { rows } from '../../src/server/sync/records';
import { context, drivers, fakeClock, get } from './support';
import {
  clientFields,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';
import { issueFor, membershipByEmail } from './invoice-support';

// Amounts of an invoiced log are frozen like the invoice's copies (issue 25, point 2): a rate or
// rounding change after issuing leaves the billed amount and the labour cost of its logs as
// they were; voiding frees them to follow today's rates again. Worked out by hand below.

/** Each log's stored billable seconds, amount and cost (minor units), by id. */
async function storedAmounts(database: Database, workspaceId: string) {
  const found = await rows<{
    id: string;
    billable_seconds: number | string;
    billable_minor: number | string;
    cost_minor: number | string;
  }>(
    database.db,
    sql`SELECT id, billable_seconds, billable_minor, cost_minor FROM time_logs WHERE workspace_id = ${workspaceId} ORDER BY id`,
  );
  return Object.fromEntries(
    found.map((r) => [
      r.id,
      [Number(r.billable_seconds), Number(r.billable_minor), Number(r.cost_minor)],
    ]),
  );
}

describe.each(drivers)('amounts of invoiced logs on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let membership: Membership;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.frozen@example.com' }, clock);
    membership = await membershipByEmail(database, 'ada.frozen@example.com', admin.workspace.id);
  });
  afterAll(async () => drop());

  // | log | project                          | day    | tracked | billed  | amount   | cost (₹400/h) |
  // | L1  | Website (₹1,000/h, up to 15 min) | 17 Nov | 3000 s  | 3600 s  | 100000 p | 33333 p       |
  // | L2  | Support (Asha's ₹900/h)          | 18 Nov | 5400 s  | 5400 s  | 135000 p | 60000 p       |
  // | L3  | Website                          | 30 Nov | 3600 s  | 3600 s  | 100000 p | 40000 p       |
  // Invoice for Acme, 16–22 Nov: Support 1.50 h ₹1,350.00, Website 1.00 h ₹1,000.00;
  // subtotal 235000 p, GST 18 % 42300 p, total 277300 p. L3 is on no invoice.
  it('keeps the billed amount and cost of invoiced logs when rates and rounding change', async () => {
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), BillableRate: 900, LoborRate: 400 },
    });
    await ok(admin, 'createClient', { id: 'acme', fields: clientFields('Acme') });
    await ok(admin, 'createProject', {
      id: 'web',
      fields: {
        ...projectFields('Website', 'acme'),
        billamount: 1000,
        rounding: 'up',
        memberIds: ['m1'],
      },
    });
    await ok(admin, 'createProject', {
      id: 'sup',
      fields: {
        ...projectFields('Support', 'acme'),
        billable: 'member',
        rounding: 'false',
        memberIds: ['m1'],
      },
    });
    const log = (id: string, projectId: string, date: string, dur: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, projectId, dur), memberId: 'm1', exp: 0 },
      });
    await log('L1', 'web', '2026-11-17', 3000);
    await log('L2', 'sup', '2026-11-18', 5400);
    await log('L3', 'web', '2026-11-30', 3600);
    const issued = await issueFor(
      database,
      membership,
      { clientId: 'acme', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-24',
      clock.now(),
    );
    const doc = issued.document;
    expect(doc.lines.map((l) => [l.description, l.quantity, l.amountMinor])).toEqual([
      ['Support', 1.5, 135000],
      ['Website', 1, 100000],
    ]);
    expect([doc.subtotalMinor, doc.taxMinor, doc.totalMinor]).toEqual([235000, 42300, 277300]);

    // After issuing: Website to ₹1,200/h rounded down, Asha to ₹1,000/h billed and ₹500/h cost.
    await ok(admin, 'updateProject', {
      id: 'web',
      changes: { billamount: 1200, rounding: 'down' },
    });
    await ok(admin, 'updateMember', { id: 'm1', changes: { BillableRate: 1000, LoborRate: 500 } });

    // The invoiced logs keep what was billed, and their cost; L3, on no invoice, follows:
    // 1 h at ₹1,200 = 120000 p, cost 1 h at ₹500 = 50000 p.
    expect(await storedAmounts(database, admin.workspace.id)).toEqual({
      L1: [3600, 100000, 33333],
      L2: [5400, 135000, 60000],
      L3: [3600, 120000, 50000],
    });
    const report = async (invoiced: string) =>
      (
        (await (
          await handleReport(
            get(
              `/sync/report?workspace=${admin.workspace.id}&from=2026-11-16&to=2026-11-22&invoiced=${invoiced}`,
              admin.cookie,
            ),
            context(database, clock),
          )
        ).json()) as { totals: Record<string, number> }
      ).totals;
    // Before: 90000 + 150000 = 240000 p billable and 41667 + 75000 = 116667 p cost.
    expect(await report('yes')).toMatchObject({
      logs: 2,
      billableSeconds: 9000,
      billableMinor: 235000,
      costMinor: 93333,
    });
    // The invoice says the same 235000 p before tax.
    const read = await handleInvoice(
      get(`/sync/invoice?workspace=${admin.workspace.id}&id=${issued.id}`, admin.cookie),
      context(database, clock),
    );
    const { invoice } = (await read.json()) as {
      invoice: { document: { subtotalMinor: number; totalMinor: number } };
    };
    expect([invoice.document.subtotalMinor, invoice.document.totalMinor]).toEqual([235000, 277300]);

    // Voided, the logs are free again and billed at today's rates: L1 3000 s rounded down to
    // 2700 s at ₹1,200 = 90000 p, cost 3000 s at ₹500 = 41667 p; L2 1.5 h at ₹1,000 = 150000 p,
    // cost 75000 p.
    expect(await voidInvoice(database.db, membership, issued.id, clock.now())).toEqual({
      ok: true,
      status: 'void',
    });
    expect(await storedAmounts(database, admin.workspace.id)).toEqual({
      L1: [2700, 90000, 41667],
      L2: [5400, 150000, 75000],
      L3: [3600, 120000, 50000],
    });
    expect(await report('no')).toMatchObject({ logs: 2, billableMinor: 240000, costMinor: 116667 });
  });
});

describe.each(drivers)('restoring repriced invoiced logs on $name (migration)', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-12-08T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.restore@example.com' }, clock);
  });
  afterAll(async () => drop());

  // An invoice for Bolt, 1–7 Dec, one line per project, issued before this release:
  // | line | logs (member, tracked)                 | rate          | on the invoice          |
  // | App  | A1 (Asha, 3600 s), A2 (Asha, 1800 s)   | project ₹1000 | 1.50 h 150000 p         |
  // | Docs | D1 (Asha, 3600 s)                      | project ₹500  | edited to 2 × ₹500 = 100000 p |
  // | Ops  | O1 (Asha, 3600 s), O2 (Ravi, 3600 s)   | members ₹900, ₹600 | 2.00 h 150000 p    |
  // | UX   | U1 (Asha, 2700 s)                      | project ₹800  | 0.75 h 60000 p          |
  // The earlier release then repriced them on rate changes (written here as it left them):
  // A1 120000, A2 60000, D1 70000, O1 100000, U1 67500 (O2 kept 60000).
  it('puts back the amounts the invoice billed where its lines tell them apart', async () => {
    const membership = await membershipByEmail(
      database,
      'ada.restore@example.com',
      admin.workspace.id,
    );
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: { ...teamMember('Asha', 'Normal'), BillableRate: 900, LoborRate: 400 },
    });
    await ok(admin, 'createMember', {
      id: 'm2',
      fields: { ...teamMember('Ravi', 'Normal'), BillableRate: 600, LoborRate: 300 },
    });
    await ok(admin, 'createClient', { id: 'bolt', fields: clientFields('Bolt') });
    const project = (id: string, name: string, billable: string, billamount: number) =>
      ok(admin, 'createProject', {
        id,
        fields: {
          ...projectFields(name, 'bolt'),
          billable,
          billamount,
          rounding: 'false',
          memberIds: ['m1', 'm2'],
        },
      });
    await project('app', 'App', 'project', 1000);
    await project('doc', 'Docs', 'project', 500);
    await project('ops', 'Ops', 'member', 0);
    await project('ux', 'UX', 'project', 800);
    const log = (id: string, projectId: string, memberId: string, date: string, dur: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, projectId, dur), memberId, exp: 0 },
      });
    await log('A1', 'app', 'm1', '2026-12-01', 3600);
    await log('A2', 'app', 'm1', '2026-12-02', 1800);
    await log('D1', 'doc', 'm1', '2026-12-04', 3600);
    await log('O1', 'ops', 'm1', '2026-12-01', 3600);
    await log('O2', 'ops', 'm2', '2026-12-02', 3600);
    await log('U1', 'ux', 'm1', '2026-12-03', 2700);
    const draft = await createDraft(
      database.db,
      membership,
      { clientId: 'bolt', from: '2026-12-01', to: '2026-12-07', projectIds: [] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    const edited = await updateDraft(
      database.db,
      membership,
      draft.invoice.id,
      { ...draft.invoice.document.layout, edits: { 'time:doc': { quantity: 2 } } },
      clock.now(),
    );
    if (!edited.ok) throw new Error(edited.message);
    const issued = await issueInvoice(
      database.db,
      membership,
      draft.invoice.id,
      '2026-12-08',
      clock.now(),
    );
    if (!issued.ok) throw new Error(issued.message);
    expect(issued.invoice.document.lines.map((l) => [l.description, l.amountMinor])).toEqual([
      ['App', 150000],
      ['Docs', 100000],
      // Two members' rates make two lines, each at the rate that applied (issue 27).
      ['Ops', 60000],
      ['Ops', 90000],
      ['UX', 60000],
    ]);
    const reprice = (id: string, minor: number) =>
      database.db.execute(
        sql`UPDATE time_logs SET billable_minor = ${minor} WHERE workspace_id = ${admin.workspace.id} AND id = ${id}`,
      );
    await reprice('A1', 120000);
    await reprice('A2', 60000);
    await reprice('D1', 70000);
    await reprice('O1', 100000);
    await reprice('U1', 67500);

    await database.db.execute(
      sql`DELETE FROM schema_migrations WHERE id = '0019_invoiced_amounts'`,
    );
    expect(await migrate(database.transaction)).toEqual(['0019_invoiced_amounts']);
    // App: one rate (₹1,000/h) gives 150000 p from 5400 s, so 100000 p and 50000 p. UX: its one
    // log gets the line's 60000 p. Docs (a line edited by hand) and Ops (two members' rates in
    // one line) cannot be told apart: they stay as they are, for the release note's check.
    const after = await storedAmounts(database, admin.workspace.id);
    expect(Object.fromEntries(Object.entries(after).map(([id, [, minor]]) => [id, minor]))).toEqual(
      { A1: 100000, A2: 50000, D1: 70000, O1: 100000, O2: 60000, U1: 60000 },
    );
  });
});
