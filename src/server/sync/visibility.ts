import { sql, type SQL } from 'drizzle-orm';
import type { RecordKind } from '../../lib/sync/mutations';
import { rows, type Fields, type Runner } from './records';
import type { Membership } from './permissions';
import { mayLeadTeams, seesEveryRow } from '../../lib/policy';

/**
 * What each role may see (SPEC.md section 6, docs/security.md "Roles"), as SQL conditions on a
 * kind's table, so rows a person may not see never leave the database:
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
export function visibleCondition(membership: Membership, kind: RecordKind, at = ''): SQL {
  const me = membership.memberId ?? '';
  return visibleTo(
    {
      workspaceId: membership.workspaceId,
      memberId: sql`${me}`,
      mine: sql`${JSON.stringify([me])}::jsonb`,
      seesAll: seesEveryRow(membership),
      leads: mayLeadTeams(membership),
    },
    kind,
    at,
  );
}

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
  /** A JSON array of that one id, for the projects' `memberIds`. */
  mine: SQL;
  seesAll: boolean | SQL;
  leads: boolean | SQL;
}

/** `whenTrue` where `flag` holds and `whenFalse` elsewhere; one of them when it is a constant. */
function either(flag: boolean | SQL, whenTrue: SQL, whenFalse: SQL): SQL {
  if (typeof flag === 'boolean') return flag ? whenTrue : whenFalse;
  return sql`((${flag} AND ${whenTrue}) OR (NOT ${flag} AND ${whenFalse}))`;
}

/** The rows of `kind` the viewer may see, as a condition on its table (aliased `at`). */
export function visibleTo(viewer: Viewer, kind: RecordKind, at = ''): SQL {
  if (viewer.seesAll === true) return sql`true`;
  const w = viewer.workspaceId;
  const me = viewer.memberId;
  const col = (name: string) => sql.raw(at ? `${at}.${name}` : name);
  const mine = viewer.mine;
  const myProjects = sql`SELECT vp.id FROM projects vp WHERE vp.workspace_id = ${w} AND vp.data->'memberIds' @> ${mine}`;
  // A Manager who leads teams sees, of others, only the members of those teams (0012_teams).
  const leadsTeams = sql`EXISTS (SELECT 1 FROM team_members vl WHERE vl.workspace_id = ${w} AND vl.member_id = ${me} AND vl.lead)`;
  const myTeamMembers = sql`SELECT vt.member_id FROM team_members vt JOIN team_members vl ON vl.workspace_id = vt.workspace_id AND vl.team_id = vt.team_id WHERE vl.workspace_id = ${w} AND vl.member_id = ${me} AND vl.lead`;
  const inMyTeams = (column: SQL) => sql`(NOT ${leadsTeams} OR ${column} IN (${myTeamMembers}))`;
  const condition = ((): SQL => {
    switch (kind) {
      case 'project':
        return sql`${col('data')}->'memberIds' @> ${mine}`;
      case 'task':
        return sql`${col('project_id')} IN (${myProjects})`;
      case 'client':
        return sql`${col('id')} IN (SELECT vp.client_id FROM projects vp WHERE vp.workspace_id = ${w} AND vp.data->'memberIds' @> ${mine} AND vp.client_id IS NOT NULL)`;
      case 'member':
        return either(
          viewer.leads,
          sql`(${col('id')} = ${me} OR (${col('id')} IN (SELECT jsonb_array_elements_text(vp.data->'memberIds') FROM projects vp WHERE vp.workspace_id = ${w} AND vp.data->'memberIds' @> ${mine}) AND ${inMyTeams(col('id'))}))`,
          sql`${col('id')} = ${me}`,
        );
      case 'timeLog':
        return either(
          viewer.leads,
          sql`(${col('member_id')} = ${me} OR (${col('project_id')} IN (${myProjects}) AND ${inMyTeams(col('member_id'))}))`,
          sql`${col('member_id')} = ${me}`,
        );
    }
  })();
  return viewer.seesAll === false ? condition : sql`(${viewer.seesAll} OR ${condition})`;
}

/**
 * A client's contact and billing details (issue 31): only those who manage clients (Admins) are
 * sent them. Everyone else sees a client by its name, country and status, enough to label
 * projects and reports, and not the people to call or the tax numbers to bill.
 */
const clientDetails = {
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  vatNumber: '',
  city: '',
  postCode: '',
  electronicAddress: '',
  electronicAddressScheme: '',
  buyerReference: '',
} as const;

/** A client without its contact and billing details (the fields it has, emptied). */
function withoutClientDetails(data: Fields): Fields {
  const out: Fields = { ...data };
  for (const [field, empty] of Object.entries(clientDetails)) if (field in out) out[field] = empty;
  return out;
}

/**
 * A record as the person may see it: without rates and costs for those who may not see amounts,
 * without a member's private notes and a client's contact and billing details for anyone but
 * Admins. Empty values rather than missing fields, so the browser's records keep their shape; an
 * invoiced log's `billed` figures, optional on every log, are left out.
 */
export function redacted(membership: Membership, kind: RecordKind, data: Fields): Fields {
  if (seesEveryRow(membership)) return data;
  if (kind === 'client') return withoutClientDetails(data);
  if (kind === 'member')
    return membership.seesAmounts
      ? { ...data, notes: '' }
      : { ...data, notes: '', LoborRate: 0, BillableRate: 0, rateHistory: [] };
  if (membership.seesAmounts) return data;
  if (kind === 'project') return { ...data, billamount: 0 };
  if (kind === 'task') return { ...data, billableRate: null };
  if (kind === 'timeLog' && 'billed' in data) {
    // An invoiced log's frozen figures (frozen-amounts.ts) are amounts too.
    const { billed: _billed, ...rest } = data;
    return rest;
  }
  return data;
}

const tableOf: Record<RecordKind, string> = {
  client: 'clients',
  project: 'projects',
  task: 'tasks',
  member: 'members',
  timeLog: 'time_logs',
};

/** The ids of `kind` the person may see (deleted ones too), or null when they see them all. */
export async function visibleIds(
  runner: Runner,
  membership: Membership,
  kind: RecordKind,
): Promise<Set<string> | null> {
  if (seesEveryRow(membership)) return null;
  const found = await rows<{ id: string }>(
    runner,
    sql`SELECT id FROM ${sql.identifier(tableOf[kind])} WHERE workspace_id = ${membership.workspaceId} AND ${visibleCondition(membership, kind)}`,
  );
  return new Set(found.map((row) => row.id));
}
