import type { MutationResult } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { commit } from '../commit/commit';
import { recomputeTouched, type LogScope } from '../sync/amounts';
import { applyChange, CommandRefused, type AppliedChange } from '../sync/apply-command';
import { tell, type AppliedCommand } from './effects';
import type { Membership } from '../sync/permissions';

// The other shape of execute (issue 48): the record commands a device sends, many at once, run
// in one commit as a push needs them to (Replicache's push). Each command is parsed by its
// catalog schema, planned and checked step by step by the one policy (apply-command.ts), and
// logged under its own name; a refused one rolls back alone. The sender's own bookkeeping (a
// device's row, the answers it is owed when it retries) is the caller's, through `sender`.

/** A command as a device sends it: its name, its arguments and the number the device gave it. */
export interface SentCommand {
  id: number;
  name: string;
  args?: unknown;
}

/** What a batch's sender keeps around the commands, in the batch's own transaction. */
export interface BatchSender<S, Stop> {
  /**
   * Before the workspace is locked (commit.ts beforeLock): the sender's state, or the answer
   * that stops the batch before any command runs.
   */
  open: (tx: Db) => Promise<{ ok: true; state: S } | { ok: false; stop: Stop }>;
  /** The answer a command already had, when the sender sends it again: it is not run twice. */
  answered: (state: S, command: SentCommand) => MutationResult | undefined;
  /** After the commands, before the commit: what the sender keeps of the new answers. */
  close: (
    tx: Db,
    state: S,
    fresh: { command: SentCommand; result: MutationResult }[],
  ) => Promise<void>;
}

/** What a batch came to. */
export type BatchOutcome<S, Stop> =
  | { kind: 'stopped'; stop: Stop }
  | {
      kind: 'ran';
      state: S;
      /** Every command's answer, in the order sent. */
      results: MutationResult[];
      /** The commands run now (not answered from before), with their answers. */
      fresh: { command: SentCommand; result: MutationResult }[];
      /** The workspace's version after the batch: unchanged when nothing was applied. */
      version: number;
      changed: boolean;
    };

/**
 * Runs `commands` for `actor` in one commit: each in a savepoint, so a refusal or a failure of
 * one leaves the others; the money of every log they touched computed once from the final state;
 * what each set off told to its listeners (effects.ts) with the commit. Null when the
 * workspace does not exist.
 */
export async function executeBatch<S, Stop>(
  db: Db,
  actor: Membership,
  commands: readonly SentCommand[],
  now: Date,
  sender: BatchSender<S, Stop>,
): Promise<BatchOutcome<S, Stop> | null> {
  let opened: Awaited<ReturnType<typeof sender.open>> | null = null;
  const committed = await commit(
    db,
    // Each applied command is its own entry in the change history (logCommand below).
    { workspaceId: actor.workspaceId, userId: actor.userId, command: null, at: now },
    async ({ tx, version, logCommand }) => {
      if (!opened?.ok) return { kind: 'stopped' as const, stop: (opened as { stop: Stop }).stop };
      const { state } = opened;
      let changed = false;
      const results: MutationResult[] = [];
      const fresh: { command: SentCommand; result: MutationResult }[] = [];
      const touched: LogScope[] = [];
      // Stored changes from older bundles (a week submitted as one change per log) are heard
      // together at the end, so a week of ten logs is one notice, not ten.
      const older: AppliedCommand[] = [];
      for (const command of commands) {
        const before = sender.answered(state, command);
        if (before) {
          results.push(before);
          continue;
        }
        const collected: LogScope[] = [];
        const records: { kind: string; id: string }[] = [];
        const { result, applied, named } = await tx
          .transaction((savepoint) =>
            applyChange(
              { runner: savepoint, membership: actor, version, now, touched: collected, records },
              command,
            ),
          )
          // A command with a refused step: its savepoint rolled back everything it wrote.
          .catch((error: unknown): AppliedChange => {
            if (error instanceof CommandRefused)
              return { result: error.result, applied: null, named: true };
            throw error;
          });
        // A refused command's savepoint was rolled back: only what was applied is computed.
        if (applied) {
          touched.push(...collected);
          logCommand({ command: command.name, records, details: command.args });
          if (named) await tell(tx, actor, [applied]);
          else older.push(applied);
        }
        changed ||= result.outcome === 'ok';
        results.push(result);
        fresh.push({ command, result });
      }
      await tell(tx, actor, older);
      // Each touched log's money, once, from the final state the batch leaves (amounts.ts).
      await recomputeTouched(tx, actor.workspaceId, touched);
      await sender.close(tx, state, fresh);
      return { kind: 'ran' as const, state, results, fresh, version, changed };
    },
    (outcome) => outcome.kind === 'ran' && outcome.changed,
    {
      beforeLock: async (tx) => {
        opened = await sender.open(tx);
      },
    },
  );
  if (!committed) return null;
  const outcome = committed.result;
  // The version the sender has caught up to: the new one, or the one before when nothing changed.
  return outcome.kind === 'ran' ? { ...outcome, version: committed.version } : outcome;
}
