import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleDraftInvoice,
  handleInvoice,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
} from '../../src/server/api/invoice-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 47, point 5: a Peppol invoice for a Dutch company from a German agency whose own
// electronic address is an email (scheme EM, which XRechnung takes and Peppol does not), and
// which charges 19 % VAT without a VAT or tax number yet. The draft says why Issue would refuse
// it (the same fields and words Issue answers 409 with) before anyone tries; once fixed it says
// nothing and Issue numbers it. By hand: 2 h × €100.00 = €200.00 + 19 % €38.00 = €238.00.

interface Refusal {
  message: string;
  fields: Record<string, string>;
}
interface Answer {
  message?: string;
  fields?: Record<string, string>;
  invoice?: {
    id: string;
    number: string | null;
    issueRefusal?: Refusal | null;
    document: { totalMinor: number };
  };
}

describe.each(drivers)('a draft says why it cannot be issued, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-28T09:00:00Z'));
  let admin: Awaited<ReturnType<typeof signUp>>;
  const { ok } = pusher(
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
  const read = async (id: string) => {
    const res = await handleInvoice(
      get(`/api/invoice?workspace=${ws()}&id=${id}`, admin.cookie),
      ctx(),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as Answer).invoice;
  };
  const settings = {
    companyName: 'Kranich Agentur',
    address: 'Torstraße 1',
    city: 'Berlin',
    postCode: '10119',
    taxNumber: '',
    vatNumber: '',
    country: 'DE',
    currency: 'EUR',
    numberPattern: '{YYYY}-{SEQ:4}',
    counter: 'yearly',
    paymentTermsDays: 14,
    note: '',
    electronicAddress: 'rechnung@kranich.test',
    electronicAddressScheme: 'EM',
  };

  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
    admin = await signUp(database, { name: 'Ada', email: 'ada.refusal@example.com' }, clock);
    expect((await call(handleSaveInvoiceSettings, '/api/invoice-settings', settings))[0]).toBe(200);
    await ok(admin, 'createClient', {
      id: 'nl',
      fields: {
        ...clientFields('Molen BV'),
        taxName: 'VAT',
        taxPercentage: 19,
        country: 'NL',
        eInvoiceProfile: 'peppol',
        electronicAddress: '12345678',
        electronicAddressScheme: '0106',
        buyerReference: 'PO-2211',
      },
    });
    await ok(admin, 'createProject', {
      id: 'p1',
      fields: { ...projectFields('Website', 'nl'), billamount: 100, rounding: 'false' },
    });
    await ok(admin, 'addTimeLog', {
      id: 'L1',
      fields: { ...timeLogFields('2026-11-27', 'p1', 7200), exp: 0 },
    });
  });
  afterAll(async () => drop());

  it('lists on the draft every reason Issue refuses, in Issue’s own words, until they are fixed', async () => {
    const [drafted, draft] = await call(handleDraftInvoice, '/api/invoices', {
      clientId: 'nl',
      from: '2026-11-01',
      to: '2026-11-28',
    });
    expect(drafted).toBe(201);
    const id = draft.invoice?.id ?? '';
    const expected: Refusal = {
      message:
        'This invoice cannot be issued as a Peppol invoice yet. Your Peppol electronic address and its scheme: add it in Account setting → Invoices. Your VAT or tax number, as this invoice charges tax: add it in Account setting → Invoices.',
      fields: {
        'seller.electronicAddress':
          'Your Peppol electronic address and its scheme: add it in Account setting → Invoices',
        'seller.taxNumber':
          'Your VAT or tax number, as this invoice charges tax: add it in Account setting → Invoices',
      },
    };
    const before = await read(id);
    expect(before?.issueRefusal).toEqual(expected);
    expect(before?.document.totalMinor).toBe(23800);

    // Issue refuses with exactly that, and takes no number.
    const [refused, why] = await call(handleIssueInvoice, '/api/invoices/issue', {
      id,
      issueDate: '2026-11-28',
    });
    expect([refused, why.message, why.fields]).toEqual([409, expected.message, expected.fields]);

    // Fixed in the settings: a Peppol scheme (GLN) and a VAT number.
    expect(
      (
        await call(handleSaveInvoiceSettings, '/api/invoice-settings', {
          ...settings,
          vatNumber: 'DE123456789',
          electronicAddress: '5790000435975',
          electronicAddressScheme: '0088',
        })
      )[0],
    ).toBe(200);
    expect((await read(id))?.issueRefusal).toBeNull();
    const [issued, invoice] = await call(handleIssueInvoice, '/api/invoices/issue', {
      id,
      issueDate: '2026-11-28',
    });
    expect([issued, invoice.invoice?.number, invoice.invoice?.document.totalMinor]).toEqual([
      200,
      '2026-0001',
      23800,
    ]);
    // An issued invoice has nothing left to refuse.
    expect((await read(id))?.issueRefusal).toBeNull();
  });
});
