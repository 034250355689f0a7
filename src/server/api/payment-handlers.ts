import type { Answer } from '../../lib/contracts/shape';
import type { paidResponse } from '../../lib/contracts/invoices';
import { invoiceEndpoint } from './invoice-endpoint';

// Payment corrections and credits (issue 27): Admins only; docs/api.md, Invoices.

/** What is paid and owed once a payment changed. */
const paid = ({ paidMinor, totalMinor }: { paidMinor: number; totalMinor: number }) =>
  ({ paidMinor, totalMinor }) satisfies Answer<typeof paidResponse>;

/** POST /api/invoices/payment/correct { workspaceId, id, paymentId, paidOn, amountMinor, note, reason }. */
export const handleCorrectPayment = invoiceEndpoint('correctPayment', 200, paid);

/** POST /api/invoices/payment/delete { workspaceId, id, paymentId, reason }. */
export const handleDeletePayment = invoiceEndpoint('deletePayment', 200, paid);

/** POST /api/invoices/apply-credit { workspaceId, id, paidOn }: the client's credit, as payment. */
export const handleApplyCredit = invoiceEndpoint('applyCredit', 201, paid);
