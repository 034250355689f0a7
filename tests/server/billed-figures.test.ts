import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleLogs } from '../../src/server/api/read-handlers';
import { handlePull } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { voidInvoice } from './invoice-commands';
import type { Membership } from '../../src/server/sync/permissions';
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
import { issueFor, membershipByEmail } from './invoice-support';

// Devices get an invoiced log with the figures its invoice froze (`billed`, issue 25, point 2),
// so the screens that price cached logs show what was billed, not today's rates; only those
// who see amounts get them.

type Log = { kind: string; id: string; data: Record<string, unknown> | null };

describe.each(drivers)('billed figures of invoiced logs on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: { cookie: string };
  let membership: Membership;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );

  async function pull(who: { cookie: string }, cookie = '') {
    const res = await handlePull(
      get(
        `/sync/pull?workspace=${admin.workspace.id}${cookie ? `&cookie=${cookie}` : ''}`,
        who.cookie,
      ),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { cookie: string; changes: Log[] };
    const logs = Object.fromEntries(
      body.changes.filter((c) => c.kind === 'timeLog').map((c) => [c.id, c.data]),
    );
    return { cookie: body.cookie, logs };
  }

  async function olderLogs(who: { cookie: string }) {
    const res = await handleLogs(
      get(`/sync/logs?workspace=${admin.workspace.id}&to=2026-11-30`, who.cookie),
      context(database, clock),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { logs: { id: string; billed?: unknown }[] };
    return Object.fromEntries(body.logs.map((l) => [l.id, l.billed]));
  }

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.billed@example.com' }, clock);
    membership = await membershipByEmail(database, 'ada.billed@example.com', admin.workspace.id);
    asha = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Asha', email: 'asha.billed@example.com' },
      'Normal',
      'm1',
      clock,
    );
  });
  afterAll(async () => drop());

  // | log | project                          | day    | tracked | billed | amount   | cost (₹400/h) |
  // | L1  | Website (₹1,000/h, up to 15 min) | 17 Nov | 3000 s  | 3600 s | 100000 p | 33333 p       |
  // | L3  | Website                          | 30 Nov | 3600 s  | 3600 s | 100000 p | 40000 p       |
  // Invoiced for Acme 16–22 Nov: L1 only. Then Website goes to ₹1,200/h rounded down and Asha's
  // labour to ₹500/h: L3 follows (120000 p, 50000 p); L1 keeps 3600 s, 100000 p and 33333 p,
  // where today's rates would make 2700 s, 90000 p and 41667 p.
  it('sends the frozen figures to an Admin, not to a Normal member, until the invoice is voided', async () => {
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
    const log = (id: string, date: string, dur: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, 'web', dur), memberId: 'm1', exp: 0 },
      });
    await log('L1', '2026-11-17', 3000);
    await log('L3', '2026-11-30', 3600);
    const beforeIssue = await pull(admin);
    expect(beforeIssue.logs['L1']).not.toHaveProperty('billed');

    const invoice = await issueFor(
      database,
      membership,
      { clientId: 'acme', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-24',
      clock.now(),
    );
    expect(invoice.document.subtotalMinor).toBe(100000);
    await ok(admin, 'updateProject', {
      id: 'web',
      changes: { billamount: 1200, rounding: 'down' },
    });
    await ok(admin, 'updateMember', { id: 'm1', changes: { LoborRate: 500 } });

    const frozen = { billableSeconds: 3600, billableMinor: 100000, costMinor: 33333 };
    // A device that pulled before issuing hears of it, with the figures.
    const later = await pull(admin, beforeIssue.cookie);
    expect(later.logs['L1']).toMatchObject({ invoice: invoice.number, billed: frozen });
    // A first pull, and the older logs /allHours fetches, carry them too; L3 is on no invoice.
    const first = await pull(admin);
    expect(first.logs['L1']).toMatchObject({ invoice: invoice.number, billed: frozen });
    expect(first.logs['L3']).not.toHaveProperty('billed');
    expect(await olderLogs(admin)).toEqual({ L1: frozen, L3: undefined });

    // Asha (Normal) sees her log invoiced, and no money.
    const hers = await pull(asha);
    expect(hers.logs['L1']).toMatchObject({ invoice: invoice.number });
    expect(hers.logs['L1']).not.toHaveProperty('billed');
    expect(await olderLogs(asha)).toEqual({ L1: undefined, L3: undefined });

    // Voided, the log follows today's rates again, and devices hear that it has no figures.
    await voidInvoice(database.db, membership, invoice.id, clock.now());
    const afterVoid = await pull(admin, first.cookie);
    expect(afterVoid.logs['L1']).not.toHaveProperty('invoice');
    expect(afterVoid.logs['L1']).not.toHaveProperty('billed');
  });

  // Devices that pulled invoiced logs before this release hold them without figures: the
  // migration marks them changed once, so the next pull sends them again.
  it('sends logs invoiced before the release again once (0021)', async () => {
    await issueFor(
      database,
      membership,
      { clientId: 'acme', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-24',
      clock.now(),
    );
    const device = await pull(admin);
    expect(Object.keys((await pull(admin, device.cookie)).logs)).toEqual([]);

    await database.db.execute(
      sql`DELETE FROM schema_migrations WHERE id = '0021_billed_figures_to_devices'`,
    );
    expect(await migrate(database.transaction)).toEqual(['0021_billed_figures_to_devices']);
    // L1 at today's rates since the void (2700 s at ₹1,200 = 90000 p, 3000 s at ₹500 = 41667 p),
    // frozen again by the second invoice; L3 is on none, so it is not sent.
    expect((await pull(admin, device.cookie)).logs).toEqual({
      L1: expect.objectContaining({
        billed: { billableSeconds: 2700, billableMinor: 90000, costMinor: 41667 },
      }) as unknown,
    });
  });
});
