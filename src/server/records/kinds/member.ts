import { sql } from 'drizzle-orm';
import { can } from '../../../lib/policy';
import { memberKind } from '../../../lib/records/kinds/member';
import { memberFields } from '../../../lib/sync/fields';
import { followMemberAccess, lastAdminProblem } from '../../sync/membership-sync';
import type { ServerKind } from '../kind';

/** Fields whose change alters the money of the member's logs. */
const moneyFields = ['LoborRate', 'BillableRate', 'rateHistory'];

export const memberServerKind: ServerKind = {
  description: memberKind,
  fields: memberFields,
  table: 'members',
  columns: () => ({}),
  // Their own record; a Manager also sees the members of their projects (of their teams only,
  // when they lead teams).
  visibleTo: ({ viewer, col, theirProjects, inMyTeams, ifMayLeadTeams }) =>
    ifMayLeadTeams(
      sql`(${col('id')} = ${viewer.memberId} OR (${col('id')} IN (SELECT jsonb_array_elements_text(vp.data->'memberIds') ${theirProjects}) AND ${inMyTeams(col('id'))}))`,
      sql`${col('id')} = ${viewer.memberId}`,
    ),
  hidden: [
    { unless: 'seesEveryRow', emptied: { notes: '' } },
    { unless: 'seesAmounts', emptied: { LoborRate: 0, BillableRate: 0, rateHistory: [] } },
  ],
  refusal: ({ actor }) => can(actor, 'manageMembers', 'workspace', {}),
  // A workspace keeps an Admin who can sign in.
  beforeWrite: (ctx) =>
    ctx.live
      ? lastAdminProblem(
          ctx.runner,
          ctx.membership.workspaceId,
          ctx.id,
          ctx.after,
          ctx.op === 'delete',
        )
      : Promise.resolve(null),
  // The member's person gets the member's role and access.
  afterWrite: (ctx) =>
    followMemberAccess(
      ctx.runner,
      ctx.membership.workspaceId,
      { op: ctx.op, id: ctx.id, fields: ctx.fields },
      ctx.after,
      ctx.version,
    ),
  moneyScope: (op, id, changed) =>
    op === 'update' && moneyFields.some((field) => field in changed) ? { memberId: id } : null,
  labelsLogs: true,
};
