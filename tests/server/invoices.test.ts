import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xpath from 'xpath';
import {
  handleDraftInvoice,
  handleClientCredits,
  handleInvoice,
  handleInvoicePayment,
  handleInvoicePdf,
  handleInvoices,
  handleInvoiceSettings,
  handleInvoiceUbl,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUpdateDraft,
  handleUninvoiced,
  handleVoidInvoice,
} from '../../src/server/api/invoice-handlers';
import {
  handleApplyCredit,
  handleCorrectPayment,
  handleDeletePayment,
} from '../../src/server/api/payment-handlers';
import {
  handleLogo,
  handleRemoveLogo,
  handleUploadLogo,
} from '../../src/server/api/invoice-logo-handlers';
import { handleReport } from '../../src/server/api/report-handlers';
import { handlePull } from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import { createDraft, issueInvoice, voidInvoice } from './invoice-commands';
import type { Membership } from '../../src/server/sync/permissions';
import { rows } from '../../src/server/sync/records';
import { membershipOf } from '../../src/server/sync/workspaces';
import { context, drivers, fakeClock, get, post } from './support';
import {
  clientFields,
  joinWorkspace,
  projectFields,
  pusher,
  signUp,
  teamMember,
  timeLogFields,
} from './workspace-support';
import { seededPicker } from './seeded';

// Invoices from tracked hours (issue 14), worked out by hand. Acme's GST is 18 %.
// | log | project (client)                 | day    | tracked | billed         | amount    | expenses |
// | L1  | Website (Acme, ₹1,000/h, up 15)  | 17 Nov | 3000 s  | 3600 s         | 100000 p  | 0        |
// | L2  | Website                          | 18 Nov | 5400 s  | 5400 s         | 150000 p  | 25050 p  |
// | L3  | Support (Acme, ₹800/h, none)     | 19 Nov | 4500 s  | 4500 s         | 100000 p  | 0        |
// | L4  | Other (Bolt, ₹500/h)             | 19 Nov | 3600 s  | 3600 s         | 50000 p   | 0        |
// | L5  | Website                          | 30 Nov | outside the dates                          |
// Acme, 16–22 Nov: Support 1.25 h ₹1,000.00; Website 2.5 h ₹2,500.00; expenses ₹250.50.
// Subtotal 375050 p; GST 18 % = 67509 p; total 442559 p.

