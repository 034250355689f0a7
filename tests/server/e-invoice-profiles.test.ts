import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleDraftInvoice,
  handleInvoiceSettings,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
  handleUpdateDraft,
} from '../../src/server/api/invoice-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 28: a client's e-invoice profile (Peppol, XRechnung) and the data each needs. Issuing
// without it is refused with each missing field named, before a number is taken: the first
// invoice issued once all is filled in is still 2026-0001. By hand: Brussels (BE), ₹1,000/h ×
// 2 h = ₹2,000.00 + GST 18 % ₹360.00 = ₹2,360.00.

interface Answer {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  settings?: Record<string, unknown>;
  invoice?: { id: string; number: string | null; document: { layout: Record<string, unknown> } };
}

describe.each(drivers)('e-invoice profiles on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok, pushAs } = pusher(
    () => database,
    () => admin.workspace.id,
    clock,
  );
  const ctx = () => context(database, clock);
  const ws = () => admin.workspace.id;
  const call = async (
    handler: (request: Request, c: ReturnType<typeof ctx>) => Promise<Response>,
    path: string,
    body: object,
  ) => {
    const res = await handler(post(path, { workspaceId: ws(), ...body }, admin.cookie), ctx());
    return [res.status, (await res.json()) as Answer] as const;
  };
  const settings = {
    companyName: 'Pune Studio',
    address: '12 MG Road',
    taxNumber: '27AAPFU0939F1ZV',
    vatNumber: '',
    country: 'IN',
    currency: 'INR',
    numberPattern: '{YYYY}-{SEQ:4}',
    counter: 'yearly',
    paymentTermsDays: 8,
    note: '',
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.profiles@example.com' }, clock);
    expect((await call(handleSaveInvoiceSettings, '/sync/invoice-settings', settings))[0]).toBe(
      200,
    );
    await ok(admin, 'createClient', {
      id: 'bxl',
      fields: {
        ...clientFields('Brussels Bureau'),
        country: 'BE',
        eInvoiceProfile: 'peppol',
        buyerReference: 'PO-77',
      },
    });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Audit', 'bxl'), billamount: 1000, rounding: 'false' },
    });
    await ok(admin, 'addTimeLog', {
      id: 'L1',
      fields: { ...timeLogFields('2026-11-17', 'p1', 7200), exp: 0 },
    });
  });
  afterAll(async () => drop());

  it('keeps the seller’s profile details, and refuses a bad IBAN or Peppol ID beside its field', async () => {
    const [status, saved] = await call(handleSaveInvoiceSettings, '/sync/invoice-settings', {
      ...settings,
      iban: 'DE89 3704 0044 0532 0130 01',
      electronicAddress: '0203201341',
      electronicAddressScheme: '0208',
      contactEmail: 'not mail',
    });
    expect([status, saved.fields]).toEqual([
      400,
      {
        iban: 'This IBAN’s check digits do not add up: check it against your bank’s',
        electronicAddress:
          'A Belgian enterprise number has 10 digits, like 0203201340, and its last two check the rest',
        contactEmail: 'Enter an email address',
      },
    ]);
    // A client's profile is one of the three.
    expect(
      (
        await pushAs(admin, 'createClient', {
          id: 'odd',
          fields: { ...clientFields('Odd'), eInvoiceProfile: 'ebInterface' },
        })
      ).outcome,
    ).not.toBe('ok');
  });

  it('refuses to issue a Peppol invoice without its data, naming each field, and takes no number', async () => {
    const [drafted, draft] = await call(handleDraftInvoice, '/sync/invoices', {
      clientId: 'bxl',
      from: '2026-11-01',
      to: '2026-11-23',
    });
    expect(drafted).toBe(201);
    const id = draft.invoice?.id ?? '';
    // The client's buyer reference starts the draft; the order number is the draft's own.
    expect(draft.invoice?.document.layout['buyerReference']).toBe('PO-77');
    const [, updated] = await call(handleUpdateDraft, '/sync/invoices/draft', {
      id,
      layout: { ...draft.invoice?.document.layout, buyerReference: '', orderReference: '' },
    });
    expect(updated.invoice?.document.layout['orderReference']).toBe('');

    const issue = () =>
      call(handleIssueInvoice, '/sync/invoices/issue', { id, issueDate: '2026-11-24' });
    const [refused, why] = await issue();
    expect([refused, why.fields]).toEqual([
      409,
      {
        'seller.electronicAddress':
          'Your Peppol electronic address and its scheme: add it in Account setting → Invoices',
        'client.electronicAddress':
          'The client’s Peppol electronic address and its scheme: add it to Brussels Bureau in Clients',
        buyerReference:
          'Peppol invoices need the buyer’s reference or order number: enter one on this draft',
      },
    ]);
    expect(why.message).toMatch(/^This invoice cannot be issued as a Peppol invoice yet\. /);

    // Filled in where each belongs: settings, the client, the draft (an order number will do).
    expect(
      (
        await call(handleSaveInvoiceSettings, '/sync/invoice-settings', {
          ...settings,
          electronicAddress: '5790000435975',
          electronicAddressScheme: '0088',
        })
      )[0],
    ).toBe(200);
    await ok(admin, 'updateClient', {
      id: 'bxl',
      changes: { electronicAddress: '0203201340', electronicAddressScheme: '0208' },
    });
    await call(handleUpdateDraft, '/sync/invoices/draft', {
      id,
      layout: { ...draft.invoice?.document.layout, buyerReference: '', orderReference: '4500012' },
    });
    const [issued, invoice] = await issue();
    expect([issued, invoice.invoice?.number]).toEqual([200, '2026-0001']);
    const read = await handleInvoiceSettings(
      get(`/sync/invoice-settings?workspace=${ws()}`, admin.cookie),
      ctx(),
    );
    const kept = ((await read.json()) as Answer).settings;
    expect([
      kept?.['electronicAddress'],
      kept?.['electronicAddressScheme'],
      kept?.['iban'],
    ]).toEqual(['5790000435975', '0088', '']);
  });
});
