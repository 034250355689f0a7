import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleInvoice,
  handleInvoicePayment,
  handleInvoicePdf,
  handleClientCredits,
  handleVoidInvoice,
} from '../../src/server/api/invoice-handlers';
import {
  handleApplyCredit,
  handleCorrectPayment,
  handleDeletePayment,
} from '../../src/server/api/payment-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { issueFor, membershipByEmail } from './invoice-support';
import { context, drivers, fakeClock, get, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  timeLogFields,
} from './workspace-support';

// Issue 27, point 7: a payment entered by mistake is corrected or deleted with a reason, in the
// audit log; voiding an invoice with payments says what becomes of the money. By hand:
// Acme (GST 18 %), Website ₹1,000/h. Invoice 1: 10 h = ₹10,000.00 + GST ₹1,800.00 = ₹11,800.00.
// ₹1,000.00 typed instead of ₹10,000.00, corrected; ₹500.00 entered twice, deleted: ₹10,000.00
// paid. Voided, kept as Acme's credit of ₹10,000.00. Invoice 2: 2 h = ₹2,000.00 + ₹360.00 =
// ₹2,360.00, paid from the credit; ₹7,640.00 of credit left. Bolt (GST 18 %), Other ₹500/h:
// 1 h = ₹590.00, ₹590.00 paid, voided and refunded.

interface Read {
  invoice: {
    status: string;
    standing: string;
    paidMinor: number;
    payments: { id: string; amountMinor: number; note: string }[];
    settlement: { kind: string; amountMinor: number } | null;
    clientCreditMinor: number;
  };
}

