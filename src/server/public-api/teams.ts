import { sql } from 'drizzle-orm';
import type { PublicTeam } from '../../lib/contracts/public-api';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import type { EntryCursor } from './time-entries';

// The public API's teams (issue 50): each with its members and leads, as the Teams screen
// shows them (src/server/team/teams.ts). Who may read them is the policy's (the `teams` read of
// src/lib/commands/workspace-reads.ts), asked by the handler. Paged as records are, by when
// each was made, which no change of a team moves.

interface TeamRow {
  id: string;
  name: string;
  created: string;
  cursor_at: string;
  member_ids: string[] | null;
  lead_ids: string[] | null;
}

const UTC_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

function select(workspaceId: string) {
  return sql`SELECT t.id, t.name,
    to_char(t.created_at AT TIME ZONE 'UTC', ${sql.raw(UTC_MS)}) AS created,
    to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
    (SELECT array_agg(m.member_id ORDER BY m.member_id) FROM team_members m
      WHERE m.workspace_id = t.workspace_id AND m.team_id = t.id) AS member_ids,
    (SELECT array_agg(m.member_id ORDER BY m.member_id) FROM team_members m
      WHERE m.workspace_id = t.workspace_id AND m.team_id = t.id AND m.lead) AS lead_ids
    FROM teams t WHERE t.workspace_id = ${workspaceId}`;
}

const teamOf = (row: TeamRow): PublicTeam => ({
  id: row.id,
  name: row.name,
  memberIds: row.member_ids ?? [],
  leadIds: row.lead_ids ?? [],
  createdAt: row.created,
});

/** A page of the workspace's teams, oldest made first. */
export async function listTeams(
  db: Db,
  membership: Membership,
  after: EntryCursor | null,
  limit: number,
): Promise<{ data: PublicTeam[]; next: EntryCursor | null }> {
  const page = after
    ? sql` AND (t.created_at, t.id) > (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  const found = await rows<TeamRow>(
    db,
    sql`${select(membership.workspaceId)}${page} ORDER BY t.created_at, t.id LIMIT ${limit + 1}`,
  );
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map(teamOf),
    next: found.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : null,
  };
}

/** One team of the workspace, or null. */
export async function readTeam(
  db: Db,
  membership: Membership,
  id: string,
): Promise<PublicTeam | null> {
  const [row] = await rows<TeamRow>(db, sql`${select(membership.workspaceId)} AND t.id = ${id}`);
  return row ? teamOf(row) : null;
}
