import { sql, type SQL } from 'drizzle-orm';
import { mayLeadTeams, seesEveryRow } from '../../lib/policy';
import { serverKindOf } from '../records/kinds';
import type { Membership } from './permissions';
import { recordKinds, rows, table, type Change, type KindName, type Runner } from './records';
import {
  projectsOfMembers,
  viewerSets,
  visibleTo,
  type Viewer,
  type ViewerSet,
} from './visibility';

// The rows of a change for every person whose devices are listening, read once (issue 34). A
// poke's delivery used to read them once per person, with the pull's query: with 200 people
// connected, each push cost 200 reads, and a PGlite server spent its one connection on them.
// Here each changed row is read once, with the list of those who may see it worked out in the
// same statement by the pull's own visibility conditions (visibility.ts `visibleTo`), each
// person's role and member id a row of a VALUES list instead of literals.

/** A person to read for: their membership and the version their devices have heard up to. */
export interface Reader {
  userId: string;
  membership: Membership;
  since: number;
}

/** What the read found: each reader's rows (index as in `readers`), or too many to send. */
export type ReadersChanges = { tooMany: true } | { tooMany: false; byReader: Change[][] };

/** The columns of `viewers` (below) holding each of a reader's sets (`viewerSets`). */
const setColumn: Record<ViewerSet, string> = {
  projects: 'v_projects',
  teamMembers: 'v_team_members',
};

/**
 * The readers as a table `viewers`: each one's VALUES row, with the sets their visibility is made
 * of worked out once per reader (an array each), not once per changed row and reader. With 500
 * people listening, evaluating the sets' subqueries per row and person kept PostgreSQL busy for
 * longer than the pushes were apart.
 */
function viewersTable(workspaceId: string, readers: readonly Reader[]): SQL {
  // One JSON parameter rather than six per reader: with 1,000 people listening, binding and
  // planning 6,000 parameters took longer than the read itself.
  const list = readers.map((r, i) => ({
    v_idx: i,
    v_user: r.userId,
    v_member: r.membership.memberId ?? '',
    v_all: seesEveryRow(r.membership),
    v_leads: mayLeadTeams(r.membership),
    v_since: r.since,
  }));
  const sets = viewerSets(
    workspaceId,
    sql.raw('r.v_member'),
    sql.raw('jsonb_build_array(r.v_member)'),
  );
  // Only those who may lead teams look into their teams' members.
  const teamMembers = sql`CASE WHEN r.v_all OR NOT r.v_leads THEN NULL ELSE ARRAY(${sets.teamMembers}) END`;
  return sql`readers AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
      AS r(v_idx int, v_user text, v_member text, v_all boolean, v_leads boolean, v_since bigint)),
    readers_projects AS (SELECT p.member_id, array_agg(p.project_id) AS ids FROM (${projectsOfMembers(workspaceId)}) p
      WHERE p.member_id IN (SELECT r.v_member FROM readers r) GROUP BY p.member_id),
    viewers AS (SELECT r.*, CASE WHEN r.v_all THEN NULL ELSE coalesce(rp.ids, '{}'::text[]) END AS v_projects,
      ${teamMembers} AS v_team_members, (NOT r.v_all AND ${sets.leadsTeams}) AS v_leads_teams
      FROM readers r LEFT JOIN readers_projects rp ON rp.member_id = r.v_member)`;
}

/** The viewer of the `viewers` row `v`, for `visibleTo`. */
const viewerRow = (workspaceId: string): Viewer => ({
  workspaceId,
  memberId: sql.raw('v.v_member'),
  ownsProject: sql.raw('vp.id = ANY(v.v_projects)'),
  mine: sql.raw('jsonb_build_array(v.v_member)'),
  isIn: (set, column) => sql`${column} = ANY(${sql.raw(`v.${setColumn[set]}`)})`,
  leadsTeams: sql.raw('v.v_leads_teams'),
  seesAll: sql.raw('v.v_all'),
  leads: sql.raw('v.v_leads'),
});

/**
 * The rows changed after each reader's `since` up to `upTo` that the reader may see. More than
 * `limit` changed rows in all answers `tooMany` (the devices are told to pull instead).
 */
export async function changesForReaders(
  runner: Runner,
  workspaceId: string,
  readers: readonly Reader[],
  upTo: number,
  limit: number,
): Promise<ReadersChanges> {
  if (readers.length === 0) return { tooMany: false, byReader: [] };
  const since = Math.min(...readers.map((r) => r.since));
  const viewer = viewerRow(workspaceId);
  const who = (kind: KindName) =>
    sql`ARRAY(SELECT v.v_idx FROM viewers v WHERE t.version > v.v_since AND ${visibleTo(viewer, kind, 't')})`;
  const data = (kind: KindName) => serverKindOf(kind).deviceData?.('t') ?? sql`t.data`;
  const parts = recordKinds().map(
    (kind) =>
      sql`(SELECT ${kind}::text AS kind, t.id, t.version, t.deleted, CASE WHEN t.deleted THEN NULL ELSE ${data(kind)} END AS data, t.created_at, t.updated_at, ${who(kind)} AS who
        FROM ${table(kind)} t WHERE t.workspace_id = ${workspaceId} AND t.version > ${since} AND t.version <= ${upTo}
        ORDER BY t.version, t.id LIMIT ${limit + 1})`,
  );
  // A stopwatch is seen by its own person only.
  parts.push(
    sql`(SELECT 'timer'::text AS kind, t.user_id::text AS id, t.version, false AS deleted, t.data, t.updated_at AS created_at, t.updated_at,
        ARRAY(SELECT v.v_idx FROM viewers v WHERE v.v_user = t.user_id::text AND t.version > v.v_since) AS who
      FROM timers t WHERE t.workspace_id = ${workspaceId} AND t.version > ${since} AND t.version <= ${upTo}
        AND t.user_id::text IN (SELECT v.v_user FROM viewers v)
      ORDER BY t.version LIMIT ${limit + 1})`,
  );
  const found = await rows<{
    kind: Change['kind'];
    id: string;
    version: string | number;
    deleted: boolean;
    data: Change['data'];
    created_at: Date | string;
    updated_at: Date | string;
    who: (number | string)[] | string | null;
  }>(
    runner,
    sql`WITH ${viewersTable(workspaceId, readers)}
      SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS changed ORDER BY version, kind, id`,
  );
  if (found.length > limit) return { tooMany: true };
  const byReader: Change[][] = readers.map(() => []);
  for (const { created_at, updated_at, who, ...row } of found) {
    const change: Change = {
      ...row,
      version: Number(row.version),
      createdAt: new Date(created_at).toISOString(),
      updatedAt: new Date(updated_at).toISOString(),
    };
    for (const index of indexesOf(who)) byReader[index]?.push(change);
  }
  return { tooMany: false, byReader };
}

/** The readers' indexes of an int[] column, as either driver answers it (an array or '{1,2}'). */
function indexesOf(value: (number | string)[] | string | null): number[] {
  if (value === null) return [];
  const list = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : value;
  return list.filter((v) => v !== '').map(Number);
}