describe.each(drivers)('payment corrections and voided payments on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof joinWorkspace>>;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const ctx = () => context(database, clock);
  const ws = () => admin.workspace.id;
  const read = async (id: string) =>
    (await (
      await handleInvoice(get(`/sync/invoice?workspace=${ws()}&id=${id}`, admin.cookie), ctx())
    ).json()) as Read;
  const pay = (id: string, amountMinor: number, note = '') =>
    handleInvoicePayment(
      post(
        '/sync/invoices/payment',
        { workspaceId: ws(), id, paidOn: '2026-11-24', amountMinor, note },
        admin.cookie,
      ),
      ctx(),
    );
  let first = '';

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.payments@example.com' }, clock);
    await ok(admin, 'createMember', {
      id: 'm1',
      fields: {
        name: 'Asha',
        email: 'asha@agency.test',
        LoborRate: 0,
        BillableRate: 0,
        Role: 'Normal',
        notes: '',
        status: 'Active',
        autoAddToProjects: false,
      },
    });
    asha = await joinWorkspace(
      database,
      ws(),
      { name: 'Asha', email: 'asha.payments@example.com' },
      'Normal',
      'm1',
      clock,
    );
    await ok(admin, 'createClient', { id: 'acme', fields: clientFields('Acme') });
    await ok(admin, 'createClient', { id: 'bolt', fields: clientFields('Bolt') });
    for (const [id, name, client, rate] of [
      ['web', 'Website', 'acme', 1000],
      ['oth', 'Other', 'bolt', 500],
    ] as const)
      await ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(name, client), billamount: rate, rounding: 'false' },
      });
    const log = (id: string, project: string, date: string, seconds: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, project, seconds), exp: 0 },
      });
    await log('L1', 'web', '2026-11-17', 36000);
    await log('L2', 'oth', '2026-11-17', 3600);
    const membership = await membershipByEmail(database, 'ada.payments@example.com', ws());
    const range = { from: '2026-11-16', to: '2026-11-22' };
    first = (
      await issueFor(
        database,
        membership,
        { clientId: 'acme', ...range },
        '2026-11-24',
        clock.now(),
      )
    ).id;
  });
  afterAll(async () => drop());

  it('corrects and deletes payments with a reason, kept in the audit log, Admins only', async () => {
    expect((await pay(first, 100000)).status).toBe(201);
    const [typed] = (await read(first)).invoice.payments;
    const correct = (body: object, cookie = admin.cookie) =>
      handleCorrectPayment(
        post(
          '/sync/invoices/payment/correct',
          {
            workspaceId: ws(),
            id: first,
            paymentId: typed?.id,
            paidOn: '2026-11-24',
            amountMinor: 1000000,
            note: 'NEFT',
            ...body,
          },
          cookie,
        ),
        ctx(),
      );
    expect((await correct({ reason: '' })).status).toBe(400);
    expect((await correct({ reason: 'Typed one zero too few' }, asha.cookie)).status).toBe(403);
    // ₹12,000.00 is more than the ₹11,800.00 total.
    const tooMuch = await correct({ amountMinor: 1200000, reason: 'x' });
    expect(((await tooMuch.json()) as { message: string }).message).toBe(
      'That is more than is left to pay (11800.00).',
    );
    const corrected = await correct({ reason: 'Typed one zero too few' });
    expect(await corrected.json()).toEqual({ paidMinor: 1000000, totalMinor: 1180000 });

    expect((await pay(first, 50000)).status).toBe(201);
    const twice = (await read(first)).invoice.payments.find((p) => p.amountMinor === 50000);
    const deleted = await handleDeletePayment(
      post(
        '/sync/invoices/payment/delete',
        { workspaceId: ws(), id: first, paymentId: twice?.id, reason: 'Entered twice' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(await deleted.json()).toEqual({ paidMinor: 1000000, totalMinor: 1180000 });
    expect((await read(first)).invoice.payments.map((p) => [p.amountMinor, p.note])).toEqual([
      [1000000, 'NEFT'],
    ]);
    const audit = await rows<{
      action: string;
      reason: string | null;
      before: { amountMinor: number } | null;
      after: { amountMinor: number } | null;
    }>(
      database.db,
      sql`SELECT action, reason, before, after FROM audit_log
        WHERE workspace_id = ${ws()} AND kind = 'payment' ORDER BY at, action DESC`,
    );
    expect(
      audit.map((a) => [a.action, a.reason, a.before?.amountMinor, a.after?.amountMinor ?? null]),
    ).toEqual([
      ['update', 'Typed one zero too few', 100000, 1000000],
      ['delete', 'Entered twice', 50000, null],
    ]);
  });

  it('asks what becomes of the money before voiding, keeps the payments, and offers the credit', async () => {
    const voidIt = (id: string, settlement?: string) =>
      handleVoidInvoice(
        post(
          '/sync/invoices/void',
          { workspaceId: ws(), id, ...(settlement ? { settlement } : {}) },
          admin.cookie,
        ),
        ctx(),
      );
    const unasked = await voidIt(first);
    expect([unasked.status, ((await unasked.json()) as { message: string }).message]).toEqual([
      409,
      '10000.00 has been paid on this invoice: say whether it is refunded to the client or kept as a credit for its next invoice.',
    ]);
    expect((await voidIt(first, 'credit')).status).toBe(200);
    const voided = (await read(first)).invoice;
    expect([voided.status, voided.paidMinor, voided.settlement]).toEqual([
      'void',
      1000000,
      { kind: 'credit', amountMinor: 1000000 },
    ]);
    // Both the credit note and the void invoice say it.
    for (const credit of ['&credit=1', '']) {
      const pdf = await handleInvoicePdf(
        get(`/sync/invoice-pdf?workspace=${ws()}&id=${first}${credit}`, admin.cookie),
        ctx(),
      );
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: Buffer.from(await pdf.arrayBuffer()),
        encoding: 'utf8',
      }).replace(/\s+/g, ' ');
      expect(text).toContain(
        '₹10,000.00 paid on invoice 2026-0001 is kept as a credit for Acme, offered as a payment on its next invoice.',
      );
      // The payments it had, listed where the money's fate is said.
      expect(text).toContain('Paid before it was voided 24 Nov 2026: ₹10,000.00 (NEFT)');
    }
    // The void invoice's own read keeps its payment beside the settlement.
    expect(voided.payments.map((p) => [p.amountMinor, p.note])).toEqual([[1000000, 'NEFT']]);
    // Acme's credit, as its client screen reads it (Admins only).
    const credits = async (query = '', cookie = admin.cookie) => {
      const res = await handleClientCredits(
        get(`/sync/client-credits?workspace=${ws()}${query}`, cookie),
        ctx(),
      );
      return [res.status, await res.json()] as const;
    };
    const acmeCredit = {
      clientId: 'acme',
      invoiceId: first,
      invoiceNumber: '2026-0001',
      creditNote: 'CN-2026-0001',
      amountMinor: 1000000,
      leftMinor: 1000000,
      currency: 'INR',
      createdAt: '2026-11-24T09:00:00.000Z',
    };
    expect(await credits('&client=acme')).toEqual([200, { credits: [acmeCredit] }]);
    expect(await credits('&client=bolt')).toEqual([200, { credits: [] }]);
    expect((await credits('', asha.cookie))[0]).toBe(403);
    expect((await credits('&client='))[0]).toBe(400);

    // Acme's next invoice (23 Nov only; the voided 10 h are billed later): 2 h = ₹2,360.00 with
    // tax, offered and paid from the credit.
    await ok(admin, 'addTimeLog', {
      id: 'L3',
      fields: { ...timeLogFields('2026-11-23', 'web', 7200), exp: 0 },
    });
    const membership = await membershipByEmail(database, 'ada.payments@example.com', ws());
    const next = await issueFor(
      database,
      membership,
      { clientId: 'acme', from: '2026-11-23', to: '2026-11-23' },
      '2026-11-24',
      clock.now(),
    );
    expect(next.document.totalMinor).toBe(236000);
    expect((await read(next.id)).invoice.clientCreditMinor).toBe(1000000);
    const applied = await handleApplyCredit(
      post(
        '/sync/invoices/apply-credit',
        { workspaceId: ws(), id: next.id, paidOn: '2026-11-24' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(await applied.json()).toEqual({ paidMinor: 236000, totalMinor: 236000 });
    const paidBy = (await read(next.id)).invoice;
    expect([paidBy.standing, paidBy.payments.map((p) => p.note), paidBy.clientCreditMinor]).toEqual(
      ['paid', ['Credit from CN-2026-0001'], 764000],
    );
    // ₹10,000.00 − ₹2,360.00 = ₹7,640.00 left, on Acme's screen too.
    expect(await credits()).toEqual([200, { credits: [{ ...acmeCredit, leftMinor: 764000 }] }]);

    // Bolt: ₹590.00 paid, voided as a refund: no credit for Bolt.
    const bolt = await issueFor(
      database,
      membership,
      { clientId: 'bolt', from: '2026-11-16', to: '2026-11-22' },
      '2026-11-24',
      clock.now(),
    );
    expect(bolt.document.totalMinor).toBe(59000);
    expect((await pay(bolt.id, 59000)).status).toBe(201);
    expect((await voidIt(bolt.id, 'refund')).status).toBe(200);
    expect((await read(bolt.id)).invoice.settlement).toEqual({
      kind: 'refund',
      amountMinor: 59000,
    });
    const [boltCredit] = await rows<{ n: number | string }>(
      database.db,
      sql`SELECT count(*) AS n FROM client_credits WHERE client_id = 'bolt'`,
    );
    expect(Number(boltCredit?.n)).toBe(0);
  });
});
