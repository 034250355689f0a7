import { sql } from 'drizzle-orm';
import { invoiceHoldRefusal } from '../../lib/policy/invoice-hold';
import type { RecordKind } from '../../lib/sync/mutations';
import { refusalOf, type Membership } from './permissions';
import { rows, type Runner, type StoredRecord } from './records';

// Two refusals of issue 25, point 6, asked of every create and delete a push applies (apply.ts),
// Admins' too. The facts are read here; the decisions are the policy's (src/lib/policy):
// - the project or the client of an issued invoice is not deleted while the invoice stands, so
//   its logs keep their project and the invoice its client (archiving them is the way out);
// - a deleted record's id is used again only by someone who could have changed that record,
//   so nobody takes over another member's deleted log (its history, its place on a draft).

const KIND_NAMES: Record<RecordKind, string> = {
  client: 'client',
  project: 'project',
  task: 'task',
  member: 'team member',
  timeLog: 'time log',
};

/** The first issued invoice that holds time of `projectId`, or null. */
async function invoiceOfProject(
  runner: Runner,
  workspaceId: string,
  projectId: string,
): Promise<string | null> {
  const [found] = await rows<{ number: string }>(
    runner,
    sql`SELECT data->>'invoice' AS number FROM time_logs
      WHERE workspace_id = ${workspaceId} AND project_id = ${projectId} AND NOT deleted
        AND data->>'invoice' IS NOT NULL
      ORDER BY 1 LIMIT 1`,
  );
  return found?.number ?? null;
}

/** The first issued invoice made out to `clientId` or holding time of its projects, or null. */
async function invoiceOfClient(
  runner: Runner,
  workspaceId: string,
  clientId: string,
): Promise<string | null> {
  const [found] = await rows<{ number: string }>(
    runner,
    sql`SELECT number FROM invoices
        WHERE workspace_id = ${workspaceId} AND client_id = ${clientId} AND status = 'issued'
      UNION
      SELECT l.data->>'invoice' FROM time_logs l
        JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
        WHERE l.workspace_id = ${workspaceId} AND p.client_id = ${clientId} AND NOT l.deleted
          AND l.data->>'invoice' IS NOT NULL
      ORDER BY 1 LIMIT 1`,
  );
  return found?.number ?? null;
}

/**
 * Why this create or delete may not be made because of what it stands on, in words the person
 * reads beside it, or null: deleting the project or the client of an issued invoice, or creating
 * a record with the id of a deleted one the person could not have changed.
 */
export async function recordGuardProblem(
  runner: Runner,
  membership: Membership,
  change: {
    kind: RecordKind;
    op: 'create' | 'update' | 'delete';
    existing: StoredRecord | null;
    id: string;
  },
  now: Date,
): Promise<string | null> {
  const { kind, op, existing, id } = change;
  const { workspaceId } = membership;
  if (op === 'delete' && existing && !existing.deleted) {
    if (kind === 'project')
      return invoiceHoldRefusal(kind, await invoiceOfProject(runner, workspaceId, id));
    if (kind === 'client')
      return invoiceHoldRefusal(kind, await invoiceOfClient(runner, workspaceId, id));
  }
  if (op === 'create' && existing?.deleted) {
    // Bringing a record back undoes its removal: it is for those who could have removed it.
    const problem = await refusalOf(
      runner,
      membership,
      { kind, op: 'delete', fields: {}, existing: { data: existing.data, deleted: false } },
      now,
    );
    if (problem)
      return `This ${KIND_NAMES[kind]} was deleted, and only someone who could change it may bring it back.`;
  }
  return null;
}
