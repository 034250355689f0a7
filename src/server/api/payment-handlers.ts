import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { applyCredit, correctPayment, deletePayment } from '../invoices/payment-corrections';
import type { Refusal } from '../invoices/refusals';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';
import { applyCreditBody, correctPaymentBody, deletePaymentBody } from './workspace-schemas';

// Payment corrections and credits (issue 27): Admins only; docs/api.md, Invoices.

const refusal = (r: Refusal) =>
  apiError(r.status, r.status === 403 ? 'forbidden' : 'invalid_request', r.message);

/** POST /sync/invoices/payment/correct { workspaceId, id, paymentId, paidOn, amountMinor, note, reason }. */
export async function handleCorrectPayment(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, correctPaymentBody);
  if (!body.ok) return body.response;
  const { workspaceId, id, ...payment } = body.value;
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  const done = await correctPayment(
    ctx.database.db,
    caller.membership,
    { invoiceId: id, ...payment },
    ctx.now(),
  );
  if (!done.ok) return refusal(done);
  return json(
    200,
    { paidMinor: done.paidMinor, totalMinor: done.totalMinor },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /sync/invoices/payment/delete { workspaceId, id, paymentId, reason }. */
export async function handleDeletePayment(
  request: Request,
  ctx: HandlerContext,
): Promise<Response> {
  const body = await parseBody(request, deletePaymentBody);
  if (!body.ok) return body.response;
  const { workspaceId, id, ...payment } = body.value;
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller.response;
  const done = await deletePayment(
    ctx.database.db,
    caller.membership,
    { invoiceId: id, ...payment },
    ctx.now(),
  );
  if (!done.ok) return refusal(done);
  return json(
    200,
    { paidMinor: done.paidMinor, totalMinor: done.totalMinor },
    refreshed(caller.session, request, ctx),
  );
}

/** POST /sync/invoices/apply-credit { workspaceId, id, paidOn }: the client's credit, as payment. */
export async function handleApplyCredit(request: Request, ctx: HandlerContext): Promise<Response> {
  const body = await parseBody(request, applyCreditBody);
  if (!body.ok) return body.response;
  const caller = await memberOf(request, ctx, body.value.workspaceId);
  if ('response' in caller) return caller.response;
  const done = await applyCredit(
    ctx.database.db,
    caller.membership,
    { invoiceId: body.value.id, paidOn: body.value.paidOn },
    ctx.now(),
  );
  if (!done.ok) return refusal(done);
  return json(
    201,
    { paidMinor: done.paidMinor, totalMinor: done.totalMinor },
    refreshed(caller.session, request, ctx),
  );
}
