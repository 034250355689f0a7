import type { ZodType, ZodTypeDef } from 'zod';
import type { Db } from '../db/connect';
import { parseBody } from '../http/body';
import { apiError, json } from '../http/responses';
import { applyCredit, correctPayment, deletePayment } from '../invoices/payment-corrections';
import type { Refusal } from '../invoices/refusals';
import type { Membership } from '../sync/permissions';
import type { HandlerContext } from './context';
import { refreshed } from './signed-in';
import { memberOf } from './workspace-handlers';
import {
  applyCreditBody,
  correctPaymentBody,
  deletePaymentBody,
} from '../../lib/commands/workspace-args';

// Payment corrections and credits (issue 27): Admins only; docs/api.md, Invoices.

const refusal = (r: Refusal) =>
  apiError(r.status, r.status === 403 ? 'forbidden' : 'invalid_request', r.message);

type Paid = { ok: true; paidMinor: number; totalMinor: number } | Refusal;

/**
 * An endpoint that changes an invoice's payments: the body checked by `schema`, the caller a
 * member of its workspace (the write asks the policy), answered with what is paid and owed.
 */
function paymentEndpoint<B extends { workspaceId: string; id: string }>(
  schema: ZodType<B, ZodTypeDef, unknown>,
  status: 200 | 201,
  write: (
    db: Db,
    membership: Membership,
    body: Omit<B, 'workspaceId' | 'id'> & { invoiceId: string },
    now: Date,
  ) => Promise<Paid>,
) {
  return async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const body = await parseBody(request, schema);
    if (!body.ok) return body.response;
    const { workspaceId, id, ...rest } = body.value;
    const caller = await memberOf(request, ctx, workspaceId);
    if ('response' in caller) return caller.response;
    const done = await write(
      ctx.database.db,
      caller.membership,
      { ...rest, invoiceId: id },
      ctx.now(),
    );
    if (!done.ok) return refusal(done);
    return json(
      status,
      { paidMinor: done.paidMinor, totalMinor: done.totalMinor },
      refreshed(caller.session, request, ctx),
    );
  };
}

/** POST /api/invoices/payment/correct { workspaceId, id, paymentId, paidOn, amountMinor, note, reason }. */
export const handleCorrectPayment = paymentEndpoint(correctPaymentBody, 200, correctPayment);

/** POST /api/invoices/payment/delete { workspaceId, id, paymentId, reason }. */
export const handleDeletePayment = paymentEndpoint(deletePaymentBody, 200, deletePayment);

/** POST /api/invoices/apply-credit { workspaceId, id, paidOn }: the client's credit, as payment. */
export const handleApplyCredit = paymentEndpoint(applyCreditBody, 201, applyCredit);
