import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import xpath from 'xpath';
import { composeInvoice, defaultLayout } from '../../src/lib/invoice-lines';
import { ublInvoice } from '../../src/server/invoices/e-invoice';

// Line prices in the UBL e-invoice: validators check quantity × price ÷ base quantity against
// each line's amount, and EN 16931 amounts here have two decimals.

const select = xpath.useNamespaces({
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
});

describe('UBL line prices', () => {
  it('prices a line at its rate when it makes the amount, and per its whole quantity when not', async () => {
    // Audit: 3 h whose logs sum to 100000 p. Their average rate, 33333 p, makes 99999 p, and no
    // two-decimal price times 3 makes 100000 p. Build: 2 h at 90000 p = 180000 p exactly.
    const totals = composeInvoice(
      [
        {
          key: 'a',
          label: 'Audit',
          billableSeconds: 3 * 3600,
          billableMinor: 100000,
          expenseMinor: 0,
          projectId: 'a',
        },
        {
          key: 'b',
          label: 'Build',
          billableSeconds: 2 * 3600,
          billableMinor: 180000,
          expenseMinor: 0,
          projectId: 'b',
        },
      ],
      defaultLayout({ name: '', percent: 0 }, { paymentTermsDays: 8, note: '' }),
    );
    const made = await ublInvoice({
      number: '2026-0001',
      issueDate: '2026-11-24',
      dueDate: '2026-12-02',
      sellerEmail: 'admin@seller.example',
      document: {
        ...totals,
        from: '2026-11-01',
        to: '2026-11-30',
        period: { start: '2026-11-01', end: '2026-11-30' },
        currency: 'INR',
        layout: defaultLayout({ name: '', percent: 0 }, { paymentTermsDays: 8, note: '' }),
        logIds: [],
        seller: { name: 'Seller', address: '1 Road\nPune', taxNumber: '', country: 'IN' },
        buyer: {
          name: 'Buyer',
          address: '2 Street',
          taxNumber: '',
          country: 'DE',
          email: 'ap@b.example',
        },
      },
    });
    if (!made.ok) throw new Error(made.message);
    const xml = new DOMParser().parseFromString(made.xml, 'text/xml') as unknown as Node;
    const texts = (path: string) => (select(path, xml) as Node[]).map((n) => n.textContent ?? '');
    expect(texts('//cac:InvoiceLine/cbc:LineExtensionAmount')).toEqual(['1000.00', '1800.00']);
    expect(texts('//cac:InvoiceLine/cbc:InvoicedQuantity')).toEqual(['3', '2']);
    // Audit: ₹1,000.00 per 3 hours; Build: ₹900.00 per hour (no base quantity: one unit).
    expect(texts('//cac:InvoiceLine/cac:Price/cbc:PriceAmount')).toEqual(['1000.00', '900.00']);
    expect(texts('//cac:InvoiceLine[1]/cac:Price/cbc:BaseQuantity')).toEqual(['3']);
    expect(texts('//cac:InvoiceLine[1]/cac:Price/cbc:BaseQuantity/@unitCode')).toEqual(['HUR']);
    expect(texts('//cac:InvoiceLine[2]/cac:Price/cbc:BaseQuantity')).toEqual([]);
  });
});
