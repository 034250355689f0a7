import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { executeMembership } from '../commands/execute-membership';
import { memberships, users, workspaces } from '../db/schema';
import { endStreams } from '../sync/poke';
import { isAdmin, rolesThat } from '../../lib/policy';

/** What deleting an account does to one of its workspaces. */
export interface WorkspaceEffect {
  id: string;
  name: string;
  /**
   * 'deleted': no one else is in it, so it goes with the account; 'leave': others stay and an
   * Admin remains; 'blocked': the person is its last Admin and others are in it.
   */
  effect: 'deleted' | 'leave' | 'blocked';
  otherMembers: number;
}

/** What deleting `userId`'s account would do to each workspace they belong to. */
export async function deletionEffects(db: Db, userId: string): Promise<WorkspaceEffect[]> {
  const mine = await db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(workspaces.createdAt);
  if (mine.length === 0) return [];
  const others = await db
    .select({
      workspaceId: memberships.workspaceId,
      members: sql<number>`count(*)::int`,
      admins: sql<number>`count(*) FILTER (WHERE ${inArray(memberships.role, rolesThat('holdWorkspace'))})::int`,
    })
    .from(memberships)
    .where(
      and(
        inArray(
          memberships.workspaceId,
          mine.map((w) => w.id),
        ),
        ne(memberships.userId, userId),
        eq(memberships.archived, false),
      ),
    )
    .groupBy(memberships.workspaceId);
  const byId = new Map(others.map((o) => [o.workspaceId, o]));
  return mine.map((w) => {
    const o = byId.get(w.id);
    const otherMembers = Number(o?.members ?? 0);
    const effect =
      otherMembers === 0
        ? 'deleted'
        : isAdmin(w) && Number(o?.admins ?? 0) === 0
          ? 'blocked'
          : 'leave';
    return { id: w.id, name: w.name, effect, otherMembers };
  });
}

/**
 * Deletes the account with the workspaces no one else is in, unless it is the last Admin of a
 * workspace others still use and did not choose to delete it too (`alsoDelete`): then nothing is
 * deleted and those workspaces are named.
 */
export async function deleteAccountAndWorkspaces(
  db: Db,
  userId: string,
  alsoDelete: readonly string[] = [],
  now = new Date(),
): Promise<{ ok: true } | { ok: false; blocked: WorkspaceEffect[] }> {
  return db.transaction(async (tx) => {
    // The account's row first: two deletions of one account, or a deletion racing a role
    // change, go one after another.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const effects = await deletionEffects(tx, userId);
    const chosen = (e: WorkspaceEffect) => e.effect === 'blocked' && alsoDelete.includes(e.id);
    const blocked = effects.filter((e) => e.effect === 'blocked' && !chosen(e));
    if (blocked.length > 0) return { ok: false as const, blocked };
    const alone = effects.filter((e) => e.effect === 'deleted' || chosen(e)).map((e) => e.id);
    if (alone.length > 0) await tx.delete(workspaces).where(inArray(workspaces.id, alone));
    // The workspaces the person leaves lose a joined member: each is one commit, so its devices
    // pull and show the member as not joined (before the account goes, so the history names them).
    for (const left of effects.filter((e) => e.effect === 'leave'))
      await executeMembership(tx, 'leaveWorkspace', { workspaceId: left.id, userId }, now, () =>
        Promise.resolve(true),
      );
    await tx.delete(users).where(eq(users.id, userId));
    await endStreams(tx, userId);
    return { ok: true as const };
  });
}
