import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xpath from 'xpath';
import {
  handleDraftInvoice,
  handleInvoicePdf,
  handleInvoiceUbl,
  handleIssueInvoice,
  handleSaveInvoiceSettings,
} from '../../src/server/api/invoice-handlers';
import type { Database } from '../../src/server/db/connect';
import { poppler } from './poppler';
import { context, drivers, fakeClock, get, post } from './support';
import { clientFields, projectFields, pusher, signUp, timeLogFields } from './workspace-support';

// Issue 47, point 7: every ISO 4217 currency, with the minor units each needs. Worked by hand:
// | workspace | rate      | log            | logged amount         | invoice line | tax 10 % | total  |
// | yen       | ¥1,000/h  | 4200 s (1:10)  | ¥1,166.67 (116667 c)  | ¥1,167       | ¥117     | ¥1,284 |
// | dinars    | BHD 10.5/h | 3600 s (1:00) | BHD 10.50 (1050 c)    | BHD 10.500   | BHD 1.050 | BHD 11.550 |
// Yen have no minor unit, so each line, the tax and the total are whole yen; the e-invoice
// writes them without decimals. Dinars are written with three decimals on the invoice; the
// e-invoice keeps EN 16931's two.

const ns = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const texts = (xml: string, path: string) =>
  (
    xpath.useNamespaces(ns)(
      path,
      new DOMParser().parseFromString(xml, 'text/xml') as unknown as Node,
    ) as Node[]
  ).map((n) => n.textContent ?? '');

describe.each(drivers)('invoices in the minor units of their currency on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = fakeClock(new Date('2026-11-30T09:00:00Z'));
  const ctx = () => context(database, clock);
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  /** A workspace billing in `currency`, one client taxed 10 %, one log; its invoice, issued. */
  async function draftIn(currency: string, country: string, rate: number, seconds: number) {
    const admin = await signUp(
      database,
      { name: 'Mika', email: `mika.${currency.toLowerCase()}@example.com` },
      clock,
    );
    const workspaceId = admin.workspace.id;
    const { ok } = pusher(
      () => database,
      () => workspaceId,
      clock,
    );
    const saved = await handleSaveInvoiceSettings(
      post(
        '/sync/invoice-settings',
        {
          workspaceId,
          companyName: 'Mika Studio',
          address: '1 Harbour Road',
          taxNumber: 'T-1234567',
          country,
          currency,
          numberPattern: '{YYYY}-{SEQ:4}',
          counter: 'yearly',
          paymentTermsDays: 14,
          note: '',
        },
        admin.cookie,
      ),
      ctx(),
    );
    expect(saved.status).toBe(200);
    await ok(admin, 'createClient', {
      id: 'client',
      fields: { ...clientFields('Kobe Trading'), taxName: 'VAT', taxPercentage: 10, country },
    });
    await ok(admin, 'createProject', {
      id: 'project',
      fields: { ...projectFields('Harbour site', 'client'), billamount: rate, rounding: 'false' },
    });
    await ok(admin, 'addTimeLog', {
      id: 'log',
      fields: { ...timeLogFields('2026-11-20', 'project', seconds), exp: 0 },
    });
    const res = await handleDraftInvoice(
      post(
        '/sync/invoices',
        { workspaceId, clientId: 'client', from: '2026-11-01', to: '2026-11-30' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(res.status).toBe(201);
    const { invoice } = (await res.json()) as {
      invoice: {
        id: string;
        document: {
          lines: { amountMinor: number }[];
          taxMinor: number;
          totalMinor: number;
        };
      };
    };
    const issued = await handleIssueInvoice(
      post(
        '/sync/invoices/issue',
        { workspaceId, id: invoice.id, issueDate: '2026-11-30' },
        admin.cookie,
      ),
      ctx(),
    );
    expect(issued.status).toBe(200);
    const pdf = await handleInvoicePdf(
      get(`/sync/invoice-pdf?workspace=${workspaceId}&id=${invoice.id}`, admin.cookie),
      ctx(),
    );
    expect(pdf.status).toBe(200);
    const ubl = await handleInvoiceUbl(
      get(`/sync/invoice-ubl?workspace=${workspaceId}&id=${invoice.id}`, admin.cookie),
      ctx(),
    );
    expect(ubl.status).toBe(200);
    return {
      document: invoice.document,
      pdf: poppler(Buffer.from(await pdf.arrayBuffer())).text,
      xml: await ubl.text(),
    };
  }
  const totals = (xml: string) => ({
    line: texts(xml, '//cac:InvoiceLine/cbc:LineExtensionAmount'),
    tax: texts(xml, '/*/cac:TaxTotal/cbc:TaxAmount'),
    payable: texts(xml, '//cac:LegalMonetaryTotal/cbc:PayableAmount'),
    currency: texts(xml, '//cbc:DocumentCurrencyCode'),
  });

  it('bills yen in whole yen: line, tax and total, on the document, the PDF and the e-invoice', async () => {
    const { document, pdf, xml } = await draftIn('JPY', 'JP', 1000, 4200);
    expect(document.lines.map((l) => l.amountMinor)).toEqual([116700]);
    expect([document.taxMinor, document.totalMinor]).toEqual([11700, 128400]);
    expect(pdf).toContain('¥1,167');
    expect(pdf).toContain('¥1,284');
    expect(pdf).not.toContain('¥1,166.67');
    expect(totals(xml)).toEqual({
      line: ['1167'],
      tax: ['117'],
      payable: ['1284'],
      currency: ['JPY'],
    });
  });

  it('writes Bahraini dinars with their three decimals, and two on the e-invoice', async () => {
    const { document, pdf, xml } = await draftIn('BHD', 'BH', 10.5, 3600);
    expect(document.lines.map((l) => l.amountMinor)).toEqual([1050]);
    expect([document.taxMinor, document.totalMinor]).toEqual([105, 1155]);
    expect(pdf).toContain('BHD 10.500');
    expect(pdf).toContain('BHD 11.550');
    expect(totals(xml)).toEqual({
      line: ['10.50'],
      tax: ['1.05'],
      payable: ['11.55'],
      currency: ['BHD'],
    });
  });
});
