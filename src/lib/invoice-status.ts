// What the server answers about invoices and the screens show (issue 14): the list's lines,
// what is left to bill, and where an invoice stands.

/** A project's approved billable time and expenses not on an invoice. */
export interface UninvoicedProject {
  projectId: string;
  projectName: string;
  logs: number;
  billableSeconds: number;
  billableMinor: number;
  expensesMinor: number;
}

/** Billable time Uninvoiced leaves out because it is not approved yet (issue 47). */
export interface WaitingForApproval {
  logs: number;
  billableSeconds: number;
  billableMinor: number;
  /** The first day of those logs (null when there are none), for a link that shows them all. */
  firstDay?: string | null;
}

/** A client's approved billable time and expenses not on an invoice, by project. */
export interface UninvoicedClient {
  clientId: string;
  clientName: string;
  /** Credit left from the client's voided invoices, offered as a payment on its next one. */
  creditMinor?: number;
  projects: UninvoicedProject[];
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
  /** The currency it was made out in, which it keeps whatever the workspace's is later. */
  currency: string;
}

/**
 * What is still owed on `invoices`, one sum per currency in the order they first appear: an
 * invoice keeps the currency it was made out in, and sums across currencies mean nothing.
 */
export function owedByCurrency(
  invoices: readonly InvoiceSummary[],
): { currency: string; minor: number }[] {
  const sums = new Map<string, number>();
  for (const i of invoices)
    sums.set(i.currency, (sums.get(i.currency) ?? 0) + i.totalMinor - i.paidMinor);
  return [...sums].map(([currency, minor]) => ({ currency, minor }));
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
