import type { Answer } from '../../lib/contracts/shape';
import type {
  clientCreditsResponse,
  invoiceResponse,
  invoiceSettingsResponse,
  invoicesResponse,
  uninvoicedResponse,
  paidResponse,
  voidResponse,
  writtenInvoiceResponse,
} from '../../lib/contracts/invoices';
import { z } from 'zod';
import { isValidDay } from '../../lib/day';
import { textProblem } from '../../lib/storable-text';
import { todayIn } from '../../lib/workspace-rules';
import { apiError, json } from '../http/responses';
import { ciiInvoice, facturX, ublInvoice } from '../invoices/e-invoice';
import { eInvoiceInput } from '../invoices/e-invoice-input';
import { invoicePdf } from '../invoices/invoice-pdf';
import { logoOf } from '../invoices/logos';
import { clientCreditsOf, invoiceOf, invoicesOf, uninvoicedOf } from '../invoices/reads';
import { invoiceSettingsOf } from '../invoices/settings';
import type { HandlerContext } from './context';
import { invoiceEndpoint, invoiceRefusal } from './invoice-endpoint';
import { runCommand } from './run-command';
import { refreshed } from './signed-in';
import { readerOf } from './workspace-handlers';

// Invoices (issue 14): Admins only; docs/api.md, Invoices.

const params = (request: Request) => new URL(request.url).searchParams;

