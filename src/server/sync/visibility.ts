import { sql, type SQL } from 'drizzle-orm';
import { serverKindOf } from '../records/kinds';
import { rows, type Fields, type KindName, type Runner } from './records';
import type { Membership } from './permissions';
import { mayLeadTeams, seesEveryRow } from '../../lib/policy';

/**
 * What each role may see (SPEC.md section 6, docs/security.md "Roles"), as SQL conditions on a
 * kind's table, so rows a person may not see never leave the database. Whether a person sees
 * every row, or may lead teams, is the policy's to say; which rows of a kind the others see is
 * the kind's rule (`visibleTo` of src/server/records/kinds/*):
 *
 * - Admin: everything in the workspace.
 * - Manager: the projects that list them as a member (`data->'memberIds'`), those projects'
 *   clients, tasks, members and every log on them, and their own logs anywhere; when they lead
 *   teams, of other people only the members of those teams.
 * - Normal: the projects that list them, those projects' clients and tasks, their own
 *   team-member record and their own logs (also on a project they have left, read-only).
 *
 * `at` is the table's alias in the query ('' when the table is not aliased).
 */
export function visibleCondition(membership: Membership, kind: KindName, at = ''): SQL {
  const me = sql`${membership.memberId ?? ''}`;
  const mine = sql`${JSON.stringify([membership.memberId ?? ''])}::jsonb`;
  const sets = viewerSets(membership.workspaceId, me, mine);
  return visibleTo(
    {
      workspaceId: membership.workspaceId,
      memberId: me,
      mine,
      ownsProject: listsMember(mine),
      isIn: (set, column) => sql`${column} IN (${sets[set]})`,
      leadsTeams: sets.leadsTeams,
      seesAll: seesEveryRow(membership),
      leads: mayLeadTeams(membership),
    },
    kind,
    at,
  );
}

/** A project `vp` lists them as a member (`mine`: a JSON array of their one member id). */
export const listsMember = (mine: SQL) => sql`vp.data->'memberIds' @> ${mine}`;

/**
 * The same rule for many people at once: a row (`member_id`, `project_id`) for each member a
 * project of the workspace lists, read in one pass over the projects (a poke's delivery, where
 * checking each listening person against each project's list cost 500 × 20 list scans).
 */
export const projectsOfMembers = (workspaceId: string) =>
  sql`SELECT m.member_id, vp.id AS project_id FROM projects vp,
    jsonb_array_elements_text(CASE WHEN jsonb_typeof(vp.data->'memberIds') = 'array' THEN vp.data->'memberIds' ELSE '[]'::jsonb END) AS m(member_id)
    WHERE vp.workspace_id = ${workspaceId}`;

/**
 * The sets a person's visibility is made of, as subqueries over their team-member id `me` (and
 * `mine`, for `listsMember`). A pull uses them as they are; a poke's delivery works each out once
 * per listening person (viewer-changes.ts), not once per changed row and person.
 */
export function viewerSets(workspaceId: string, me: SQL, mine: SQL) {
  const w = workspaceId;
  return {
    /** The projects that list them as a member. */
    projects: sql`SELECT vp.id FROM projects vp WHERE vp.workspace_id = ${w} AND ${listsMember(mine)}`,
    /** The members of the teams they lead (0012_teams). */
    teamMembers: sql`SELECT vt.member_id FROM team_members vt JOIN team_members vl ON vl.workspace_id = vt.workspace_id AND vl.team_id = vt.team_id WHERE vl.workspace_id = ${w} AND vl.member_id = ${me} AND vl.lead`,
    /** Whether they lead any team. */
    leadsTeams: sql`EXISTS (SELECT 1 FROM team_members vl WHERE vl.workspace_id = ${w} AND vl.member_id = ${me} AND vl.lead)`,
  };
}

/** The id sets of `viewerSets`. */
export type ViewerSet = 'projects' | 'teamMembers';

/**
 * Whose visibility a condition applies: one member, with their values as literals (a pull), or
 * a row of a list of viewers, with their values as that row's columns (a poke's delivery, which
 * reads a change once for everyone who may see it: poke-delivery.ts). The role's part (whether
 * they see every row, whether they may lead teams) is decided by the policy for each viewer.
 */
