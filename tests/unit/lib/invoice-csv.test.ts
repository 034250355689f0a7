import { describe, expect, it } from 'vitest';
import { invoiceListCsv } from '../../../src/lib/invoice-csv';
import { owedByCurrency } from '../../../src/lib/invoice-status';

describe('invoiceListCsv', () => {
  it('writes one line per invoice with decimal amounts and what is still owed', () => {
    const csv = invoiceListCsv([
      {
        number: '2026-0002',
        clientName: 'Acme, Pune',
        status: 'partly paid',
        issueDate: '2026-11-24',
        dueDate: '2026-12-02',
        totalMinor: 188800,
        paidMinor: 100000,
        currency: 'INR',
      },
      {
        number: null,
        clientName: 'Bolt',
        status: 'draft',
        issueDate: null,
        dueDate: null,
        totalMinor: 5000,
        paidMinor: 0,
        currency: 'EUR',
      },
      {
        number: '2026-0001',
        clientName: 'Bolt',
        status: 'void',
        issueDate: '2026-11-01',
        dueDate: '2026-11-09',
        totalMinor: 11800,
        paidMinor: 0,
        currency: 'INR',
      },
    ]);
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)).toEqual([
      'Number,Client,Status,Issued,Due,Currency,Total,Paid,Outstanding',
      '2026-0002,"Acme, Pune",partly paid,2026-11-24,2026-12-02,INR,1888.00,1000.00,888.00',
      'Draft,Bolt,draft,,,EUR,50.00,0.00,0.00',
      '2026-0001,Bolt,void,2026-11-01,2026-11-09,INR,118.00,0.00,0.00',
    ]);
  });

  it('sums what is owed per currency, as invoices keep the currency they were made out in', () => {
    const invoice = (currency: string, totalMinor: number, paidMinor: number) => ({
      id: currency,
      clientId: 'c',
      clientName: 'C',
      status: 'issued' as const,
      number: '1',
      issueDate: '2026-11-01',
      dueDate: '2026-11-09',
      totalMinor,
      paidMinor,
      currency,
    });
    expect(
      owedByCurrency([
        invoice('INR', 188800, 100000),
        invoice('EUR', 5000, 0),
        invoice('INR', 100, 0),
      ]),
    ).toEqual([
      { currency: 'INR', minor: 88900 },
      { currency: 'EUR', minor: 5000 },
    ]);
  });
});
