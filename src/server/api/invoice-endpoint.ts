import type { WorkspaceCommandName } from '../../lib/commands/workspace-commands';
import type { WriteResult } from '../commands/writes';
import { apiError, json } from '../http/responses';
import type { Refusal } from '../invoices/refusals';
import type { HandlerContext } from './context';
import { runCommand } from './run-command';
import { refreshed } from './signed-in';

// The invoice and payment writes all answer alike (issue 14, 27): the command run for the
// request, its refusal as the HTTP answer, or what it made with the status given. One place
// for that shape, so a new invoice write is one line and a change to how refusals read is one.

/** The HTTP answer to an invoice write the invoice code refused (not the policy: that is 403). */
export const invoiceRefusal = (r: Refusal): Response =>
  apiError(
    r.status,
    r.status === 403 ? 'forbidden' : 'invalid_request',
    r.message,
    r.fields ? { fields: r.fields } : undefined,
  );

/** The commands whose write answers either a refusal or `{ ok: true, … }`. */
type RefusableName = {
  [N in WorkspaceCommandName]: WriteResult<N> extends Refusal | { ok: true } ? N : never;
}[WorkspaceCommandName];

/**
 * An endpoint that runs `name` for the request (its JSON body the arguments) and answers
 * `status` with `answer(result)`, or the refusal. Each caller types its `answer` by its contract.
 */
export function invoiceEndpoint<N extends RefusableName>(
  name: N,
  status: 200 | 201,
  answer: (done: Exclude<WriteResult<N>, Refusal>) => unknown,
) {
  return async (request: Request, ctx: HandlerContext): Promise<Response> => {
    const ran = await runCommand(request, ctx, name);
    if ('response' in ran) return ran.response;
    const done = ran.done.result as WriteResult<N>;
    if (!(done as { ok: boolean }).ok) return invoiceRefusal(done as Refusal);
    return json(
      status,
      answer(done as Exclude<WriteResult<N>, Refusal>),
      refreshed(ran.session, request, ctx),
    );
  };
}
