import {
  workspaceCommands,
  type WorkspaceArgs,
  type WorkspaceCommandName,
} from '../../lib/commands/workspace-commands';
import {
  executeParsed,
  invalidArgs,
  type CommandRefusal,
  type Executed,
} from '../commands/execute';
import { parseBody } from '../http/body';
import { apiError } from '../http/responses';
import type { Membership } from '../sync/permissions';
import type { HandlerContext } from './context';
import type { Session } from './signed-in';
import { memberOf } from './workspace-handlers';

/** What a handler gets back from running a command for its request. */
export type RanCommand<N extends WorkspaceCommandName> =
  | { response: Response }
  | {
      done: Extract<Executed<N>, { ok: true }>;
      session: Session;
      actor: Membership;
      args: WorkspaceArgs<N>;
    };

/** The HTTP answer to a command that did not run. */
export const refusalResponse = (refusal: CommandRefusal): Response =>
  apiError(refusal.status, refusal.error, refusal.message, {
    ...(refusal.fields ? { fields: refusal.fields } : {}),
  });

/**
 * Runs the command `name` for a request whose JSON body is its arguments: the body parsed by the
 * command's schema (400 beside the fields), the caller found a member of the body's workspace
 * (401, 403), then execute: the policy, and the write in one commit.
 */
export async function runCommand<N extends WorkspaceCommandName>(
  request: Request,
  ctx: HandlerContext,
  name: N,
  given?: unknown,
): Promise<RanCommand<N>> {
  const schema = workspaceCommands[name].args;
  let args: WorkspaceArgs<N>;
  if (given === undefined) {
    const body = await parseBody(request, schema);
    if (!body.ok) return { response: body.response };
    args = body.value;
  } else {
    const parsed = schema.safeParse(given);
    if (!parsed.success) return { response: refusalResponse(invalidArgs(parsed.error.issues)) };
    args = parsed.data;
  }
  const workspaceId = String((args as { workspaceId: unknown }).workspaceId);
  const caller = await memberOf(request, ctx, workspaceId);
  if ('response' in caller) return caller;
  const done = await executeParsed(ctx.database.db, caller.membership, name, args, ctx.now());
  if (!done.ok) return { response: refusalResponse(done) };
  return { done, session: caller.session, actor: caller.membership, args };
}
