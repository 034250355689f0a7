import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { commandOf, type CommandReader, type Step } from '../../lib/commands/catalog';
import { statusChangesOf } from '../../lib/policy/log-change';
import type { MutationResult } from '../../lib/sync/mutations';
import { postStatusNotices } from '../notices/legacy-status';
import { applyMutation, type ApplyContext } from './apply';
import { findRecord, rows, type Fields } from './records';

/** A planned step was refused: the command's savepoint rolls back and this is its answer. */
export class CommandRefused extends Error {
  constructor(readonly result: MutationResult) {
    super('command refused');
  }
}

/** What a command reads while it plans: the workspace's rows, as the push's transaction sees them. */
function readerFor(ctx: ApplyContext): CommandReader {
  const { runner, membership } = ctx;
  return {
    record: async (kind, id) => {
      const found = await findRecord(runner, membership.workspaceId, kind, id);
      return found && !found.deleted ? found.data : null;
    },
    timer: async () => {
      const [row] = await rows<{ data: Fields }>(
        runner,
        sql`SELECT data FROM timers WHERE workspace_id = ${membership.workspaceId} AND user_id = ${membership.userId}`,
      );
      return row?.data ?? null;
    },
    newId: () => randomUUID(),
  };
}

/**
 * Runs one pushed change: a named command (src/lib/commands) is planned into stored changes,
 * each checked by the one policy and written like any mutation; a change sent as a stored-change
 * mutation (devices from before commands, and the uploads of older data) is applied as it is.
 * A command is whole or nothing: the first refused step throws CommandRefused, and the caller's
 * savepoint rolls back what the earlier steps wrote.
 */
export async function applyChange(
  ctx: ApplyContext,
  change: { id: number; name: string; args?: unknown },
): Promise<MutationResult> {
  const command = commandOf(change.name, change.args);
  if (!command) return applyMutation(ctx, change);
  const parsed = command.args.safeParse(change.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'arguments';
    return {
      id: change.id,
      outcome: 'refused',
      reason: 'invalid_args',
      message: `${where}: ${issue?.message ?? 'invalid'}`.slice(0, 300),
    };
  }
  const plan = await command.plan(parsed.data, readerFor(ctx));
  if (!plan.ok)
    return { id: change.id, outcome: 'refused', reason: plan.reason, message: plan.message };
  for (const step of plan.steps) {
    const result = await applyMutation(ctx, { id: change.id, ...step });
    if (result.outcome !== 'ok') throw new CommandRefused(result);
  }
  await noticeOf(ctx, plan.steps);
  return { id: change.id, outcome: 'ok' };
}

/**
 * Posts the notice a command's event makes (a week submitted, approved or rejected) in the
 * command's own savepoint: it is posted when the push commits, once, and not if it rolls back.
 * What each planned step does to its log is read as for every change (src/lib/policy/log-change.ts).
 */
async function noticeOf(ctx: ApplyContext, steps: readonly Step[]) {
  await postStatusNotices(ctx.runner, ctx.membership, statusChangesOf(steps));
}
