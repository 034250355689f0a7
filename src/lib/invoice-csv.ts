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
}

const money = (minor: number) => fromMinor(minor).toFixed(2);

/** The invoices shown, one line each, amounts as decimals in the workspace's `currency`. */
export function invoiceListCsv(rows: readonly InvoiceCsvRow[], currency: string): string {
  const columns: CsvColumn<InvoiceCsvRow>[] = [
    { header: 'Number', value: (r) => r.number ?? 'Draft' },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Status', value: (r) => r.status },
    { header: 'Issued', value: (r) => r.issueDate ?? '' },
    { header: 'Due', value: (r) => r.dueDate ?? '' },
    { header: `Total (${currency})`, value: (r) => money(r.totalMinor) },
    { header: `Paid (${currency})`, value: (r) => money(r.paidMinor) },
    {
      header: `Outstanding (${currency})`,
      value: (r) =>
        money(r.status === 'void' || r.status === 'draft' ? 0 : r.totalMinor - r.paidMinor),
    },
  ];
  return toCsv(columns, rows);
}
