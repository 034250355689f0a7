import type { Settlement } from '../lib/invoice-settlement';
import type { DraftLayout } from '../lib/invoice-lines';
import type { InvoiceStatus } from '../lib/invoice-status';
import {
  clientCreditsResponse,
  invoiceResponse,
  invoicesResponse,
  paidResponse,
  uninvoicedResponse,
  voidResponse,
  writtenInvoiceResponse,
  type ClientCredit,
  type Invoice,
  type Payment,
  type WrittenInvoice,
} from '../lib/contracts/invoices';
import { callApi, type AnswerSchema } from './api';
import { $cacheOwner } from './sync/owner';

// Invoices live on the server only (their numbers are decided there): the Invoices and
// Uninvoiced screens read and change them here, online.

export type {
  InvoiceSummary,
  UninvoicedClient,
  UninvoicedProject,
  WaitingForApproval,
} from '../lib/invoice-status';
export type InvoiceStanding = InvoiceStatus;
export type { ClientCredit, Invoice, Payment, WrittenInvoice };
type Result<T> = { ok: true; data: T } | { ok: false; message: string };
const workspace = () => encodeURIComponent($cacheOwner.get()?.workspaceId ?? '');
const workspaceId = () => $cacheOwner.get()?.workspaceId ?? '';
const offline = 'Invoices are kept by the server. Connect to the internet to see them.';

async function ask<T>(path: string, schema: AnswerSchema<T>, body?: unknown): Promise<Result<T>> {
  const result = await callApi(path, schema, body === undefined ? {} : { body });
  if (result.ok) return { ok: true, data: result.data };
  return { ok: false, message: result.status === 0 ? offline : result.message };
}

export const loadInvoices = () => ask(`/api/invoices?workspace=${workspace()}`, invoicesResponse);

export const loadInvoice = (id: string) =>
  ask(`/api/invoice?workspace=${workspace()}&id=${encodeURIComponent(id)}`, invoiceResponse);

export const loadUninvoiced = (from: string, to: string) =>
  // `withoutClient` is missing from servers before issue 29, `waitingForApproval` and
  // `firstDay` before issue 47.
  ask(`/api/uninvoiced?workspace=${workspace()}&from=${from}&to=${to}`, uninvoicedResponse);

export const draftInvoice = (clientId: string, from: string, to: string, projectIds: string[]) =>
  ask('/api/invoices', writtenInvoiceResponse, {
    workspaceId: workspaceId(),
    clientId,
    from,
    to,
    projectIds,
  });

/**
 * Issues a draft; refused under a client's Peppol or XRechnung profile, each missing field comes
 * back by name (`seller.city`, `client.electronicAddress`, `buyerReference`) with what to do.
 */
export async function issueInvoice(
  id: string,
  issueDate: string,
): Promise<
  | { ok: true; data: { invoice: WrittenInvoice } }
  | { ok: false; message: string; fields: Record<string, string> }
> {
  const result = await callApi('/api/invoices/issue', writtenInvoiceResponse, {
    body: { workspaceId: workspaceId(), id, issueDate },
  });
  if (result.ok) return { ok: true, data: result.data };
  return {
    ok: false,
    message: result.status === 0 ? offline : result.message,
    fields: result.fields ?? {},
  };
}

/** One credit a voided invoice left a client, and what is left of it (issue 27). */
/** The credits voided invoices left one client (Admins). */
export const loadClientCredits = (clientId: string) =>
  ask(
    `/api/client-credits?workspace=${workspace()}&client=${encodeURIComponent(clientId)}`,
    clientCreditsResponse,
  );

/** Voids an issued invoice (saying what becomes of money paid on it) or deletes a draft. */
export const voidInvoice = (id: string, settlement?: Settlement['kind']) =>
  ask('/api/invoices/void', voidResponse, {
    workspaceId: workspaceId(),
    id,
    ...(settlement ? { settlement } : {}),
  });

/** Corrects a payment entered wrongly; the reason goes to the audit log. */
export const correctPayment = (
  id: string,
  payment: { paymentId: string; paidOn: string; amountMinor: number; note: string },
  reason: string,
) =>
  ask('/api/invoices/payment/correct', paidResponse, {
    workspaceId: workspaceId(),
    id,
    ...payment,
    reason,
  });

/** Deletes a payment entered by mistake; the reason goes to the audit log. */
export const deletePayment = (id: string, paymentId: string, reason: string) =>
  ask('/api/invoices/payment/delete', paidResponse, {
    workspaceId: workspaceId(),
    id,
    paymentId,
    reason,
  });

/** Pays an issued invoice from its client's credit (left by a voided invoice). */
export const applyClientCredit = (id: string, paidOn: string) =>
  ask('/api/invoices/apply-credit', paidResponse, {
    workspaceId: workspaceId(),
    id,
    paidOn,
  });

export const recordPayment = (id: string, paidOn: string, amountMinor: number, note: string) =>
  ask('/api/invoices/payment', paidResponse, {
    workspaceId: workspaceId(),
    id,
    paidOn,
    amountMinor,
    note,
  });

/** Saves what a person chose on a draft; a refused value comes back under its field's path. */
export async function saveDraftLayout(
  id: string,
  layout: DraftLayout,
): Promise<
  | { ok: true; invoice: WrittenInvoice }
  | { ok: false; message: string; fields: Record<string, string> }
> {
  const result = await callApi('/api/invoices/draft', writtenInvoiceResponse, {
    body: { workspaceId: workspaceId(), id, layout },
  });
  if (result.ok) return { ok: true, invoice: result.data.invoice };
  return {
    ok: false,
    message: result.status === 0 ? offline : result.message,
    fields: result.fields ?? {},
  };
}

/**
 * An issued invoice's e-invoice as a file to save: UBL 2.1 XML, or Factur-X (the PDF with the
 * same data embedded); or why it cannot be made yet (a missing country or email), in words the
 * person can act on.
 */
export async function downloadEInvoice(
  id: string,
  /** UBL 2.1, CII (the same data in UN/CEFACT's syntax) or the Factur-X PDF. */
  format: 'ubl' | 'cii' | 'facturx',
  /** The credit note of a void invoice instead of the invoice. */
  credit = false,
): Promise<{ ok: true; file: Blob } | { ok: false; message: string }> {
  const query = `workspace=${workspace()}&id=${encodeURIComponent(id)}${credit ? '&credit=1' : ''}`;
  try {
    const response = await fetch(
      format === 'ubl'
        ? `/api/invoice-ubl?${query}`
        : format === 'cii'
          ? `/api/invoice-ubl?${query}&syntax=cii`
          : `/api/invoice-pdf?${query}&facturx=1`,
      { credentials: 'include' },
    );
    if (response.ok) return { ok: true, file: await response.blob() };
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    return {
      ok: false,
      message: typeof body.message === 'string' ? body.message : 'The e-invoice could not be made.',
    };
  } catch {
    return { ok: false, message: offline };
  }
}
