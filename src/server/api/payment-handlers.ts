import type { Answer } from '../../lib/contracts/shape';
import type { paidResponse } from '../../lib/contracts/invoices';
import { apiError, json } from '../http/responses';
import type { Refusal } from '../invoices/refusals';
import type { HandlerContext } from './context';
import { runCommand } from './run-command';
import { refreshed } from './signed-in';

// Payment corrections and credits (issue 27): Admins only; docs/api.md, Invoices.

const refusal = (r: Refusal) =>
  apiError(r.status, r.status === 403 ? 'forbidden' : 'invalid_request', r.message);

/**
 * An endpoint that changes an invoice's payments: the command run for the request (the body
 * checked by its schema, the policy asked), answered with what is paid and owed.
 */
function paymentEndpoint(
  name: 'correctPayment' | 'deletePayment' | 'applyCredit',
  status: 200 | 201,
) {
  return async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const ran = await runCommand(request, ctx, name);
    if ('response' in ran) return ran.response;
    const done = ran.done.result;
    if (!done.ok) return refusal(done);
    return json(
      status,
      { paidMinor: done.paidMinor, totalMinor: done.totalMinor } satisfies Answer<
        typeof paidResponse
      >,
      refreshed(ran.session, request, ctx),
    );
  };
}

/** POST /api/invoices/payment/correct { workspaceId, id, paymentId, paidOn, amountMinor, note, reason }. */
export const handleCorrectPayment = paymentEndpoint('correctPayment', 200);

/** POST /api/invoices/payment/delete { workspaceId, id, paymentId, reason }. */
export const handleDeletePayment = paymentEndpoint('deletePayment', 200);

/** POST /api/invoices/apply-credit { workspaceId, id, paidOn }: the client's credit, as payment. */
export const handleApplyCredit = paymentEndpoint('applyCredit', 201);
