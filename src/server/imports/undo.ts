import { sql } from 'drizzle-orm';
import { kindOf, type RecordKind } from '../../lib/records/kinds';
import { lockedUpTo } from '../../lib/workspace-rules';
import { can } from '../../lib/policy';
import { commit, type Commit } from '../commit/commit';
import { tell } from '../commands/effects';
import type { Db } from '../db/connect';
import { recomputeTouched, type LogScope } from '../sync/amounts';
import { applyMutation, type ApplyContext } from '../sync/apply';
import type { Membership } from '../sync/permissions';
import { rows, table, type Runner } from '../sync/records';
import { membershipOf } from '../sync/workspaces';
import { importOf, saveProgress, type ImportRow, type UndoResult } from './store';

// Undo of a whole import (issue 32): the logs it created and, once nothing else uses them, the
// clients, projects, tasks and team members it created, each removed through the one policy and
// the one commit. Refused whole while any of its logs is invoiced or in a locked period: those
// are history by then. A log edited since, and a record used or changed since, is kept and
// listed. An import of many logs is undone in commits of UNDO_BATCH logs; the last one removes
// the records and marks the import undone, so a small import is undone in one commit. The first
// commit is the command undoImport, run by execute (issue 48); the later ones are this file's
// own batch loop, as an import's batches are batch-start.ts's, and the one that ends the undo
// tells the listeners.

export const UNDO_BATCH = 500;

export type UndoOutcome =
  | { ok: true; import: ImportRow }
  | { ok: false; status: 403 | 404 | 409; error: string; message: string };

interface ImportedLog {
  id: string;
  date: string;
  deleted: boolean;
  invoice: string | null;
  edited: boolean;
}

/** The logs the import created, as they are now. */
async function logsOf(runner: Runner, workspaceId: string, importId: string) {
  return rows<ImportedLog>(
    runner,
    sql`SELECT f.time_log_id AS id, l.date, l.deleted, l.data->>'invoice' AS invoice,
        l.updated_at > l.created_at AS edited
      FROM import_fingerprints f
      JOIN time_logs l ON l.workspace_id = f.workspace_id AND l.id = f.time_log_id
      WHERE f.workspace_id = ${workspaceId} AND f.import_id = ${importId}
      ORDER BY f.time_log_id`,
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why the import cannot be undone now, or null. */
function heldBack(logs: ImportedLog[], locked: string | null): string | null {
  const live = logs.filter((l) => !l.deleted);
  const invoiced = live.filter((l) => l.invoice !== null);
  const inLock = live.filter((l) => l.invoice === null && locked !== null && l.date <= locked);
  if (invoiced.length === 0 && inLock.length === 0) return null;
  const numbers = [...new Set(invoiced.map((l) => l.invoice))].slice(0, 5).join(', ');
  const why = [
    invoiced.length > 0
      ? `${plural(invoiced.length, 'log is', 'logs are')} on invoice ${numbers}`
      : '',
    inLock.length > 0
      ? `${plural(inLock.length, 'log is', 'logs are')} in the locked period (up to ${locked ?? ''})`
      : '',
  ].filter(Boolean);
  return `Nothing was removed and everything this import created was kept: ${why.join(' and ')}. Void or change the invoice, or unlock the period, and undo again.`;
}

/** Removes logs by id through the policy; the ids it could not remove, with why. */
async function removeLogs(ctx: ApplyContext, ids: string[]) {
  const refused: { id: string; why: string }[] = [];
  for (const id of ids) {
    const outcome = await applyMutation(ctx, { id: 0, name: 'deleteTimeLog', args: { id } });
    if (outcome.outcome !== 'ok') refused.push({ id, why: outcome.message ?? 'refused' });
  }
  return refused;
}

/** What still uses a record the import created (other than what undo removes), or null. */
async function usedBy(runner: Runner, ws: string, kind: RecordKind, id: string) {
  const [row] = await rows<{ why: string | null }>(
    runner,
    kind === 'task'
      ? sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM time_logs WHERE workspace_id = ${ws} AND task_id = ${id} AND NOT deleted)
          THEN 'Logs that stay are on it.' END AS why`
      : kind === 'project'
        ? sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM time_logs WHERE workspace_id = ${ws} AND project_id = ${id} AND NOT deleted)
            THEN 'Logs that stay are on it.'
            WHEN EXISTS (SELECT 1 FROM tasks WHERE workspace_id = ${ws} AND project_id = ${id} AND NOT deleted)
            THEN 'Tasks that stay are its.' END AS why`
        : kind === 'client'
          ? sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM projects WHERE workspace_id = ${ws} AND client_id = ${id} AND NOT deleted)
              THEN 'Projects that stay are its.'
              WHEN EXISTS (SELECT 1 FROM invoices WHERE workspace_id = ${ws} AND client_id = ${id})
              THEN 'It has invoices.' END AS why`
          : sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM time_logs WHERE workspace_id = ${ws} AND member_id = ${id} AND NOT deleted)
              THEN 'Logs that stay are theirs.'
              WHEN EXISTS (SELECT 1 FROM memberships WHERE workspace_id = ${ws} AND member_id = ${id})
              THEN 'They have joined the workspace.' END AS why`,
  );
  return row?.why ?? null;
}

