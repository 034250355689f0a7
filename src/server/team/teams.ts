import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rolesThat } from '../../lib/policy';
import type { Db } from '../db/connect';
import { teamMembers, teams } from '../db/schema';
import type { Commit } from '../commit/commit';
import { liveIds } from '../sync/records';

/** A team as /teams shows it. */
export interface Team {
  id: string;
  name: string;
  memberIds: string[];
  leadIds: string[];
}

/** Every team of a workspace, by name. */
export async function teamsOf(db: Db, workspaceId: string): Promise<Team[]> {
  const found = await db
    .select()
    .from(teams)
    .where(eq(teams.workspaceId, workspaceId))
    .orderBy(asc(teams.name), asc(teams.id));
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.workspaceId, workspaceId))
    .orderBy(asc(teamMembers.memberId));
  return found.map((team) => {
    const mine = members.filter((m) => m.teamId === team.id);
    return {
      id: team.id,
      name: team.name,
      memberIds: mine.map((m) => m.memberId),
      leadIds: mine.filter((m) => m.lead).map((m) => m.memberId),
    };
  });
}

export type TeamOutcome =
  | { ok: true; team: Team }
  | { ok: false; field: 'id' | 'name' | 'memberIds' | 'leadIds'; message: string };

/**
 * Creates a team (no `id`) or replaces one's name, members and leads, inside the command's
 * commit (src/server/commands/execute.ts runs it as `saveTeam`).
 */
export async function saveTeam(
  { tx, workspaceId, resetVisibility }: Commit,
  input: { id?: string | undefined; name: string; memberIds: string[]; leadIds: string[] },
  now: Date,
): Promise<TeamOutcome> {
  const memberIds = [...new Set(input.memberIds)];
  const leadIds = [...new Set(input.leadIds)];
  if (leadIds.some((id) => !memberIds.includes(id)))
    return { ok: false, field: 'leadIds', message: 'A lead must be a member of the team' };
  const live = await liveIds(tx, workspaceId, 'member', memberIds);
  if (memberIds.some((id) => !live.has(id)))
    return {
      ok: false,
      field: 'memberIds',
      message: 'Choose members from this workspace’s team',
    };
  const taken = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(eq(teams.workspaceId, workspaceId), sql`lower(${teams.name}) = lower(${input.name})`),
    );
  if (taken.some((t) => t.id !== input.id))
    return { ok: false, field: 'name', message: 'Another team has this name' };
  const id = input.id ?? randomUUID();
  if (input.id) {
    const updated = await tx
      .update(teams)
      .set({ name: input.name })
      .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, input.id)))
      .returning({ id: teams.id });
    if (updated.length === 0)
      return {
        ok: false,
        field: 'id',
        message: 'This team does not exist (it may have been deleted)',
      };
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.workspaceId, workspaceId), eq(teamMembers.teamId, id)));
  } else {
    await tx.insert(teams).values({ workspaceId, id, name: input.name, createdAt: now });
  }
  if (memberIds.length > 0)
    await tx.insert(teamMembers).values(
      memberIds.map((memberId) => ({
        workspaceId,
        teamId: id,
        memberId,
        lead: leadIds.includes(memberId),
      })),
    );
  // Who a Manager may see changes with a team: the next pull of everyone who leads teams starts
  // over, so rows they no longer may see leave their devices.
  resetVisibility({ roles: rolesThat('leadTeams') });
  return {
    ok: true,
    team: { id, name: input.name, memberIds: memberIds.sort(), leadIds: leadIds.sort() },
  };
}

/** Deletes a team inside the command's commit; true when there was one. */
export async function deleteTeam({ tx, workspaceId, resetVisibility }: Commit, id: string) {
  const gone = await tx
    .delete(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, id)))
    .returning({ id: teams.id });
  if (gone.length > 0) resetVisibility({ roles: rolesThat('leadTeams') });
  return gone.length > 0;
}
