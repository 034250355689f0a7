import { sql } from 'drizzle-orm';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xpath from 'xpath';
import {
  handleDraftInvoice,
  handleInvoice,
  handleInvoicePdf,
  handleInvoiceUbl,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUninvoiced,
  handleUpdateDraft,
} from '../../src/server/api/invoice-handlers';
import type { Database } from '../../src/server/db/connect';
import { rows } from '../../src/server/sync/records';
import { poppler } from './poppler';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 47, point 4: an invoice states the period its lines cover (EN 16931 BT-73 / BT-74), not
// the Uninvoiced screen's dates. Every draft below is made over 2 Sep – 28 Nov 2026.
// | client | logs (1 h each at ₹1,000, GST 18 %) | period stated                         |
// | Acme   | 28 Nov, 28 Nov                      | 28 Nov – 28 Nov                       |
// | Bolt   | 3 Oct, 28 Nov                       | 3 Oct – 28 Nov; 20 Oct – 28 Nov moved |
// | Cora   | 10 Nov                              | 1 – 30 Nov, as the person sets it     |

interface Doc {
  from: string;
  to: string;
  period: { start: string; end: string };
  logPeriod?: { start: string; end: string };
  layout: Record<string, unknown>;
  lines: { description: string }[];
}
interface Invoice {
  id: string;
  status: string;
  document: Doc;
}

const ns = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};
const texts = (xml: string, path: string) =>
  (
    xpath.useNamespaces(ns)(
      path,
      new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node,
    ) as Node[]
  ).map((n) => n.textContent ?? '');

