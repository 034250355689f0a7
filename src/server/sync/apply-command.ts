import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { commandOf, type CommandReader } from '../../lib/commands/catalog';
import { planCommand } from '../../lib/commands/plan-command';
import type { MutationResult } from '../../lib/sync/mutations';
import type { AppliedCommand } from '../commands/effects';
import { applyMutation, type ApplyContext } from './apply';
import { findRecord, rows, type Fields } from './records';

/** What a pushed change came to, and, when applied, what it wrote (for its effects). */
export interface AppliedChange {
  result: MutationResult;
  /** The command as applied, or null when it was refused. */
  applied: AppliedCommand | null;
  /** Whether it was a named command (not a stored change from an older bundle). */
  named: boolean;
}

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
 * savepoint rolls back what the earlier steps wrote. What it set off is the caller's to tell
 * (src/server/commands/effects.ts).
 */
export async function applyChange(
  ctx: ApplyContext,
  change: { id: number; name: string; args?: unknown },
): Promise<AppliedChange> {
  const command = commandOf(change.name, change.args);
  if (!command) {
    const result = await applyMutation(ctx, change);
    const applied = { name: change.name, args: change.args, steps: [change] };
    return { result, applied: result.outcome === 'ok' ? applied : null, named: false };
  }
  const plan = await planCommand(command, change.args, readerFor(ctx));
  if (!plan.ok) {
    const result: MutationResult = {
      id: change.id,
      outcome: 'refused',
      reason: plan.reason,
      message: plan.message,
    };
    return { result, applied: null, named: true };
  }
  for (const step of plan.steps) {
    const result = await applyMutation(ctx, { id: change.id, ...step });
    if (result.outcome !== 'ok') throw new CommandRefused(result);
  }
  return {
    result: { id: change.id, outcome: 'ok' },
    applied: { name: change.name, args: change.args, steps: plan.steps },
    named: true,
  };
}
