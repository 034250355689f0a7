import { formatMoney } from './money';

// What became of the money paid on an invoice that was voided (issue 27): said the same way on
// the invoice screen, the void invoice's PDF and its credit note's PDF.

/** The choice made when voiding an invoice with payments, and how much it covered. */
export interface Settlement {
  kind: 'refund' | 'credit';
  amountMinor: number;
}

/** One sentence: "₹10,000.00 paid on invoice 2026-0001 was refunded to Acme." */
export function settlementText(
  settlement: Settlement,
  invoice: { number: string | null; clientName: string; currency: string },
): string {
  const paid = `${formatMoney(settlement.amountMinor, invoice.currency || 'INR')} paid on invoice ${invoice.number ?? ''}`;
  return settlement.kind === 'refund'
    ? `${paid} was refunded to ${invoice.clientName}.`
    : `${paid} is kept as a credit for ${invoice.clientName}, offered as a payment on its next invoice.`;
}
