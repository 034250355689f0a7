import type { Runner } from '../sync/records';
import { clientOf } from './document';
import type { InvoiceForUbl } from './e-invoice';
import type { InvoiceView } from './invoices';
import { invoiceSettingsOf } from './settings';

/**
 * An issued invoice as its e-invoice (UBL or Factur-X) is made from, or why it cannot be: only
 * an issued invoice has one. A country, client email or company tax number chosen after issuing
 * completes the copy (none changes an amount or a name on it), so an Admin can fix what EN 16931
 * asks for and download again without voiding.
 */
export async function eInvoiceInput(
  runner: Runner,
  workspaceId: string,
  invoice: InvoiceView,
  sellerEmail: string,
  /** The credit note that cancelled a void invoice, with its day: its e-invoice instead. */
  credit: { number: string; issuedOn: string } | null = null,
): Promise<{ ok: true; input: InvoiceForUbl } | { ok: false; message: string }> {
  const { number, issueDate, dueDate, status, document } = invoice;
  // A void invoice was issued: it keeps its e-invoice, beside its credit note's.
  if (status === 'draft' || !number || !issueDate)
    return { ok: false, message: 'Only an issued invoice has an e-invoice.' };
  const client = await clientOf(runner, workspaceId, invoice.clientId);
  const { settings } = await invoiceSettingsOf(runner, workspaceId);
  const completed = {
    ...document,
    ...(document.seller
      ? {
          seller: {
            ...document.seller,
            country: document.seller.country || settings.country,
            // Numbers added after issuing complete a copy that had none (nothing else changes).
            ...(document.seller.taxNumber || document.seller.vatNumber
              ? {}
              : { taxNumber: settings.taxNumber, vatNumber: settings.vatNumber }),
          },
        }
      : {}),
    ...(document.buyer
      ? {
          buyer: {
            ...document.buyer,
            country: document.buyer.country || client?.country || '',
            email: document.buyer.email || client?.email || '',
          },
        }
      : {}),
  };
  if (credit)
    return {
      ok: true,
      input: {
        number: credit.number,
        issueDate: credit.issuedOn,
        dueDate: null,
        document: completed,
        sellerEmail,
        corrects: { number, issueDate },
      },
    };
  return { ok: true, input: { number, issueDate, dueDate, document: completed, sellerEmail } };
}