export interface Viewer {
  workspaceId: string;
  /** Their team-member id. */
  memberId: SQL;
  /** A JSON array of that one id, for `listsMember`. */
  mine: SQL;
  /** `column` is in one of the viewer's sets (`viewerSets`). */
  isIn: (set: ViewerSet, column: SQL) => SQL;
  /** The project `vp` is one of theirs (`listsMember`, or found in their worked-out set). */
  ownsProject: SQL;
  /** Whether they lead any team. */
  leadsTeams: SQL;
  seesAll: boolean | SQL;
  leads: boolean | SQL;
}

/** `whenTrue` where `flag` holds and `whenFalse` elsewhere; one of them when it is a constant. */
function either(flag: boolean | SQL, whenTrue: SQL, whenFalse: SQL): SQL {
  if (typeof flag === 'boolean') return flag ? whenTrue : whenFalse;
  return sql`((${flag} AND ${whenTrue}) OR (NOT ${flag} AND ${whenFalse}))`;
}

/** The rows of `kind` the viewer may see, as a condition on its table (aliased `at`). */
export function visibleTo(viewer: Viewer, kind: KindName, at = ''): SQL {
  if (viewer.seesAll === true) return sql`true`;
  const col = (name: string) => sql.raw(at ? `${at}.${name}` : name);
  const { isIn } = viewer;
  const theirProjects = sql`FROM projects vp WHERE vp.workspace_id = ${viewer.workspaceId} AND ${viewer.ownsProject}`;
  // A Manager who leads teams sees, of others, only the members of those teams (0012_teams).
  const inMyTeams = (column: SQL) =>
    sql`(NOT ${viewer.leadsTeams} OR ${isIn('teamMembers', column)})`;
  const condition = serverKindOf(kind).visibleTo({
    viewer,
    col,
    theirProjects,
    inMyTeams,
    ifMayLeadTeams: (whenTrue, whenFalse) => either(viewer.leads, whenTrue, whenFalse),
  });
  return viewer.seesAll === false ? condition : sql`(${viewer.seesAll} OR ${condition})`;
}

/**
 * What a person is not sent of a record of `kind`: fields sent emptied (`emptied`, added when
 * missing) and fields left out (`dropped`); null when they are sent everything. The one rule,
 * applied to records in memory (`redacted`) and in SQL (`redactedSql`, a pull's rows).
 *
 * Not sent: rates and costs to those who may not see amounts, a member's private notes and a
 * client's contact and billing details to anyone but Admins. Empty values rather than missing
 * fields, so the browser's records keep their shape; an invoiced log's `billed` figures,
 * optional on every log, are left out.
 */
export function redaction(
  membership: Membership,
  kind: KindName,
): { emptied: Fields; dropped: string[] } | null {
  if (seesEveryRow(membership)) return null;
  // Each kind says which fields are hidden unless the reader sees every row or sees amounts;
  // whether they do is the policy's answer (seesEveryRow above, `seesAmounts` of the actor).
  const hidden = serverKindOf(kind).hidden.filter(
    (rule) => rule.unless === 'seesEveryRow' || !membership.seesAmounts,
  );
  if (hidden.length === 0) return null;
  return {
    emptied: Object.assign({}, ...hidden.map((rule) => rule.emptied ?? {})) as Fields,
    dropped: hidden.flatMap((rule) => rule.dropped ?? []),
  };
}

/** A record as the person may see it (`redaction`). */
export function redacted(membership: Membership, kind: KindName, data: Fields): Fields {
  const rule = redaction(membership, kind);
  if (!rule) return data;
  const out: Fields = { ...data, ...rule.emptied };
  for (const field of rule.dropped) delete out[field];
  return out;
}

/** The same as `redacted`, on a JSONB expression: the rows leave the database redacted. */
export function redactedSql(membership: Membership, kind: KindName, data: SQL): SQL {
  const rule = redaction(membership, kind);
  if (!rule) return data;
  const kept = rule.dropped.reduce((expr, field) => sql`(${expr} - ${field}::text)`, data);
  return Object.keys(rule.emptied).length === 0
    ? kept
    : sql`(${kept} || ${JSON.stringify(rule.emptied)}::jsonb)`;
}

/** The ids of `kind` the person may see (deleted ones too), or null when they see them all. */
export async function visibleIds(
  runner: Runner,
  membership: Membership,
  kind: KindName,
): Promise<Set<string> | null> {
  if (seesEveryRow(membership)) return null;
  const found = await rows<{ id: string }>(
    runner,
    sql`SELECT id FROM ${sql.identifier(serverKindOf(kind).table)} WHERE workspace_id = ${membership.workspaceId} AND ${visibleCondition(membership, kind)}`,
  );
  return new Set(found.map((row) => row.id));
}