describe.each(drivers)('invoices on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  let asha: Awaited<ReturnType<typeof joinWorkspace>>;
  let adminMembership: Membership;
  let ashaMembership: Membership;
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const range = { from: '2026-11-16', to: '2026-11-22' };
  const userIdOf = async (email: string) => {
    const [found] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = ${email}`,
    );
    return found?.id ?? '';
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.invoices@example.com' }, clock);
    await ok(admin, 'createMember', { id: 'm1', fields: teamMember('Asha', 'Normal') });
    await ok(admin, 'createClient', { id: 'acme', fields: clientFields('Acme') });
    await ok(admin, 'createClient', { id: 'bolt', fields: clientFields('Bolt') });
    const project = (id: string, name: string, client: string, rate: number, rounding: string) =>
      ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(name, client), billamount: rate, rounding, memberIds: ['m1'] },
      });
    await project('web', 'Website', 'acme', 1000, 'up');
    await project('sup', 'Support', 'acme', 800, 'false');
    await project('oth', 'Other', 'bolt', 500, 'false');
    const log = (id: string, projectId: string, date: string, dur: number, exp: number) =>
      ok(admin, 'addTimeLog', {
        id,
        fields: { ...timeLogFields(date, projectId, dur), memberId: 'm1', exp },
      });
    await log('L1', 'web', '2026-11-17', 3000, 0);
    await log('L2', 'web', '2026-11-18', 5400, 250.5);
    await log('L3', 'sup', '2026-11-19', 4500, 0);
    await log('L4', 'oth', '2026-11-19', 3600, 0);
    await log('L5', 'web', '2026-11-30', 3600, 0);
    asha = await joinWorkspace(
      database,
      admin.workspace.id,
      { name: 'Asha', email: 'asha.invoices@example.com' },
      'Normal',
      'm1',
      clock,
    );
    adminMembership = (await membershipOf(
      database.db,
      await userIdOf('ada.invoices@example.com'),
      admin.workspace.id,
    ))!;
    ashaMembership = (await membershipOf(
      database.db,
      await userIdOf('asha.invoices@example.com'),
      admin.workspace.id,
    ))!;
  });
  afterAll(async () => drop());

  let first = '';
  it('drafts an invoice from the client’s approved, uninvoiced logs, with tax', async () => {
    const draft = await createDraft(
      database.db,
      adminMembership,
      { clientId: 'acme', ...range, projectIds: [] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    first = draft.invoice.id;
    const doc = draft.invoice.document;
    expect(doc.lines.map((l) => [l.description, l.quantity, l.amountMinor])).toEqual([
      ['Support', 1.25, 100000],
      ['Website', 2.5, 250000],
      ['Expenses: Website', 1, 25050],
    ]);
    expect(doc.taxes).toEqual([{ name: 'GST', percent: 18, amountMinor: 67509 }]);
    expect([doc.subtotalMinor, doc.taxMinor, doc.totalMinor]).toEqual([375050, 67509, 442559]);
    expect(doc.logIds).toEqual(['L1', 'L2', 'L3']);
    // The logs are reserved: a second draft finds nothing to bill.
    const again = await createDraft(
      database.db,
      adminMembership,
      { clientId: 'acme', ...range, projectIds: [] },
      clock.now(),
    );
    expect(again).toMatchObject({ ok: false, status: 400 });
    // Only Admins make invoices.
    expect(
      await createDraft(
        database.db,
        ashaMembership,
        { clientId: 'bolt', ...range, projectIds: [] },
        clock.now(),
      ),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it('a draft’s logs stay editable and the draft follows them; issuing numbers and freezes it', async () => {
    // L3 grows from 4500 s to 5400 s: ₹1,200.00 on Support before issuing.
    await ok(admin, 'updateTimeLog', { id: 'L3', changes: { dur: 5400 } });
    const issued = await issueInvoice(
      database.db,
      adminMembership,
      first,
      '2026-11-24',
      clock.now(),
    );
    if (!issued.ok) throw new Error(issued.message);
    expect(issued.invoice.number).toBe('2026-0001');
    expect(issued.invoice.dueDate).toBe('2026-12-02');
    // Subtotal 120000 + 250000 + 25050 = 395050 p; GST 71109 p; total 466159 p.
    const doc = issued.invoice.document;
    expect([doc.subtotalMinor, doc.taxMinor, doc.totalMinor]).toEqual([395050, 71109, 466159]);
    expect(doc.buyer?.name).toBe('Acme');
    // Renaming the client later leaves the issued invoice as it was.
    await ok(admin, 'updateClient', { id: 'acme', changes: { name: 'Acme Renamed' } });
    const [stored] = await rows<{ buyer: string }>(
      database.db,
      sql`SELECT document->'buyer'->>'name' AS buyer FROM invoices WHERE id = ${first}`,
    );
    expect(stored?.buyer).toBe('Acme');
    expect(
      await issueInvoice(database.db, adminMembership, first, '2026-11-24', clock.now()),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it('refuses changes to invoiced logs, even an Admin’s, until the invoice is voided', async () => {
    // Reports tell invoiced time from the rest: the invoice's three logs, and Bolt's L4.
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
    // On the invoice: Support 120000 p + Website 250000 p billed, 25050 p of expenses.
    expect(await report('yes')).toMatchObject({
      logs: 3,
      billableMinor: 370000,
      expensesMinor: 25050,
    });
    expect(await report('no')).toMatchObject({ logs: 1, seconds: 3600, billableMinor: 50000 });
    const refused = await pushAs(admin, 'updateTimeLog', { id: 'L1', changes: { dur: 1200 } });
    expect(refused).toMatchObject({
      outcome: 'refused',
      message:
        'This log is on invoice 2026-0001: it cannot be changed or removed unless the invoice is voided.',
    });
    expect(await pushAs(admin, 'deleteTimeLog', { id: 'L2' })).toMatchObject({
      outcome: 'refused',
      message: expect.stringContaining('invoice 2026-0001') as unknown,
    });
    // Devices learn it from their next pull: the log carries the number, at a new version.
    const marked = async () =>
      (
        await rows<{ id: string; invoice: string | null }>(
          database.db,
          sql`SELECT id, data->>'invoice' AS invoice FROM time_logs WHERE workspace_id = ${admin.workspace.id} AND id IN ('L1', 'L2', 'L3', 'L4') ORDER BY id`,
        )
      ).map((r) => [r.id, r.invoice]);
    expect(await marked()).toEqual([
      ['L1', '2026-0001'],
      ['L2', '2026-0001'],
      ['L3', '2026-0001'],
      ['L4', null],
    ]);
    // A log on no invoice is not held.
    await ok(admin, 'updateTimeLog', { id: 'L4', changes: { dur: 3000 } });
    expect(await voidInvoice(database.db, adminMembership, first, clock.now())).toEqual({
      ok: true,
      status: 'void',
    });
    expect((await marked()).filter(([, invoice]) => invoice !== null)).toEqual([]);
    await ok(admin, 'updateTimeLog', { id: 'L1', changes: { dur: 1200 } });
    // The void issued a credit note for the whole 466159 p, named after the invoice.
    const ws = admin.workspace.id;
    const read = await handleInvoice(
      get(`/sync/invoice?workspace=${ws}&id=${first}`, admin.cookie),
      context(database, clock),
    );
    expect(
      ((await read.json()) as { invoice: { creditNote: unknown } }).invoice.creditNote,
    ).toEqual({ number: 'CN-2026-0001', issuedAt: '2026-11-24T09:00:00.000Z' });
    const pdf = await handleInvoicePdf(
      get(`/sync/invoice-pdf?workspace=${ws}&id=${first}&credit=1`, admin.cookie),
      context(database, clock),
    );
    expect(pdf.headers.get('content-disposition')).toBe(
      'attachment; filename="credit-note-CN-2026-0001.pdf"',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'hm-credit-')), 'credit.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Credit note CN-2026-0001');
    expect(text).toContain('Cancels invoice 2026-0001 of 24 Nov 2026 in full.');
    expect(text).toMatch(/Total\s+-₹4,661\.59/);
  });

  it('numbers on without gaps after a void, and two issues at once get consecutive numbers', async () => {
    const draft = (clientId: string) =>
      createDraft(
        database.db,
        adminMembership,
        { clientId, ...range, projectIds: [] },
        clock.now(),
      );
    const acme = await draft('acme');
    const bolt = await draft('bolt');
    if (!acme.ok || !bolt.ok) throw new Error('no drafts');
    const [a, b] = await Promise.all([
      issueInvoice(database.db, adminMembership, acme.invoice.id, '2026-11-25', clock.now()),
      issueInvoice(database.db, adminMembership, bolt.invoice.id, '2026-11-25', clock.now()),
    ]);
    const numbers = [a, b].map((r) => (r.ok ? r.invoice.number : r.message)).sort();
    expect(numbers).toEqual(['2026-0002', '2026-0003']);
  });

  it('answers the screens through the API: uninvoiced, the list with overdue, one invoice; Admins only', async () => {
    const ctx = () => context(database, clock);
    const ws = admin.workspace.id;
    // All of 16–22 Nov is on invoices now; L5 (30 Nov, Website, 1 h, ₹1,000.00) is not.
    const left = await handleUninvoiced(
      get(`/sync/uninvoiced?workspace=${ws}&from=2026-11-16&to=2026-11-30`, admin.cookie),
      ctx(),
    );
    expect(((await left.json()) as { clients: unknown }).clients).toEqual([
      {
        clientId: 'acme',
        clientName: 'Acme Renamed',
        projects: [
          {
            projectId: 'web',
            projectName: 'Website',
            logs: 1,
            billableSeconds: 3600,
            billableMinor: 100000,
            expensesMinor: 0,
          },
        ],
      },
    ]);
    const made = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId: ws, clientId: 'acme', from: '2026-11-30', to: '2026-11-30' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(made.status).toBe(201);
    const { invoice } = (await made.json()) as { invoice: { id: string } };
    const issued = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId: ws, id: invoice.id, issueDate: '2026-11-01' },
        admin.cookie,
      ),
      ctx(),
    );
    // Issued on 1 Nov with 8 days to pay: due 9 Nov, so overdue on 24 Nov.
    expect(((await issued.json()) as { invoice: { number: string } }).invoice.number).toBe(
      '2026-0004',
    );
    const listed = await handleInvoices(get(`/sync/invoices?workspace=${ws}`, admin.cookie), ctx());
    const { invoices } = (await listed.json()) as {
      invoices: {
        id: string;
        number: string | null;
        status: string;
        totalMinor: number;
        currency: string;
      }[];
    };
    const rowsOf = invoices.map((i) => [i.number, i.status, i.totalMinor]);
    // Each keeps the currency it was made out in, for the list to write its amounts in.
    expect(new Set(invoices.map((i) => i.currency))).toEqual(new Set(['INR']));
    // 100000 p + 18 % GST (18000 p).
    expect(rowsOf[0]).toEqual(['2026-0004', 'overdue', 118000]);
    expect(rowsOf[3]).toEqual(['2026-0001', 'void', 466159]);
    // Issued together, in either order: Bolt's L4, now 3000 s at ₹500/h = 41667 p + 7500 p GST;
    // Acme's again after the void: L1 now 1200 s billed as 1800 s (₹500.00), L2 ₹1,500.00,
    // L3 ₹1,200.00 and ₹250.50 of expenses = 345050 p + 62109 p GST.
    expect(
      rowsOf
        .slice(1, 3)
        .map((r) => [r[1], r[2]])
        .sort(),
    ).toEqual([
      ['issued', 407159],
      ['issued', 49167],
    ]);
    const one = await handleInvoice(
      get(`/sync/invoice?workspace=${ws}&id=${invoice.id}`, admin.cookie),
      ctx(),
    );
    expect(((await one.json()) as { invoice: { clientName: string } }).invoice.clientName).toBe(
      'Acme Renamed',
    );
    // The PDF: selectable text with the number, the client, the line and the ₹ total, font embedded.
    const pdf = await handleInvoicePdf(
      get(`/sync/invoice-pdf?workspace=${ws}&id=${invoice.id}&paper=letter`, admin.cookie),
      ctx(),
    );
    expect(pdf.headers.get('content-disposition')).toBe(
      'attachment; filename="invoice-2026-0004.pdf"',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'hm-invoice-')), 'invoice.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Invoice 2026-0004');
    expect(text).toContain('Acme');
    expect(text).toMatch(/Website\s+1\.00 h\s+₹1,000\.00/);
    expect(text).toMatch(/GST 18 %\s+₹180\.00/);
    expect(text).toMatch(/Total\s+₹1,180\.00/);
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/DejaVuSans\s.*yes/);
    // Payments: Bolt's 49167 p invoice (due 3 Dec) is partly paid, then paid; more is refused.
    const bolt = invoices.find((i) => i.totalMinor === 49167) as unknown as { id: string };
    const listedAgain = async () =>
      (
        (await (
          await handleInvoices(get(`/sync/invoices?workspace=${ws}`, admin.cookie), ctx())
        ).json()) as {
          invoices: { id: string; status: string; paidMinor: number }[];
        }
      ).invoices.find((i) => i.id === bolt.id);
    const pay = (id: string, amountMinor: number) =>
      handleInvoicePayment(
        post(
          '/sync/invoices/payment',
          { workspaceId: ws, id, paidOn: '2026-11-24', amountMinor },
          admin.cookie,
        ),
        ctx(),
      );
    expect((await pay(bolt.id, 20000)).status).toBe(201);
    expect(await listedAgain()).toMatchObject({ status: 'partly paid', paidMinor: 20000 });
    const over = await pay(bolt.id, 30000);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toBe(
      'That is more than is left to pay (291.67).',
    );
    expect((await pay(bolt.id, 29167)).status).toBe(201);
    expect(await listedAgain()).toMatchObject({ status: 'paid', paidMinor: 49167 });
    // The overdue one stays overdue while only partly paid; a void one takes no payment.
    expect((await pay(invoice.id, 18000)).status).toBe(201);
    const voided = invoices.find((i) => i.status === 'void') as unknown as { id: string };
    expect((await pay(voided.id, 100)).status).toBe(409);
    // Normal members get no invoices at all.
    expect(
      (await handleInvoices(get(`/sync/invoices?workspace=${ws}`, asha.cookie), ctx())).status,
    ).toBe(403);
    expect(
      (
        await handleUninvoiced(
          get(`/sync/uninvoiced?workspace=${ws}&from=2026-11-01&to=2026-11-30`, asha.cookie),
          ctx(),
        )
      ).status,
    ).toBe(403);
    // Nor one invoice, its PDF, its e-invoice or the clients' credits: the same read, refused
    // in the policy's words.
    for (const [path, handler] of [
      [`/sync/invoice?workspace=${ws}&id=${bolt.id}`, handleInvoice],
      [`/sync/invoice-pdf?workspace=${ws}&id=${bolt.id}`, handleInvoicePdf],
      [`/sync/invoice-ubl?workspace=${ws}&id=${bolt.id}`, handleInvoiceUbl],
      [`/sync/client-credits?workspace=${ws}`, handleClientCredits],
    ] as const) {
      const refused = await handler(get(path, asha.cookie), ctx());
      expect(refused.status, path).toBe(403);
      expect(await refused.json(), path).toEqual({
        error: 'forbidden',
        message: 'Only Admins can see and make invoices.',
      });
    }
  });

  it('answers 1,000 junk and half-right requests per endpoint with JSON 4xx, never 5xx', async () => {
    const ctx = () => context(database, clock);
    const { rand, pick } = seededPicker(71);
    const junk = [null, 1, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(300), 'ghost'];
    const ws = [admin.workspace.id, '00000000-0000-4000-8000-000000000000', 'nope'];
    const ids = ['00000000-0000-4000-8000-000000000001', 'not-an-id', ...junk];
    const days = ['2026-11-16', '2026-11-30', '2026-02-30', '16/11/2026', ...junk];
    const body = () =>
      rand() < 0.1
        ? pick(['', '{', 'null', '[]'])
        : JSON.stringify({
            ...(rand() < 0.9 ? { workspaceId: rand() < 0.7 ? pick(ws) : pick(junk) } : {}),
            ...(rand() < 0.6 ? { id: pick(ids) } : {}),
            ...(rand() < 0.6 ? { clientId: pick(['acme', 'bolt', 'ghost', ...junk]) } : {}),
            ...(rand() < 0.6 ? { from: pick(days) } : {}),
            ...(rand() < 0.6 ? { to: pick(days) } : {}),
            ...(rand() < 0.6 ? { issueDate: pick(days) } : {}),
            ...(rand() < 0.4 ? { paidOn: pick(days) } : {}),
            ...(rand() < 0.4 ? { amountMinor: pick([1, 100, 1.5, -5, 0, 1e15, ...junk]) } : {}),
            ...(rand() < 0.2 ? { note: pick(['Bank transfer', ...junk]) } : {}),
            ...(rand() < 0.3 ? { paymentId: pick(ids) } : {}),
            ...(rand() < 0.3 ? { reason: pick(['Typed wrong', ...junk]) } : {}),
            ...(rand() < 0.2 ? { settlement: pick(['refund', 'credit', ...junk]) } : {}),
            ...(rand() < 0.3 ? { projectIds: pick([['web'], ['ghost'], 'web', [1], junk]) } : {}),
            ...(rand() < 0.4 ? { layout: layout() } : {}),
            ...(rand() < 0.05 ? { extra: 1 } : {}),
          });
    const layout = () => {
      const valid: Record<string, unknown> = {
        grouping: 'task',
        edits: { 'time:web': { quantity: 2, unitMinor: 100 } },
        manual: [{ id: 'fee', description: 'Fee', quantity: 1, unitMinor: 500 }],
        discountPercent: 10,
        taxes: [{ name: 'CGST', percent: 9 }],
        paymentTermsDays: 8,
        note: '',
      };
      if (rand() < 0.1) return pick(junk);
      const bad = [
        ...junk,
        -1,
        101,
        1e20,
        0.001,
        'ghost',
        [{ id: 'x', description: 'Fee', quantity: -2, unitMinor: 5 }],
        { 'time:web': { quantity: -1 } },
        [{ name: 'VAT', percent: 250 }],
        [{}, {}, {}],
      ];
      for (const key of Object.keys(valid)) if (rand() < 0.25) valid[key] = pick(bad);
      if (rand() < 0.1) delete valid[pick(Object.keys(valid))];
      return valid;
    };
    for (const [path, handler] of [
      ['/sync/invoices', handleDraftInvoice],
      ['/sync/invoices/draft', handleUpdateDraft],
      ['/sync/invoices/issue', handleIssueInvoice],
      ['/sync/invoices/void', handleVoidInvoice],
      ['/sync/invoices/payment', handleInvoicePayment],
      ['/sync/invoices/payment/correct', handleCorrectPayment],
      ['/sync/invoices/payment/delete', handleDeletePayment],
      ['/sync/invoices/apply-credit', handleApplyCredit],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const sent = body();
        const res = await handler(
          post(path, sent, rand() < 0.8 ? admin.cookie : asha.cookie),
          ctx(),
        );
        expect(res.status, `${path} #${i}: ${sent.slice(0, 120)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
    for (const [path, handler] of [
      ['/sync/invoices', handleInvoices],
      ['/sync/invoice', handleInvoice],
      ['/sync/uninvoiced', handleUninvoiced],
      ['/sync/invoice-pdf', handleInvoicePdf],
      ['/sync/invoice-ubl', handleInvoiceUbl],
    ] as const) {
      for (let i = 0; i < 1000; i += 1) {
        const query = [
          rand() < 0.9 ? `workspace=${pick(ws)}` : '',
          rand() < 0.5 ? `id=${pick(['00000000-0000-4000-8000-000000000001', 'x', '%00'])}` : '',
          rand() < 0.6 ? `from=${pick(['2026-11-01', '2026-13-01', ''])}` : '',
          rand() < 0.6 ? `to=${pick(['2026-11-30', '2025-01-01', 'x'])}` : '',
        ].join('&');
        const res = await handler(
          get(`${path}?${query}`, rand() < 0.8 ? admin.cookie : asha.cookie),
          ctx(),
        );
        expect(res.status, `${path} #${i}: ${query}`).toBeLessThan(500);
        if (res.status >= 400)
          expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      }
    }
  }, 300_000);

  it('keeps the workspace’s invoice settings, refusing a pattern that cannot number, Admins only', async () => {
    const ctx = () => context(database, clock);
    const ws = admin.workspace.id;
    const settings = {
      workspaceId: ws,
      companyName: 'Ada Studio',
      address: '2 Lake Road, Pune',
      taxNumber: '27BBBBB1111B1Z5',
      currency: 'INR',
      numberPattern: 'INV-{YY}-{SEQ:3}',
      counter: 'yearly',
      paymentTermsDays: 15,
      note: 'Thank you',
    };
    const save = (body: object, cookie = admin.cookie) =>
      handleSaveInvoiceSettings(post('/sync/invoice-settings', body, cookie), ctx());
    const noYear = await save({ ...settings, numberPattern: 'INV-{SEQ:3}' });
    expect(noYear.status).toBe(400);
    expect(
      ((await noYear.json()) as { fields: Record<string, string> }).fields['numberPattern'],
    ).toBe('A counter that starts again each year needs the year in the pattern: {YYYY} or {YY}');
    // A GSTIN is a tax number, not a VAT number (no country prefix): said beside the field.
    const notVat = await save({ ...settings, vatNumber: '27BBBBB1111B1Z5' });
    expect([
      notVat.status,
      ((await notVat.json()) as { fields: Record<string, string> }).fields['vatNumber'],
    ]).toEqual([
      400,
      'Start with the country code, like DE123456789; put other tax numbers under Tax number',
    ]);
    expect((await save(settings, asha.cookie)).status).toBe(403);
    expect((await save(settings)).status).toBe(200);
    const read = await handleInvoiceSettings(
      get(`/sync/invoice-settings?workspace=${ws}`, admin.cookie),
      ctx(),
    );
    expect(
      ((await read.json()) as { settings: { numberPattern: string } }).settings.numberPattern,
    ).toBe('INV-{YY}-{SEQ:3}');
    // The next invoice uses them: a new pattern, so the 2027 counter starts at 1.
    await ok(admin, 'addTimeLog', {
      id: 'L6',
      fields: { ...timeLogFields('2026-12-01', 'oth', 3600), memberId: 'm1', exp: 0 },
    });
    const draft = await createDraft(
      database.db,
      adminMembership,
      { clientId: 'bolt', from: '2026-12-01', to: '2026-12-31', projectIds: [] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    const issued = await issueInvoice(
      database.db,
      adminMembership,
      draft.invoice.id,
      '2027-01-04',
      clock.now(),
    );
    if (!issued.ok) throw new Error(issued.message);
    expect(issued.invoice.number).toBe('INV-27-001');
    expect(issued.invoice.dueDate).toBe('2027-01-19');
    expect(issued.invoice.document.seller).toEqual({
      name: 'Ada Studio',
      address: '2 Lake Road, Pune',
      taxNumber: '27BBBBB1111B1Z5',
      vatNumber: '',
      country: 'IN',
    });
    // Every member's device learns the currency from its pulls, and writes amounts in it.
    const pulledCurrency = async () =>
      (
        (await (
          await handlePull(get(`/sync/pull?workspace=${ws}`, asha.cookie), ctx())
        ).json()) as { access: { currency: string } }
      ).access.currency;
    expect(await pulledCurrency()).toBe('INR');
    expect((await save({ ...settings, currency: 'EUR' })).status).toBe(200);
    expect(await pulledCurrency()).toBe('EUR');
    expect((await save(settings)).status).toBe(200);
    // Fuzzed like every endpoint.
    const { rand, pick } = seededPicker(5);
    const junk = [null, 1, -1, 1.5, true, [], {}, '', '\u0000', '\uD800', 'x'.repeat(3000)];
    for (let i = 0; i < 1000; i += 1) {
      const body: Record<string, unknown> = { ...settings };
      for (const key of Object.keys(settings))
        if (rand() < 0.2) body[key] = pick([...junk, '{SEQ}', '{SEQ}{SEQ}', 'ZZZ', 400]);
      if (rand() < 0.1) delete body[pick(Object.keys(settings))];
      if (rand() < 0.05) body['extra'] = 1;
      const sent = rand() < 0.05 ? pick(['', '{', '[]']) : JSON.stringify(body);
      const res = await handleSaveInvoiceSettings(
        post('/sync/invoice-settings', sent, rand() < 0.8 ? admin.cookie : asha.cookie),
        ctx(),
      );
      expect(res.status, `#${i}: ${sent.slice(0, 120)}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  }, 120_000);

  it('lays a draft out per day with an edited rate, a fixed fee, a discount and two taxes', async () => {
    // Cora (GST 18 %): Design ₹1,200/h, Build ₹900/h, no rounding.
    // | log | project | day    | tracked | amount    | expenses |
    // | C1  | Design  | 17 Nov | 3600 s  | 120000 p  | 0        |
    // | C2  | Design  | 18 Nov | 1800 s  | 60000 p   | 9999 p   |
    // | C3  | Build   | 18 Nov | 7200 s  | 180000 p  | 0        |
    await ok(admin, 'createClient', { id: 'cora', fields: clientFields('Cora') });
    for (const [id, name, rate] of [
      ['des', 'Design', 1200],
      ['bld', 'Build', 900],
    ] as const)
      await ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(name, 'cora'), billamount: rate, rounding: 'false' },
      });
    for (const [id, project, date, dur, exp] of [
      ['C1', 'des', '2026-11-17', 3600, 0],
      ['C2', 'des', '2026-11-18', 1800, 99.99],
      ['C3', 'bld', '2026-11-18', 7200, 0],
    ] as const)
      await ok(admin, 'addTimeLog', { id, fields: { ...timeLogFields(date, project, dur), exp } });
    const made = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId: admin.workspace.id, clientId: 'cora', ...range },
        admin.cookie,
      ),
      context(database, clock),
    );
    const { invoice } = (await made.json()) as { invoice: { id: string; document: Doc } };
    type Doc = {
      lines: { description: string; quantity: number; unitMinor: number; amountMinor: number }[];
      subtotalMinor: number;
      discountMinor: number;
      taxes: { name: string; percent: number; amountMinor: number }[];
      taxMinor: number;
      totalMinor: number;
    };
    const lines = (doc: Doc) => doc.lines.map((l) => [l.description, l.quantity, l.amountMinor]);
    // As logged, one line per project: the reports' 360000 p billable and 9999 p of expenses.
    expect(lines(invoice.document)).toEqual([
      ['Build', 2, 180000],
      ['Design', 1.5, 180000],
      ['Expenses: Design', 1, 9999],
    ]);
    // GST 18 % of 369999 p = 66599.82 → 66600 p; total 436599 p.
    expect([invoice.document.subtotalMinor, invoice.document.totalMinor]).toEqual([369999, 436599]);

    const layout = {
      grouping: 'day',
      edits: { 'time:2026-11-17': { description: 'Design workshop', unitMinor: 150000 } },
      manual: [
        { id: 'fee', description: 'Fixed fee: hosting setup', quantity: 2, unitMinor: 250050 },
      ],
      discountPercent: 5,
      taxes: [
        { name: 'CGST', percent: 9 },
        { name: 'SGST', percent: 9 },
      ],
      paymentTermsDays: 15,
      note: 'Pay by bank transfer',
    };
    const save = (body: object, cookie = admin.cookie) =>
      handleUpdateDraft(
        post(
          '/sync/invoices/draft',
          { workspaceId: admin.workspace.id, id: invoice.id, ...body },
          cookie,
        ),
        context(database, clock),
      );
    const saved = await save({ layout });
    expect(saved.status).toBe(200);
    const doc = ((await saved.json()) as { invoice: { document: Doc } }).invoice.document;
    // 17 Nov: 1 h at the edited ₹1,500.00 = 150000 p; 18 Nov as logged, a line per rate that
    // applied (issue 27): Design 0.5 h × ₹1,200 = 60000 p, Build 2 h × ₹900 = 180000 p;
    // expenses 9999 p; the fee 2 × 250050 p = 500100 p. Subtotal 900099 p.
    expect(lines(doc)).toEqual([
      ['Design workshop', 1, 150000],
      ['18 Nov 2026', 0.5, 60000],
      ['18 Nov 2026', 2, 180000],
      ['Expenses: 18 Nov 2026', 1, 9999],
      ['Fixed fee: hosting setup', 2, 500100],
    ]);
    // Discount 5 % = 45004.95 → 45005 p; taxed 855094 p; CGST and SGST 9 % each = 76958.46 →
    // 76958 p; total 855094 + 153916 = 1009010 p.
    expect(doc.subtotalMinor).toBe(900099);
    expect(doc.discountMinor).toBe(45005);
    expect(doc.taxes).toEqual([
      { name: 'CGST', percent: 9, amountMinor: 76958 },
      { name: 'SGST', percent: 9, amountMinor: 76958 },
    ]);
    expect([doc.taxMinor, doc.totalMinor]).toEqual([153916, 1009010]);

    // Bad values are refused beside their field, and nothing is saved half-way.
    const refused = async (body: object) => {
      const res = await save(body);
      return [res.status, ((await res.json()) as { fields?: Record<string, string> }).fields];
    };
    expect(
      await refused({
        layout: { ...layout, manual: [{ ...layout.manual[0], quantity: -2 }] },
      }),
    ).toEqual([
      400,
      expect.objectContaining({ 'layout.manual.0.quantity': 'Enter a quantity above zero' }),
    ]);
    expect(
      await refused({ layout: { ...layout, taxes: [{ name: 'VAT', percent: 101 }] } }),
    ).toEqual([
      400,
      expect.objectContaining({ 'layout.taxes.0.percent': 'Tax cannot be above 100 %' }),
    ]);
    expect((await save({ layout }, asha.cookie)).status).toBe(403);

    // Issuing keeps the layout: the same lines and totals, due after the draft's 15 days.
    const issued = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId: admin.workspace.id, id: invoice.id, issueDate: '2026-11-24' },
        admin.cookie,
      ),
      context(database, clock),
    );
    const frozen = (
      (await issued.json()) as { invoice: { dueDate: string; document: Doc & { note: string } } }
    ).invoice;
    expect(frozen.dueDate).toBe('2026-12-09');
    expect(frozen.document.totalMinor).toBe(1009010);
    expect(frozen.document.note).toBe('Pay by bank transfer');
    expect(lines(frozen.document)[0]).toEqual(['Design workshop', 1, 150000]);
    // An issued invoice is not edited.
    expect((await save({ layout: { ...layout, discountPercent: 0 } })).status).toBe(409);

    // The e-invoice (EN 16931, UBL 2.1) needs both countries: Cora has none yet.
    const ubl = () =>
      handleInvoiceUbl(
        get(`/sync/invoice-ubl?workspace=${admin.workspace.id}&id=${invoice.id}`, admin.cookie),
        context(database, clock),
      );
    const refusedUbl = await ubl();
    expect(refusedUbl.status).toBe(409);
    expect(((await refusedUbl.json()) as { message: string }).message).toBe(
      'E-invoices need the client’s country: choose it for Cora in Clients.',
    );
    await ok(admin, 'updateClient', { id: 'cora', changes: { country: 'DE' } });
    // EN 16931 does not need the client's email address (BT-49, issue 27): written without it.
    const noEmail = await ubl();
    expect(noEmail.status).toBe(200);
    expect(await noEmail.text()).not.toContain('<cbc:EndpointID schemeID="EM">ap@');
    await ok(admin, 'updateClient', { id: 'cora', changes: { email: 'ap@cora.example' } });
    const written = await ubl();
    expect(written.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = new DOMParser({
      onError: (level, message) => {
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(await written.text(), 'text/xml');
    const select = xpath.useNamespaces({
      ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    });
    const texts = (path: string) =>
      (select(path, xml as unknown as Node) as Node[]).map((n) => n.textContent ?? '');
    const number = (path: string) => Number(texts(path)[0]);
    const total = (path: string) =>
      texts(path).reduce((sum, t) => sum + Math.round(Number(t) * 100), 0);
    // The hand-computed figures above, in rupees: lines, discount, 9 % + 9 % as one 18 % rate.
    expect(texts('/ubl:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount')).toEqual([
      '1500.00',
      '600.00',
      '1800.00',
      '99.99',
      '5001.00',
    ]);
    expect(texts('/ubl:Invoice/cac:InvoiceLine/cbc:InvoicedQuantity/@unitCode')).toEqual([
      'HUR',
      'HUR',
      'HUR',
      'C62',
      'C62',
    ]);
    const totals = '/ubl:Invoice/cac:LegalMonetaryTotal/cbc:';
    expect(
      [
        'LineExtensionAmount',
        'AllowanceTotalAmount',
        'TaxExclusiveAmount',
        'TaxInclusiveAmount',
        'PayableAmount',
      ].map((name) => texts(`${totals}${name}`)[0]),
    ).toEqual(['9000.99', '450.05', '8550.94', '10090.10', '10090.10']);
    // EN 16931's sums, which the library does not check (BR-CO-10 to BR-CO-17), in paise.
    const paise = (path: string) => Math.round(number(path) * 100);
    expect(total('/ubl:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount')).toBe(
      paise(`${totals}LineExtensionAmount`),
    ); // BR-CO-10
    expect(total("/ubl:Invoice/cac:AllowanceCharge[cbc:ChargeIndicator='false']/cbc:Amount")).toBe(
      paise(`${totals}AllowanceTotalAmount`),
    ); // BR-CO-11
    expect(paise(`${totals}LineExtensionAmount`) - paise(`${totals}AllowanceTotalAmount`)).toBe(
      paise(`${totals}TaxExclusiveAmount`),
    ); // BR-CO-13
    expect(total('/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount')).toBe(
      paise('/ubl:Invoice/cac:TaxTotal/cbc:TaxAmount'),
    ); // BR-CO-14
    expect(
      paise(`${totals}TaxExclusiveAmount`) + paise('/ubl:Invoice/cac:TaxTotal/cbc:TaxAmount'),
    ).toBe(paise(`${totals}TaxInclusiveAmount`)); // BR-CO-15
    expect(paise(`${totals}PayableAmount`)).toBe(paise(`${totals}TaxInclusiveAmount`)); // BR-CO-16
    // BR-CO-17: 8550.94 × 18 % = 1539.17; the two rounded taxes make 1539.16, within its ±1.
    const subtotal = '/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal/';
    expect(texts(`${subtotal}cbc:TaxAmount`)).toEqual(['1539.16']);
    expect(texts(`${subtotal}cac:TaxCategory/cbc:Percent`)).toEqual(['18']);
    expect(
      Math.abs(
        number(`${subtotal}cbc:TaxAmount`) -
          Math.round(number(`${subtotal}cbc:TaxableAmount`) * 18) / 100,
      ),
    ).toBeLessThanOrEqual(1);
    // Both parties' countries (BT-40, BT-55).
    expect(texts('//cac:AccountingSupplierParty//cac:Country/cbc:IdentificationCode')).toEqual([
      'IN',
    ]);
    expect(texts('//cac:AccountingCustomerParty//cac:Country/cbc:IdentificationCode')).toEqual([
      'DE',
    ]);

    // Factur-X: the same PDF with the EN 16931 data embedded as factur-x.xml.
    const facturX = await handleInvoicePdf(
      get(
        `/sync/invoice-pdf?workspace=${admin.workspace.id}&id=${invoice.id}&facturx=1`,
        admin.cookie,
      ),
      context(database, clock),
    );
    expect(facturX.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'hm-facturx-'));
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, Buffer.from(await facturX.arrayBuffer()));
    expect(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })).toContain(
      'factur-x.xml',
    );
    expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toMatch(
      /Total\s+₹10,090\.10/,
    );
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    const cii = new DOMParser().parseFromString(
      readFileSync(join(dir, 'factur-x.xml'), 'utf8'),
      'text/xml',
    );
    const ram = xpath.useNamespaces({
      ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
    });
    const cii1 = (path: string) =>
      (ram(path, cii as unknown as Node) as Node[]).map((n) => n.textContent ?? '');
    expect(
      cii1('//ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount'),
    ).toEqual(['10090.10']);
    expect(cii1('//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')).toEqual([
      'urn:cen.eu:en16931:2017',
    ]);
  });

  it('keeps a logo an Admin uploads, checked by its bytes, and each issued invoice keeps its own', async () => {
    const ctx = () => context(database, clock);
    const ws = admin.workspace.id;
    // A real 1 × 1 PNG, and files that only look like images.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (bytes: Buffer, cookie = admin.cookie) =>
      handleUploadLogo(
        new Request(`https://hourmark.test/sync/invoice-logo?workspace=${ws}`, {
          method: 'POST',
          headers: { 'content-type': 'image/png', cookie },
          body: new Uint8Array(bytes),
        }),
        ctx(),
      );
    const refusal = async (bytes: Buffer) => {
      const res = await upload(bytes);
      return [res.status, ((await res.json()) as { fields: { logo: string } }).fields.logo];
    };
    expect(await refusal(Buffer.from('GIF89a not ours'))).toEqual([
      400,
      'The logo must be a PNG or JPEG image.',
    ]);
    expect(await refusal(Buffer.concat([png.subarray(0, 20), Buffer.alloc(40)]))).toEqual([
      400,
      'This image cannot be read. Save it again as PNG or JPEG, at most 4000 pixels a side.',
    ]);
    expect(await refusal(Buffer.concat([png, Buffer.alloc(600 * 1024)]))).toEqual([
      413,
      'The logo must be at most 512 KB.',
    ]);
    expect((await upload(png, asha.cookie)).status).toBe(403);
    const saved = await upload(png);
    expect(saved.status).toBe(200);
    const { logoId } = (await saved.json()) as { logoId: string };
    // Kept under the SHA-256 of its bytes (`sha256sum` of the file).
    expect(logoId).toBe('6b7fa434f92a8b80aab02d9bf1a12e49ffcae424e4013a1c4f68b67e3d2bbcd0');
    const shown = await handleLogo(
      get(`/sync/invoice-logo?workspace=${ws}&id=${logoId}`, admin.cookie),
      ctx(),
    );
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
    const settings = await handleInvoiceSettings(
      get(`/sync/invoice-settings?workspace=${ws}`, admin.cookie),
      ctx(),
    );
    expect(((await settings.json()) as { settings: { logoId: string } }).settings.logoId).toBe(
      logoId,
    );

    // An invoice issued now carries it in its PDF, and keeps it after the logo is removed.
    await ok(admin, 'addTimeLog', {
      id: 'G1',
      fields: { ...timeLogFields('2026-12-02', 'oth', 3600), memberId: 'm1', exp: 0 },
    });
    const draft = await createDraft(
      database.db,
      adminMembership,
      { clientId: 'bolt', from: '2026-12-02', to: '2026-12-02', projectIds: [] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    const issued = await issueInvoice(
      database.db,
      adminMembership,
      draft.invoice.id,
      '2026-12-03',
      clock.now(),
    );
    if (!issued.ok) throw new Error(issued.message);
    expect(issued.invoice.document.seller?.logoId).toBe(logoId);
    const removed = await handleRemoveLogo(
      post('/sync/invoice-logo/remove', { workspaceId: ws }, admin.cookie),
      ctx(),
    );
    expect(removed.status).toBe(200);
    const pdf = await handleInvoicePdf(
      get(`/sync/invoice-pdf?workspace=${ws}&id=${draft.invoice.id}`, admin.cookie),
      ctx(),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'hm-logo-')), 'invoice.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    // pdfimages lists one 1 × 1 image, the logo (and its transparency as a soft mask).
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/).slice(2, 5));
    expect(images).toEqual([
      ['image', '1', '1'],
      ['smask', '1', '1'],
    ]);
    // Fuzzed: 1,000 uploads of junk, cut and padded images; 1,000 reads and removals.
    const { rand, pick } = seededPicker(17);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    for (let i = 0; i < 1000; i += 1) {
      const noise = Buffer.from(
        Array.from({ length: Math.floor(rand() * 300) }, () => rand() * 256),
      );
      const bytes = pick([
        noise,
        Buffer.concat([png.subarray(0, Math.floor(rand() * png.length)), noise]),
        Buffer.concat([jpeg, noise]),
        Buffer.alloc(0),
      ]);
      const res = await upload(bytes, rand() < 0.8 ? admin.cookie : asha.cookie);
      expect(res.status, `upload #${i}`).toBeLessThan(500);
      if (res.status >= 400)
        expect(((await res.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      const read = await handleLogo(
        get(
          `/sync/invoice-logo?workspace=${pick([ws, 'x', ''])}&id=${pick([logoId, 'x', '%00', '0'.repeat(64)])}`,
          rand() < 0.8 ? admin.cookie : asha.cookie,
        ),
        ctx(),
      );
      expect(read.status, `read #${i}`).toBeLessThan(500);
      const gone = await handleRemoveLogo(
        post(
          '/sync/invoice-logo/remove',
          pick(['', '{', '[]', JSON.stringify({ workspaceId: pick([ws, 1, null, 'x']) })]),
          admin.cookie,
        ),
        ctx(),
      );
      expect(gone.status, `remove #${i}`).toBeLessThan(500);
    }
    const after = await handleInvoiceSettings(
      get(`/sync/invoice-settings?workspace=${ws}`, admin.cookie),
      ctx(),
    );
    expect(((await after.json()) as { settings: { logoId: string } }).settings.logoId).toBe('');
  }, 120_000);

  it('drafts only the projects the Admin ticks; the others stay uninvoiced', async () => {
    // Dune, October: Design ₹600/h, 1 h = 60000 p; Hosting ₹400/h, 0.5 h = 20000 p.
    // Hosting alone: subtotal 20000 p, GST 18 % = 3600 p, total 23600 p.
    await ok(admin, 'createClient', { id: 'dune', fields: clientFields('Dune') });
    for (const [id, name, rate] of [
      ['d1', 'Design', 600],
      ['d2', 'Hosting', 400],
    ] as const)
      await ok(admin, 'createProject', {
        id,
        fields: { ...projectFields(name, 'dune'), billamount: rate, rounding: 'false' },
      });
    await ok(admin, 'addTimeLog', {
      id: 'D1',
      fields: { ...timeLogFields('2026-10-05', 'd1', 3600), exp: 0 },
    });
    await ok(admin, 'addTimeLog', {
      id: 'D2',
      fields: { ...timeLogFields('2026-10-06', 'd2', 1800), exp: 0 },
    });
    const october = { clientId: 'dune', from: '2026-10-01', to: '2026-10-31' };
    // Another client's project gives Dune nothing to bill.
    expect(
      await createDraft(
        database.db,
        adminMembership,
        { ...october, projectIds: ['web'] },
        clock.now(),
      ),
    ).toMatchObject({ ok: false, status: 400 });
    const draft = await createDraft(
      database.db,
      adminMembership,
      { ...october, projectIds: ['d2'] },
      clock.now(),
    );
    if (!draft.ok) throw new Error(draft.message);
    const doc = draft.invoice.document;
    expect(doc.lines.map((l) => [l.description, l.quantity, l.amountMinor])).toEqual([
      ['Hosting', 0.5, 20000],
    ]);
    expect(doc.logIds).toEqual(['D2']);
    expect([doc.subtotalMinor, doc.taxMinor, doc.totalMinor]).toEqual([20000, 3600, 23600]);
    const left = await handleUninvoiced(
      get(
        `/sync/uninvoiced?workspace=${admin.workspace.id}&from=2026-10-01&to=2026-10-31`,
        admin.cookie,
      ),
      context(database, clock),
    );
    expect(((await left.json()) as { clients: unknown }).clients).toEqual([
      {
        clientId: 'dune',
        clientName: 'Dune',
        projects: [
          {
            projectId: 'd1',
            projectName: 'Design',
            logs: 1,
            billableSeconds: 3600,
            billableMinor: 60000,
            expensesMinor: 0,
          },
        ],
      },
    ]);
    expect(await voidInvoice(database.db, adminMembership, draft.invoice.id, clock.now())).toEqual({
      ok: true,
      status: 'deleted',
    });
  });
});
