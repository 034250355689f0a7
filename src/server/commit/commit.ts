import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { memberships, workspaces } from '../db/schema';
import { pokeWorkspace } from '../sync/poke';

/** Whose next pull starts over from nothing, because what they may see changed. */
export type VisibilityReset = { role: 'Manager' } | { userIds: string[] };

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
}

/** What a commit came to: the write's own answer, and the version it wrote if it wrote. */
export interface Committed<T> {
  result: T;
  /** The workspace's version after the commit; unchanged when the write changed nothing. */
  version: number;
  changed: boolean;
}

/**
 * The one way a change reaches a workspace, whatever carried it (a sync push, a REST call, later
 * an import or the public API): in one transaction it locks the workspace row, hands the write
 * the next version, and, when the write says it changed something, moves the workspace to that
 * version once, resets whose visibility the write named, and pokes every device once. The poke
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
  workspaceId: string,
  write: (commit: Commit) => Promise<T>,
  changed: (result: T) => boolean = () => true,
): Promise<Committed<T> | null> {
  return db.transaction(async (tx) => {
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
    const result = await write({
      tx,
      workspaceId,
      version,
      resetVisibility: (who) => resets.push(who),
    });
    if (!changed(result)) return { result, version: workspace.version, changed: false };
    await tx.update(workspaces).set({ version }).where(eq(workspaces.id, workspaceId));
    for (const who of resets) await resetVisibility(tx, workspaceId, version, who);
    await pokeWorkspace(tx, workspaceId, version);
    return { result, version, changed: true };
  });
}

async function resetVisibility(tx: Db, workspaceId: string, version: number, who: VisibilityReset) {
  const whose =
    'role' in who
      ? eq(memberships.role, who.role)
      : who.userIds.length > 0
        ? inArray(memberships.userId, who.userIds)
        : undefined;
  if (!whose) return;
  await tx
    .update(memberships)
    .set({ resetVersion: version })
    .where(and(eq(memberships.workspaceId, workspaceId), whose));
}

/**
 * A commit whose write answers `{ ok: true, … }` when it changed something and a refusal
 * (`ok: false`) when it did not; `missing` answers for a workspace that no longer exists.
 */
export async function commitOutcome<T extends { ok: boolean }>(
  db: Db,
  workspaceId: string,
  write: (commit: Commit) => Promise<T>,
  missing: T,
): Promise<T> {
  const committed = await commit(db, workspaceId, write, (outcome) => outcome.ok);
  return committed?.result ?? missing;
}
