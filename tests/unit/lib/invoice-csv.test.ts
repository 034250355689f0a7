import { describe, expect, it } from 'vitest';
import { invoiceListCsv } from '../../../src/lib/invoice-csv';

describe('invoiceListCsv', () => {
  it('writes one line per invoice with decimal amounts and what is still owed', () => {
    const csv = invoiceListCsv(
      [
        {
          number: '2026-0002',
          clientName: 'Acme, Pune',
          status: 'partly paid',
          issueDate: '2026-11-24',
          dueDate: '2026-12-02',
          totalMinor: 188800,
          paidMinor: 100000,
        },
        {
          number: null,
          clientName: 'Bolt',
          status: 'draft',
          issueDate: null,
          dueDate: null,
          totalMinor: 5000,
          paidMinor: 0,
        },
        {
          number: '2026-0001',
          clientName: 'Bolt',
          status: 'void',
          issueDate: '2026-11-01',
          dueDate: '2026-11-09',
          totalMinor: 11800,
          paidMinor: 0,
        },
      ],
      'INR',
    );
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)).toEqual([
      'Number,Client,Status,Issued,Due,Total (INR),Paid (INR),Outstanding (INR)',
      '2026-0002,"Acme, Pune",partly paid,2026-11-24,2026-12-02,1888.00,1000.00,888.00',
      'Draft,Bolt,draft,,,50.00,0.00,0.00',
      '2026-0001,Bolt,void,2026-11-01,2026-11-09,118.00,0.00,0.00',
    ]);
  });

  it('heads the amounts with the workspace’s currency', () => {
    expect(
      invoiceListCsv([], 'EUR')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0],
    ).toBe('Number,Client,Status,Issued,Due,Total (EUR),Paid (EUR),Outstanding (EUR)');
  });
});