/** Removes the records the import created that nothing uses now; the ones kept, with why. */
async function removeRecords(ctx: ApplyContext, found: ImportRow, result: UndoResult) {
  const ws = found.workspaceId;
  const created = found.result.created;
  // Tasks before their projects, projects before their clients.
  const order: [Exclude<RecordKind, 'timeLog'>, { id: string; name: string }[]][] = [
    ['task', created.tasks],
    ['project', created.projects],
    ['client', created.clients],
    ['member', created.members],
  ];
  for (const [kind, records] of order)
    for (const record of records) {
      const [row] = await rows<{ deleted: boolean; edited: boolean }>(
        ctx.runner,
        sql`SELECT deleted, updated_at > created_at AS edited FROM ${table(kind)}
          WHERE workspace_id = ${ws} AND id = ${record.id}`,
      );
      if (!row || row.deleted) continue;
      const why = row.edited
        ? 'It was changed after the import.'
        : await usedBy(ctx.runner, ws, kind, record.id);
      const outcome = why
        ? null
        : await applyMutation(ctx, {
            id: 0,
            name: kindOf(kind).mutations.remove,
            args: { id: record.id },
          });
      if (outcome?.outcome === 'ok') result.removed[`${kind}s`] += 1;
      else
        result.kept.push({
          kind,
          id: record.id,
          name: record.name,
          why: why ?? outcome?.message ?? 'refused',
        });
    }
}

/** What an undo carries from one commit to the next: its result so far, the logs refused. */
export interface UndoProgress {
  result: UndoResult;
  /** Logs the policy would not remove: kept and listed, and not tried again by the next batch. */
  refusedIds: string[];
}

/** One commit of an undo: more to do (and what it did so far), or how it ended. */
export type UndoStep = { more: UndoProgress } | UndoOutcome;

export const undoStarted = (): UndoProgress => ({
  result: { removed: { logs: 0, clients: 0, projects: 0, tasks: 0, members: 0 }, kept: [] },
  refusedIds: [],
});

const notFound = {
  ok: false,
  status: 404,
  error: 'not_found',
  message: 'There is no such import.',
} as const;
const alreadyUndone = {
  ok: false,
  status: 409,
  error: 'already_undone',
  message: 'This import was undone already.',
} as const;

/**
 * One commit's worth of undoing import `importId` (UNDO_BATCH logs; the last one removes the
 * records and marks the import undone), inside the commit `tx` belongs to. The first is
 * undoImport's write (src/server/commands/writes.ts, run by execute); `finishUndo` runs the
 * rest. What to do is read from the import's row, locked, so two undos at once never both end
 * it. `log` adds the batch's own history entry (execute writes the first one's).
 */
