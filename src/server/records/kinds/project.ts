import { sql } from 'drizzle-orm';
import { can, factsOf } from '../../../lib/policy';
import { invoiceHoldRefusal } from '../../../lib/policy/invoice-hold';
import { projectKind } from '../../../lib/records/kinds/project';
import { projectFields } from '../../../lib/sync/fields';
import { pendLogsOnApprovalStart } from '../../sync/approval-start';
import { rows } from '../../sync/records';
import type { ServerKind } from '../kind';

/** Fields whose change alters the money of the project's logs. */
const moneyFields = ['billable', 'billamount', 'rounding', 'timeInterval'];

export const projectServerKind: ServerKind = {
  description: projectKind,
  fields: projectFields,
  table: 'projects',
  columns: (d) => ({ client_id: d['clientId'] ?? null }),
  // The projects that list the reader as a member.
  visibleTo: ({ col, viewer }) => sql`${col('data')}->'memberIds' @> ${viewer.mine}`,
  hidden: [{ unless: 'seesAmounts', emptied: { billamount: 0 } }],
  rateFields: projectKind.rateFields,
  refusal: ({ actor, op, fields, before }) => {
    if (op === 'create') return can(actor, 'createProject', 'workspace', {});
    if (op === 'delete') return can(actor, 'deleteProject', 'workspace', {});
    if ('approval' in fields && fields['approval'] !== before?.['approval']) {
      const approval = can(actor, 'setApproval', 'workspace', {});
      if (approval) return approval;
    }
    return can(actor, 'edit', 'project', { project: factsOf.project(before) });
  },
  // Its logs keep their project while an issued invoice holds their time.
  guardDelete: async (runner, workspaceId, id) => {
    const [found] = await rows<{ number: string }>(
      runner,
      sql`SELECT data->>'invoice' AS number FROM time_logs
        WHERE workspace_id = ${workspaceId} AND project_id = ${id} AND NOT deleted
          AND data->>'invoice' IS NOT NULL
        ORDER BY 1 LIMIT 1`,
    );
    return invoiceHoldRefusal('project', found?.number ?? null);
  },
  // Approval turned on (a deleted project made again keeps what it was): only the rule for what
  // comes next changes, so its logs that nobody reviewed become pending (issue 47).
  afterWrite: async (ctx) => {
    if (ctx.op === 'delete') return;
    if (ctx.existing?.data['approval'] === true || ctx.after['approval'] !== true) return;
    ctx.touched('timeLog', await pendLogsOnApprovalStart(ctx, ctx.id));
  },
  movesVisibility: (changed) => 'memberIds' in changed,
  moneyScope: (op, id, changed) =>
    op === 'update' && moneyFields.some((field) => field in changed) ? { projectId: id } : null,
  labelsLogs: true,
};
