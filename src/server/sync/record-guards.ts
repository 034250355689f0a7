import { serverKindOf } from '../records/kinds';
import { refusalOf, type Membership } from './permissions';
import type { KindName, Runner, StoredRecord } from './records';

// Two refusals of issue 25, point 6, asked of every create and delete a push applies (apply.ts),
// Admins' too. The facts are read here; the decisions are the policy's (src/lib/policy):
// - the project or the client of an issued invoice is not deleted while the invoice stands, so
//   its logs keep their project and the invoice its client (archiving them is the way out);
// - a deleted record's id is used again only by someone who could have changed that record,
//   so nobody takes over another member's deleted log (its history, its place on a draft).

/**
 * Why this create or delete may not be made because of what it stands on, in words the person
 * reads beside it, or null: deleting the project or the client of an issued invoice, or creating
 * a record with the id of a deleted one the person could not have changed.
 */
export async function recordGuardProblem(
  runner: Runner,
  membership: Membership,
  change: {
    kind: KindName;
    op: 'create' | 'update' | 'delete';
    existing: StoredRecord | null;
    id: string;
  },
  now: Date,
): Promise<string | null> {
  const { kind, op, existing, id } = change;
  const { workspaceId } = membership;
  const { guardDelete, description } = serverKindOf(kind);
  // What stands on a record (an issued invoice on a project or client) is its kind's hook.
  if (op === 'delete' && existing && !existing.deleted && guardDelete)
    return guardDelete(runner, workspaceId, id);
  if (op === 'create' && existing?.deleted) {
    // Bringing a record back undoes its removal: it is for those who could have removed it.
    const problem = await refusalOf(
      runner,
      membership,
      { kind, op: 'delete', fields: {}, existing: { data: existing.data, deleted: false } },
      now,
    );
    if (problem)
      return `This ${description.label} was deleted, and only someone who could change it may bring it back.`;
  }
  return null;
}
