import { toCsv, type CsvColumn } from './csv';
import { fromMinor } from './money';

/** An invoice as a line of the list's CSV. */
export interface InvoiceCsvRow {
  number: string | null;
  clientName: string;
  status: string;
  issueDate: string | null;
  dueDate: string | null;
  totalMinor: number;
  paidMinor: number;
  /** The currency the invoice was made out in (ISO 4217). */
  currency: string;
}

const money = (minor: number) => fromMinor(minor).toFixed(2);

/**
 * The invoices shown, one line each, amounts as decimals in each invoice's own currency, named
 * in a column of its own: invoices made out before the workspace changed currency keep theirs.
 */
export function invoiceListCsv(rows: readonly InvoiceCsvRow[]): string {
  const columns: CsvColumn<InvoiceCsvRow>[] = [
    { header: 'Number', value: (r) => r.number ?? 'Draft' },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Status', value: (r) => r.status },
    { header: 'Issued', value: (r) => r.issueDate ?? '' },
    { header: 'Due', value: (r) => r.dueDate ?? '' },
    { header: 'Currency', value: (r) => r.currency },
    { header: 'Total', value: (r) => money(r.totalMinor) },
    { header: 'Paid', value: (r) => money(r.paidMinor) },
    {
      header: 'Outstanding',
      value: (r) =>
        money(r.status === 'void' || r.status === 'draft' ? 0 : r.totalMinor - r.paidMinor),
    },
  ];
  return toCsv(columns, rows);
}