describe.each(drivers)('the period an invoice states on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-30T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const ctx = () => context(database, clock);
  const ws = () => admin.workspace.id;

  const draft = async (clientId: string) => {
    const res = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId: ws(), clientId, from: '2026-09-02', to: '2026-11-28' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { invoice: Invoice }).invoice;
  };
  const save = async (invoice: Invoice, layout: Record<string, unknown>) =>
    handleUpdateDraft(
      post('/sync/invoices/draft', { workspaceId: ws(), id: invoice.id, layout }, admin.cookie),
      ctx(),
    );
  const saved = async (invoice: Invoice, layout: Record<string, unknown>) => {
    const res = await save(invoice, layout);
    expect(res.status).toBe(200);
    return ((await res.json()) as { invoice: Invoice }).invoice;
  };
  const issue = async (invoice: Invoice) => {
    const res = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId: ws(), id: invoice.id, issueDate: '2026-11-30' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { invoice: Invoice }).invoice;
  };
  const read = async (id: string) =>
    (
      (await (
        await handleInvoice(get(`/sync/invoice?workspace=${ws()}&id=${id}`, admin.cookie), ctx())
      ).json()) as { invoice: Invoice }
    ).invoice;
  const pdfText = async (id: string) => {
    const res = await handleInvoicePdf(
      get(`/sync/invoice-pdf?workspace=${ws()}&id=${id}`, admin.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    return poppler(Buffer.from(await res.arrayBuffer())).text;
  };
  const eInvoice = async (id: string, syntax: 'ubl' | 'cii') => {
    const res = await handleInvoiceUbl(
      get(
        `/sync/invoice-ubl?workspace=${ws()}&id=${id}${syntax === 'cii' ? '&syntax=cii' : ''}`,
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(200);
    return res.text();
  };
  const ublPeriod = (xml: string) => [
    ...texts(xml, '//cac:InvoicePeriod/cbc:StartDate'),
    ...texts(xml, '//cac:InvoicePeriod/cbc:EndDate'),
  ];
  const ciiPeriod = (xml: string) => [
    ...texts(xml, '//ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString'),
    ...texts(xml, '//ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString'),
  ];

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.period@example.com' }, clock);
    const settings = await handleSaveInvoiceSettings(
      post(
        '/sync/invoice-settings',
        {
          workspaceId: ws(),
          companyName: 'Ada Studio',
          address: '2 Lake Road, Pune',
          taxNumber: '27AAPFU0939F1ZV',
          country: 'IN',
          currency: 'INR',
          numberPattern: '{YYYY}-{SEQ:4}',
          counter: 'yearly',
          paymentTermsDays: 8,
          note: '',
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(settings.status).toBe(200);
    for (const [client, logs] of [
      ['acme', ['2026-11-28', '2026-11-28']],
      ['bolt', ['2026-10-03', '2026-11-28']],
      ['cora', ['2026-11-10']],
      ['dune', ['2026-10-03', '2026-11-28']],
    ] as const) {
      await ok(admin, 'createClient', {
        id: client,
        fields: { ...clientFields(client), country: 'IN', email: `ap@${client}.example` },
      });
      await ok(admin, 'createProject', {
        id: `p-${client}`,
        fields: { ...projectFields(`${client} work`, client), billamount: 1000, rounding: 'false' },
      });
      for (const [i, date] of logs.entries())
        await ok(admin, 'addTimeLog', {
          id: `${client}-${i}`,
          fields: { ...timeLogFields(date, `p-${client}`, 3600), exp: 0 },
        });
    }
  });
  afterAll(async () => drop());

  it('answers Uninvoiced with the first day left to bill, so "up to today" needs one request', async () => {
    const firstDay = async (from: string, to: string) => {
      const res = await handleUninvoiced(
        get(`/api/uninvoiced?workspace=${ws()}&from=${from}&to=${to}`, admin.cookie),
        ctx(),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { firstDay: string | null }).firstDay;
    };
    // Ten years up to today: Bolt's and Dune's 3 Oct logs are the first left to bill.
    expect(await firstDay('2016-12-01', '2026-11-28')).toBe('2026-10-03');
    // From 1 Nov: Cora's 10 Nov log; nothing at all in September.
    expect(await firstDay('2026-11-01', '2026-11-28')).toBe('2026-11-10');
    expect(await firstDay('2026-09-01', '2026-09-30')).toBeNull();
  });

  it('states the first and last day of its logs, not the Uninvoiced dates: document, PDF, UBL, CII', async () => {
    const made = await draft('acme');
    // What the person sees: the draft's PDF names the days of its logs, not 2 Sep.
    const draftPdf = await pdfText(made.id);
    expect(draftPdf).toContain('Work from 28 Nov 2026 to 28 Nov 2026');
    expect(draftPdf).not.toContain('2 Sep 2026');
    // The Uninvoiced dates stay as the days the draft was made from; it states its logs' days.
    expect([made.document.from, made.document.to]).toEqual(['2026-09-02', '2026-11-28']);
    expect(made.document.period).toEqual({ start: '2026-11-28', end: '2026-11-28' });
    expect((await read(made.id)).document.period).toEqual({
      start: '2026-11-28',
      end: '2026-11-28',
    });

    const issued = await issue(made);
    expect(issued.document.period).toEqual({ start: '2026-11-28', end: '2026-11-28' });
    expect((await read(made.id)).document.period).toEqual({
      start: '2026-11-28',
      end: '2026-11-28',
    });
    const text = await pdfText(made.id);
    expect(text).toContain('Work from 28 Nov 2026 to 28 Nov 2026');
    expect(text).not.toContain('2 Sep 2026');
    expect(ublPeriod(await eInvoice(made.id, 'ubl'))).toEqual(['2026-11-28', '2026-11-28']);
    expect(ciiPeriod(await eInvoice(made.id, 'cii'))).toEqual(['20261128', '20261128']);
  });

  it('states 3 Oct – 28 Nov for logs on those days, and follows a log moved before it is issued', async () => {
    const made = await draft('bolt');
    expect(made.document.period).toEqual({ start: '2026-10-03', end: '2026-11-28' });
    // One line for all time says the same period.
    const single = await saved(made, { ...made.document.layout, grouping: 'single' });
    expect(single.document.lines.map((l) => l.description)).toEqual([
      'Work from 3 Oct 2026 to 28 Nov 2026',
    ]);
    // The 3 Oct log moves to 20 Oct while on the draft: the draft restates with its lines.
    await ok(admin, 'updateTimeLog', { id: 'bolt-0', changes: { date: '2026-10-20' } });
    const moved = await saved(made, single.document.layout);
    expect(moved.document.period).toEqual({ start: '2026-10-20', end: '2026-11-28' });
    expect(moved.document.lines.map((l) => l.description)).toEqual([
      'Work from 20 Oct 2026 to 28 Nov 2026',
    ]);
    // The days it was drafted from are kept as they were.
    expect([moved.document.from, moved.document.to]).toEqual(['2026-09-02', '2026-11-28']);
    const issued = await issue(made);
    expect(issued.document.period).toEqual({ start: '2026-10-20', end: '2026-11-28' });
    expect(await pdfText(made.id)).toContain('Work from 20 Oct 2026 to 28 Nov 2026');
    expect(ublPeriod(await eInvoice(made.id, 'ubl'))).toEqual(['2026-10-20', '2026-11-28']);
  });

  it('keeps a period the person sets, refuses one that ends before it starts, and frees it again', async () => {
    const made = await draft('cora');
    const layout = made.document.layout;
    const november = { start: '2026-11-01', end: '2026-11-30' };
    const set = await saved(made, { ...layout, period: november });
    expect(set.document.period).toEqual(november);
    expect(set.document.layout['period']).toEqual(november);
    expect(set.document.logPeriod).toEqual({ start: '2026-11-10', end: '2026-11-10' });
    expect((await read(made.id)).document.period).toEqual(november);
    expect(await pdfText(made.id)).toContain('Work from 1 Nov 2026 to 30 Nov 2026');

    // Refused beside its field, and nothing saved.
    const refused = async (period: unknown) => {
      const res = await save(made, { ...layout, period });
      return [
        res.status,
        ((await res.json()) as { fields?: Record<string, string> }).fields,
      ] as const;
    };
    expect(await refused({ start: '2026-11-30', end: '2026-11-01' })).toEqual([
      400,
      expect.objectContaining({ 'layout.period.end': 'The last day cannot be before the first' }),
    ]);
    expect(await refused({ start: '2026-02-30', end: '2026-11-01' })).toEqual([
      400,
      expect.objectContaining({ 'layout.period.start': 'Must be a day as YYYY-MM-DD' }),
    ]);
    const [status, fields] = await refused({ start: '2026-11-01' });
    expect([status, Object.keys(fields ?? {})]).toEqual([400, ['layout', 'layout.period.end']]);
    expect((await read(made.id)).document.period).toEqual(november);

    // A period that leaves its time out is kept as set; logPeriod tells the screen to say so.
    const late = await saved(made, {
      ...layout,
      period: { start: '2026-11-15', end: '2026-11-30' },
    });
    expect(late.document.period).toEqual({ start: '2026-11-15', end: '2026-11-30' });
    expect(late.document.logPeriod).toEqual({ start: '2026-11-10', end: '2026-11-10' });
    // Without it, the draft states its logs' days again.
    expect((await saved(made, layout)).document.period).toEqual({
      start: '2026-11-10',
      end: '2026-11-10',
    });

    const issued = await issue(await saved(made, { ...layout, period: november }));
    expect(issued.document.period).toEqual(november);
    expect(await pdfText(made.id)).toContain('Work from 1 Nov 2026 to 30 Nov 2026');
    expect(ublPeriod(await eInvoice(made.id, 'ubl'))).toEqual(['2026-11-01', '2026-11-30']);
    expect(ciiPeriod(await eInvoice(made.id, 'cii'))).toEqual(['20261101', '20261130']);
  });

  it('reads documents stored before the period: issued ones as they stated, drafts by their logs', async () => {
    const forget = (id: string) =>
      database.db.execute(
        sql`UPDATE invoices SET document = document - 'period' - 'logPeriod' WHERE id = ${id}`,
      );
    // An issued invoice of before stated its Uninvoiced days, and keeps saying so.
    const [issued] = await rows<{ id: string }>(
      database.db,
      sql`SELECT id FROM invoices WHERE client_id = 'acme' AND status = 'issued'`,
    );
    const acme = issued?.id ?? '';
    await forget(acme);
    expect((await read(acme)).document.period).toEqual({ start: '2026-09-02', end: '2026-11-28' });
    expect(await pdfText(acme)).toContain('Work from 2 Sep 2026 to 28 Nov 2026');
    expect(ublPeriod(await eInvoice(acme, 'ubl'))).toEqual(['2026-09-02', '2026-11-28']);
    // A draft of before states its logs' days, and stores them when saved.
    const made = await draft('dune');
    await forget(made.id);
    const old = await read(made.id);
    expect(old.document.period).toEqual({ start: '2026-10-03', end: '2026-11-28' });
    expect(await pdfText(made.id)).toContain('Work from 3 Oct 2026 to 28 Nov 2026');
    expect((await saved(made, old.document.layout)).document.period).toEqual({
      start: '2026-10-03',
      end: '2026-11-28',
    });
  });
});