export async function undoStep(
  { tx, version }: Pick<Commit, 'tx' | 'version'>,
  membership: Membership,
  importId: string,
  progress: UndoProgress,
  now: Date,
  log: Commit['logCommand'] | null,
): Promise<UndoStep> {
  const { workspaceId } = membership;
  const current = await importOf(tx, importId, true);
  if (!current || current.workspaceId !== workspaceId) return notFound;
  if (current.status === 'queued' || current.status === 'running')
    return {
      ok: false,
      status: 409,
      error: 'import_running',
      message: 'This import is still running: wait until it ends, then undo it.',
    };
  if (current.status === 'undone') return alreadyUndone;
  const { result } = progress;
  const refusedIds = new Set(progress.refusedIds);
  const logs = await logsOf(tx, workspaceId, importId);
  const held = heldBack(logs, lockedUpTo(membership.rules, now));
  if (held) return { ok: false, status: 409, error: 'undo_refused', message: held };
  const touched: LogScope[] = [];
  const ctx: ApplyContext = { runner: tx, membership, version, now, touched };
  for (const log of logs.filter((l) => !l.deleted && l.edited))
    if (!result.kept.some((k) => k.id === log.id))
      result.kept.push({
        kind: 'log',
        id: log.id,
        name: log.date,
        why: 'It was changed after the import.',
      });
  const removable = logs.filter((l) => !l.deleted && !l.edited && !refusedIds.has(l.id));
  const batch = removable.slice(0, UNDO_BATCH).map((l) => l.id);
  const refused = await removeLogs(ctx, batch);
  for (const r of refused) {
    refusedIds.add(r.id);
    result.kept.push({ kind: 'log', id: r.id, name: '', why: r.why });
  }
  result.removed.logs += batch.length - refused.length;
  // The removed logs' rows may be imported again; the kept ones stay recognised.
  const gone = new Set([
    ...batch.filter((id) => !refused.some((r) => r.id === id)),
    ...logs.filter((l) => l.deleted).map((l) => l.id),
  ]);
  if (gone.size > 0)
    await tx.execute(
      sql`DELETE FROM import_fingerprints WHERE workspace_id = ${workspaceId} AND import_id = ${importId}
        AND time_log_id IN (${sql.join(
          [...gone].map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
  await recomputeTouched(tx, workspaceId, touched);
  const last = removable.length <= UNDO_BATCH;
  if (last) {
    await removeRecords(ctx, current, result);
    await saveProgress(tx, importId, {
      status: 'undone',
      position: current.position,
      result: { ...current.result, undo: result },
      error: current.error,
      now,
    });
  }
  log?.({
    command: 'undoImport',
    records: [{ kind: 'import', id: importId }],
    details: { importId, logs: batch.length - refused.length },
  });
  return last ? { ok: true, import: current } : { more: { result, refusedIds: [...refusedIds] } };
}

/** Whether an undo step wrote something (it ended the undo, or there is more to do). */
export const undoWrote = (step: UndoStep) => 'more' in step || step.ok;

/**
 * The rest of an undo whose first commit (`first`, undoImport run by execute) left logs to
 * remove: a commit per UNDO_BATCH logs, each by the importing person's right to import now.
 * The commit that ends the undo tells the listeners (effects.ts), once; one that finds the
 * import undone meanwhile (another request's undo ended it) answers so and tells nothing.
 */
export async function finishUndo(
  db: Db,
  actor: Membership,
  importId: string,
  first: UndoStep,
  now: Date,
): Promise<UndoOutcome> {
  const { workspaceId, userId } = actor;
  let step = first;
  while ('more' in step) {
    const progress = step.more;
    const committed = await commit(
      db,
      { workspaceId, userId, command: null, at: now },
      async (c): Promise<UndoStep> => {
        const membership = await membershipOf(c.tx, userId, workspaceId);
        if (!membership) return notFound;
        const refused = can(membership, 'importData', 'workspace', {});
        if (refused) return { ok: false, status: 403, error: 'forbidden', message: refused };
        const done = await undoStep(c, membership, importId, progress, now, c.logCommand);
        if (!('more' in done) && done.ok)
          await tell(c.tx, actor, [
            { name: 'undoImport', args: { workspaceId, id: importId }, steps: [] },
          ]);
        return done;
      },
      undoWrote,
    );
    step = committed?.result ?? notFound;
  }
  if (!step.ok) return step;
  const after = await importOf(db, importId);
  return after ? { ok: true, import: after } : step;
}
