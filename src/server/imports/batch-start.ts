import { can } from '../../lib/policy';
import { commit, type Commit } from '../commit/commit';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import type { Runner } from '../sync/records';
import { membershipOf } from '../sync/workspaces';
import { tellImportEnded } from './import-ended';
import { ImportRefused } from './records-of-rows';
import { importOf, saveProgress, type ImportResult, type ImportRow } from './store';

/**
 * The first steps of every batch of an import, inside its commit: the import as it is now and
 * the importing person's membership, or why the batch writes nothing. Another process may have
 * run this batch meanwhile (or the import ended); an importer who left or lost the right to
 * import fails the import here, so no batch writes past them.
 */
export async function startBatch(
  tx: Runner & Parameters<typeof membershipOf>[0],
  importId: string,
  from: number,
  person: { userId: string; workspaceId: string },
  now: Date,
): Promise<
  { current: ImportRow; membership: Membership } | { stop: { changed: 0; ended: boolean } }
> {
  const current = await importOf(tx, importId, true);
  if (!current || current.position !== from || !['queued', 'running'].includes(current.status))
    return {
      stop: {
        changed: 0,
        ended: current?.status !== 'queued' && current?.status !== 'running',
      },
    };
  const membership = await membershipOf(tx, person.userId, person.workspaceId);
  const refused = membership
    ? can(membership, 'importData', 'workspace', {})
    : 'The person who started this import is no longer a member of the workspace.';
  if (!membership || refused) {
    await saveProgress(tx, importId, {
      status: 'failed',
      position: from,
      result: current.result,
      error: refused,
      now,
    });
    // The row is locked and was under way: this transaction ends the import, so it tells.
    await tellImportEnded(tx, current, 'failed', refused);
    return { stop: { changed: 0, ended: true } };
  }
  return { current, membership };
}

/** What a batch's write comes to: rows it changed, and whether the import is done. */
export interface BatchOutcome {
  changed: number;
  ended: boolean;
  /** Where the next batch starts, and what the import has made so far. */
  position: number;
  result: ImportResult;
  /** What the batch's entry in the change history says besides the import. */
  details: { fromLine: number | null; rows: number; logs: number };
}

/**
 * One batch of an import through the one commit: opened by `startBatch`, written by `write`, no
 * version moved when it changed nothing. A record the policy refused (`ImportRefused`) fails
 * the import (`fail`); `ended` runs once the import ends. 'more' while batches are left.
 */
export async function commitBatch(
  db: Db,
  started: { workspaceId: string; userId: string },
  importId: string,
  from: number,
  now: Date,
  hooks: { fail: (error: string) => Promise<unknown>; ended: () => void },
  write: (commit: Commit & { current: ImportRow; membership: Membership }) => Promise<BatchOutcome>,
): Promise<'more' | 'ended'> {
  const { workspaceId, userId } = started;
  let committed;
  try {
    committed = await commit(
      db,
      { workspaceId, userId, command: null, at: now },
      async (open) => {
        const opened = await startBatch(open.tx, importId, from, { userId, workspaceId }, now);
        if ('stop' in opened) return opened.stop;
        const outcome = await write({ ...open, ...opened });
        await saveProgress(open.tx, importId, {
          status: outcome.ended ? 'done' : 'running',
          position: outcome.position,
          result: outcome.result,
          now,
        });
        // The batch that ends the import tells the listeners, once: startBatch locked the row
        // and found it under way at this batch's position, so no other batch can end it too.
        if (outcome.ended)
          await tellImportEnded(
            open.tx,
            { ...opened.current, result: outcome.result },
            'done',
            null,
          );
        // One entry in the change history per batch, naming the import.
        open.logCommand({
          command: 'importRows',
          records: [{ kind: 'import', id: importId }],
          details: { importId, ...outcome.details },
        });
        return { changed: outcome.changed, ended: outcome.ended };
      },
      // A batch of rows imported before changes nothing: its position is kept, no version moves.
      (outcome) => outcome.changed > 0,
    );
  } catch (error) {
    // A record the policy refused: the import cannot go on, and trying again would not help.
    if (!(error instanceof ImportRefused)) throw error;
    await hooks.fail(error.message);
    return 'ended';
  }
  if (!committed || committed.result.ended) {
    hooks.ended();
    return 'ended';
  }
  return 'more';
}
