import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../lib/policy';
import type { Db } from '../db/connect';
import { memberships, workspaces } from '../db/schema';
import { pokeStatement } from '../sync/poke';

/** Whose next pull starts over from nothing, because what they may see changed. */
export type VisibilityReset = { roles: readonly Role[] } | { userIds: string[] };

/** A record a command touched, as the change history names it. */
export interface Touched {
  kind: string;
  id: string;
}

/** One command in the change history: who, what, on which records, with what. */
export interface ChangeEntry {
  command: string;
  records: Touched[];
  /** What the command was given (long text shortened), so a history can say what changed. */
  details?: unknown;
}

/** Where a commit comes from: its workspace, the person, and the command (null: the write names its own). */
export interface CommitOrigin {
  workspaceId: string;
  /** The person making the change (null for the system: a scheduled job). */
  userId: string | null;
  /** The command this commit is (one history entry), or null when the write logs each of its own. */
  command: string | null;
  /** The record the command is about. */
  subject?: Touched;
  /** When, by the request's clock. */
  at: Date;
}

/** What a write sees while it runs inside a commit. */
export interface Commit {
  /** The transaction every write of the commit runs in. */
  tx: Db;
  workspaceId: string;
  /** The version this commit's rows carry, and the workspace's version once it commits. */
  version: number;
  /**
   * Makes these people's next pull start over (membership.resetVersion), so rows they may no
   * longer see leave their devices: a role, a team or "Managers see amounts" changed.
   */
  resetVisibility: (who: VisibilityReset) => void;
  /** Adds one command of a batch to the change history (a push logs each mutation it applied). */
  logCommand: (entry: ChangeEntry) => void;
}

/** What a commit came to: the write's own answer, and the version it wrote if it wrote. */
export interface Committed<T> {
  result: T;
  /** The workspace's version after the commit; unchanged when the write changed nothing. */
  version: number;
  changed: boolean;
}

/** How a commit runs, beyond what it writes. */
export interface CommitOptions {
  /**
   * Runs in the commit's transaction before the workspace row is locked: reads and row locks of
   * the write's own (a push locks its device's row and checks its mutation ids), so the
   * workspace, which every writer of it waits for, is held for fewer round trips. It must not
   * write rows that carry a version.
   */
  beforeLock?: (tx: Db) => Promise<void>;
}

/**
 * The one way a change reaches a workspace, whatever carried it (a sync push, a REST call, later
 * an import or the public API): in one transaction it locks the workspace row, hands the write
 * the next version, and, when the write says it changed something, moves the workspace to that
 * version once, resets whose visibility the write named, writes one change-history row per
 * command (`change_log`: the commit's own command, or each one a batch logged), and pokes every
 * device once. The poke
 * is a NOTIFY sent inside the transaction, so devices hear of the change only once it commits
 * and never of one rolled back. No other code moves a version or pokes
 * (tests/server/one-commit.test.ts greps for it).
 *
 * `changed` says from the write's answer whether it changed anything (a push whose every
 * mutation was refused still commits its stored results, but moves no version). Answers null
 * when the workspace does not exist.
 */
export async function commit<T>(
  db: Db,
  origin: CommitOrigin,
  write: (commit: Commit) => Promise<T>,
  changed: (result: T) => boolean = () => true,
  options: CommitOptions = {},
): Promise<Committed<T> | null> {
  const { workspaceId } = origin;
  return db.transaction(async (tx) => {
    await options.beforeLock?.(tx);
    // NO KEY UPDATE: the foreign keys the write checks take KEY SHARE locks on this row, and a
    // plain FOR UPDATE taken after them deadlocks two commits against each other.
    const [workspace] = await tx
      .select({ version: workspaces.version })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('no key update');
    if (!workspace) return null;
    const version = workspace.version + 1;
    const resets: VisibilityReset[] = [];
    const entries: ChangeEntry[] = origin.command
      ? [{ command: origin.command, records: origin.subject ? [origin.subject] : [] }]
      : [];
    const result = await write({
      tx,
      workspaceId,
      version,
      resetVisibility: (who) => resets.push(who),
      logCommand: (entry) => entries.push(entry),
    });
    if (!changed(result)) return { result, version: workspace.version, changed: false };
    for (const who of resets) await resetVisibility(tx, workspaceId, version, who);
    // A push changes records, which each device is sent as the rows it may see; any other write
    // (settings, invoices, teams, invitations) may change what a pull's `access` says, so every
    // device pulls (issue 34). The version, the history and the poke are one statement: each
    // round trip here is one more that every other writer of the workspace waits for.
    const pullAll = origin.command !== null || resets.length > 0;
    await tx.execute(sql`
      WITH bumped AS (UPDATE workspaces SET version = ${version}::bigint WHERE id = ${workspaceId}::uuid RETURNING id)
      ${historyStatement(origin, version, entries)}
      SELECT ${pokeStatement(workspaceId, version, pullAll)} FROM bumped`);
    return { result, version, changed: true };
  });
}

/** Longest text kept in a history entry's details. */
const DETAIL_TEXT = 200;

/** Details with long text cut, so the history stays small whatever a command carried. */
function shortened(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > DETAIL_TEXT ? `${value.slice(0, DETAIL_TEXT)}…` : value;
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => shortened(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v, depth + 1)]));
}

/**
 * One row per command, at the commit's version, naming the person as they are called now: a
 * `, logged AS (INSERT …)` clause of the commit's statement (a data-modifying WITH clause runs
 * whether or not it is read), or nothing when there is no command to log.
 */
function historyStatement(origin: CommitOrigin, version: number, entries: ChangeEntry[]) {
  if (entries.length === 0) return sql``;
  const at = origin.at.toISOString();
  const values = entries.map(
    (entry) =>
      sql`(${randomUUID()}::text, ${origin.workspaceId}::uuid, ${version}::bigint, ${at}::timestamptz, ${entry.command}::text,
        ${JSON.stringify(entry.records.slice(0, 500))}::jsonb,
        ${entry.details === undefined ? null : JSON.stringify(shortened(entry.details))}::jsonb)`,
  );
  return sql`, logged AS (
    INSERT INTO change_log (id, workspace_id, version, at, command, records, details, user_id, user_name)
    SELECT v.id, v.workspace_id, v.version, v.at, v.command, v.records, v.details, u.id, coalesce(u.name, '')
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, workspace_id, version, at, command, records, details)
    LEFT JOIN users u ON u.id = ${origin.userId}::uuid)`;
}

async function resetVisibility(tx: Db, workspaceId: string, version: number, who: VisibilityReset) {
  const whose =
    'roles' in who
      ? inArray(memberships.role, [...who.roles])
      : who.userIds.length > 0
        ? inArray(memberships.userId, who.userIds)
        : undefined;
  if (!whose) return;
  await tx
    .update(memberships)
    .set({ resetVersion: version })
    .where(and(eq(memberships.workspaceId, workspaceId), whose));
}
