// What the server answers about invoices and the screens show (issue 14): the list's lines,
// what is left to bill, and where an invoice stands.

/** A client's approved billable time and expenses not on an invoice, by project. */
export interface UninvoicedClient {
  clientId: string;
  clientName: string;
  projects: {
    projectId: string;
    projectName: string;
    logs: number;
    billableSeconds: number;
    billableMinor: number;
    expensesMinor: number;
  }[];
}

/** An invoice as the list shows it; overdue is worked out from the due date and `today`. */
export interface InvoiceSummary {
  id: string;
  clientId: string;
  clientName: string;
  status: InvoiceStatus;
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  totalMinor: number;
  paidMinor: number;
}

/** Where an invoice stands: issued ones are overdue past their due date until fully paid. */
export type InvoiceStatus = 'draft' | 'issued' | 'partly paid' | 'paid' | 'overdue' | 'void';

/** The status an issued invoice has on `today`, from what was paid. */
export function standing(
  stored: 'draft' | 'issued' | 'void',
  totalMinor: number,
  paidMinor: number,
  dueDate: string | null,
  today: string,
): InvoiceStatus {
  if (stored !== 'issued') return stored;
  if (paidMinor >= totalMinor) return 'paid';
  if (dueDate !== null && dueDate < today) return 'overdue';
  return paidMinor > 0 ? 'partly paid' : 'issued';
}