/** An invoice number as a file name's safe part: 2026/07 → 2026-07. */
const safeName = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/** GET /api/invoices?workspace=…: every invoice, newest first, overdue ones marked. */
export async function handleInvoices(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const today = todayIn(caller.membership.rules.timeZone, ctx.now());
  const listed = await invoicesOf(ctx.database.db, caller.membership, today);
  return json(
    200,
    { invoices: listed.invoices } satisfies Answer<typeof invoicesResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** GET /api/invoice?workspace=…&id=…: one invoice with its lines and totals. */
export async function handleInvoice(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const id = params(request).get('id') ?? '';
  if (!z.string().uuid().safeParse(id).success)
    return apiError(400, 'invalid_request', 'Give the id of an invoice.', {
      fields: { id: 'Must be an invoice id' },
    });
  const today = todayIn(caller.membership.rules.timeZone, ctx.now());
  const found = await invoiceOf(ctx.database.db, caller.membership, id, today);
  if (!found.ok) return invoiceRefusal(found);
  return json(
    200,
    { invoice: found.invoice } satisfies Answer<typeof invoiceResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/**
 * GET /api/client-credits?workspace=…[&client=…]: the credits voided invoices left clients, with
 * what is left of each, for the client's own screen (Admins).
 */
export async function handleClientCredits(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const client = params(request).get('client');
  // A NUL would fail the query in PostgreSQL as a 500 (issue 46), even past the middleware.
  if (client !== null && (client.length === 0 || client.length > 200 || textProblem(client)))
    return apiError(400, 'invalid_request', 'Give the id of a client, or none for every client.', {
      fields: { client: 'Must be a client id' },
    });
  const found = await clientCreditsOf(ctx.database.db, caller.membership, client);
  return json(
    200,
    { credits: found.credits } satisfies Answer<typeof clientCreditsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/**
 * GET /api/uninvoiced?workspace=…&from=…&to=…: what is left to bill, per client and project, and
 * the first day of it (`firstDay`), so the screen's "up to today" needs no second request.
 */
export async function handleUninvoiced(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const from = params(request).get('from') ?? '';
  const to = params(request).get('to') ?? '';
  if (!isValidDay(from) || !isValidDay(to) || from > to)
    return apiError(400, 'invalid_request', 'Give the first and last day, as YYYY-MM-DD.', {
      fields: { from: 'Must be a day on or before to' },
    });
  const found = await uninvoicedOf(ctx.database.db, caller.membership, { from, to });
  return json(
    200,
    {
      clients: found.clients,
      withoutClient: found.withoutClient,
      waitingForApproval: found.waitingForApproval,
      firstDay: found.firstDay,
    } satisfies Answer<typeof uninvoicedResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** A written invoice, as every write to one answers it. */
const written = ({ invoice }: Answer<typeof writtenInvoiceResponse>) =>
  ({ invoice }) satisfies Answer<typeof writtenInvoiceResponse>;

/** POST /api/invoices { workspaceId, clientId, from, to, projectIds? }: a new draft. */
export const handleDraftInvoice = invoiceEndpoint('draftInvoice', 201, written);

/** POST /api/invoices/draft { workspaceId, id, layout }: a draft's lines, discount, taxes, note. */
export const handleUpdateDraft = invoiceEndpoint('saveDraft', 200, written);

/** POST /api/invoices/issue { workspaceId, id, issueDate }: numbers and freezes a draft. */
export const handleIssueInvoice = invoiceEndpoint('issueInvoice', 200, written);

/**
 * POST /api/invoices/void { workspaceId, id, settlement? }: voids an issued invoice (saying, when
 * it has payments, whether they are refunded or kept as the client's credit) or deletes a draft.
 */
export const handleVoidInvoice = invoiceEndpoint(
  'voidInvoice',
  200,
  ({ status }) => ({ status }) satisfies Answer<typeof voidResponse>,
);

/** GET /api/invoice-settings?workspace=…: the workspace's invoicing details (Admins). */
export async function handleInvoiceSettings(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const caller = await readerOf(
    request,
    ctx,
    params(request).get('workspace') ?? '',
    'invoiceSettings',
  );
  if ('response' in caller) return caller.response;
  const { settings } = await invoiceSettingsOf(ctx.database.db, caller.membership.workspaceId);
  return json(
    200,
    { settings } satisfies Answer<typeof invoiceSettingsResponse>,
    refreshed(caller.session, request, ctx),
  );
}

/** POST /api/invoice-settings { workspaceId, … }: an Admin changes them; issued invoices keep theirs. */
export async function handleSaveInvoiceSettings(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const ran = await runCommand(request, ctx, 'changeInvoiceSettings');
  if ('response' in ran) return ran.response;
  const saved = await invoiceSettingsOf(ctx.database.db, ran.actor.workspaceId);
  return json(
    200,
    { settings: saved.settings } satisfies Answer<typeof invoiceSettingsResponse>,
    refreshed(ran.session, request, ctx),
  );
}

/** GET /api/invoice-pdf?workspace=…&id=…[&paper=a4|letter]: the invoice as a PDF file. */
export async function handleInvoicePdf(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const id = params(request).get('id') ?? '';
  const paper = params(request).get('paper') ?? 'a4';
  if (!z.string().uuid().safeParse(id).success || (paper !== 'a4' && paper !== 'letter'))
    return apiError(400, 'invalid_request', 'Give the id of an invoice, and a4 or letter.', {
      fields: { id: 'Must be an invoice id', paper: 'One of a4, letter' },
    });
  const today = todayIn(caller.membership.rules.timeZone, ctx.now());
  const found = await invoiceOf(ctx.database.db, caller.membership, id, today);
  if (!found.ok) return invoiceRefusal(found);
  // An issued invoice has the logo it was issued with; a draft the workspace's logo now.
  const logoId =
    found.invoice.status === 'draft'
      ? (await invoiceSettingsOf(ctx.database.db, caller.membership.workspaceId)).settings.logoId
      : (found.invoice.document.seller?.logoId ?? '');
  const logo = logoId ? await logoOf(ctx.database.db, caller.membership.workspaceId, logoId) : null;
  // ?credit=1: the credit note that cancelled a void invoice.
  const note = params(request).get('credit') === '1' ? found.invoice.creditNote : null;
  if (params(request).get('credit') === '1' && !note)
    return apiError(404, 'not_found', 'This invoice has no credit note: it is not void.');
  const credit = note
    ? {
        number: note.number,
        issuedOn: todayIn(caller.membership.rules.timeZone, new Date(note.issuedAt)),
      }
    : null;
  let bytes = await invoicePdf(found.invoice, paper, logo?.bytes ?? null, credit);
  // ?facturx=1: the same pages with the EN 16931 data embedded, for accounting software (a
  // credit note's PDF embeds the credit note).
  if (params(request).get('facturx') === '1') {
    const input = await eInvoiceInput(
      ctx.database.db,
      caller.membership.workspaceId,
      found.invoice,
      caller.session.user.email,
      credit,
    );
    if (!input.ok) return apiError(409, 'invalid_request', input.message);
    const made = await facturX(input.input, bytes);
    if (!made.ok) return apiError(409, 'invalid_request', made.message);
    bytes = made.pdf;
  }
  const { period } = found.invoice.document;
  const name = credit
    ? `credit-note-${safeName(credit.number)}.pdf`
    : found.invoice.number
      ? `invoice-${safeName(found.invoice.number)}.pdf`
      : `draft-invoice-${period.start}-to-${period.end}.pdf`;
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      ...refreshed(caller.session, request, ctx),
    },
  });
}

/** POST /api/invoices/payment { workspaceId, id, paidOn, amountMinor, note? }: money received. */
export const handleInvoicePayment = invoiceEndpoint(
  'recordPayment',
  201,
  ({ paidMinor, totalMinor }) => ({ paidMinor, totalMinor }) satisfies Answer<typeof paidResponse>,
);

/**
 * GET /api/invoice-ubl?workspace=…&id=…[&credit=1][&syntax=cii]: an invoice (or its credit note)
 * as UBL 2.1, or with `syntax=cii` as CII D16B.
 */
export async function handleInvoiceUbl(request: Request, ctx: HandlerContext): Promise<Response> {
  const caller = await readerOf(request, ctx, params(request).get('workspace') ?? '', 'invoices');
  if ('response' in caller) return caller.response;
  const id = params(request).get('id') ?? '';
  if (!z.string().uuid().safeParse(id).success)
    return apiError(400, 'invalid_request', 'Give the id of an invoice.', {
      fields: { id: 'Must be an invoice id' },
    });
  const today = todayIn(caller.membership.rules.timeZone, ctx.now());
  const found = await invoiceOf(ctx.database.db, caller.membership, id, today);
  if (!found.ok) return invoiceRefusal(found);
  // ?credit=1: the credit note that cancelled a void invoice (a UBL CreditNote).
  const note = params(request).get('credit') === '1' ? found.invoice.creditNote : null;
  if (params(request).get('credit') === '1' && !note)
    return apiError(404, 'not_found', 'This invoice has no credit note: it is not void.');
  const input = await eInvoiceInput(
    ctx.database.db,
    caller.membership.workspaceId,
    found.invoice,
    caller.session.user.email,
    note
      ? {
          number: note.number,
          issuedOn: todayIn(caller.membership.rules.timeZone, new Date(note.issuedAt)),
        }
      : null,
  );
  if (!input.ok) return apiError(409, 'invalid_request', input.message);
  const cii = params(request).get('syntax') === 'cii';
  const made = await (cii ? ciiInvoice : ublInvoice)(input.input);
  if (!made.ok) return apiError(409, 'invalid_request', made.message);
  const file = note ? 'credit-note' : 'invoice';
  return new Response(made.xml, {
    status: 200,
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}-${safeName(input.input.number)}${cii ? '-cii' : ''}.xml"`,
      ...refreshed(caller.session, request, ctx),
    },
  });
}
