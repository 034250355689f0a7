import { sql } from 'drizzle-orm';
import { endStreams } from './poke';
import { rows, type Fields, type Runner } from './records';
import { isAdmin, roleOf, rolesThat } from '../../lib/policy';

/** A team-member record's role and access, as its person's membership follows them. */
function accessOf(data: Fields, deleted: boolean) {
  return { role: roleOf(data['Role']), archived: deleted || data['status'] === 'Archived' };
}

/**
 * Why a change to a team member would leave the workspace without an Admin who can sign in, or
 * null. Checked for everyone, Admins included: the last Admin hands the workspace on first.
 */
export async function lastAdminProblem(
  runner: Runner,
  workspaceId: string,
  memberId: string,
  after: Fields,
  deleting: boolean,
): Promise<string | null> {
  const next = accessOf(after, deleting);
  if (isAdmin(next) && !next.archived) return null;
  const admins = await rows<{ member_id: string | null }>(
    runner,
    sql`SELECT member_id FROM memberships WHERE workspace_id = ${workspaceId} AND role IN ${rolesThat('holdWorkspace')} AND NOT archived FOR UPDATE`,
  );
  if (!admins.some((a) => a.member_id === memberId)) return null;
  return admins.length > 1
    ? null
    : 'A workspace needs an Admin who can sign in: make someone else Admin first.';
}

/**
 * After a team member's record changed: their person gets the member's role and access (the
 * member kind's hook, src/server/records/kinds/member.ts).
 */
export async function followMemberAccess(
  runner: Runner,
  workspaceId: string,
  change: { op: 'create' | 'update' | 'delete'; id: string; fields: Fields },
  after: Fields,
  version: number,
): Promise<void> {
  const { op, id, fields } = change;
  if (op !== 'delete' && !('Role' in fields) && !('status' in fields)) return;
  const access = accessOf(after, op === 'delete');
  const people = await rows<{ user_id: string; changed: boolean }>(
    runner,
    sql`WITH before AS (SELECT user_id, role, archived FROM memberships WHERE workspace_id = ${workspaceId} AND member_id = ${id} FOR UPDATE)
      UPDATE memberships m SET role = ${access.role}, archived = ${access.archived}, reset_version = ${version}
      FROM before WHERE m.workspace_id = ${workspaceId} AND m.user_id = before.user_id
      RETURNING m.user_id, (before.role <> m.role OR before.archived <> m.archived) AS changed`,
  );
  // A person taken out of the workspace loses their API tokens for it for good (issue 50): were
  // they let back in, a token made before would otherwise work again.
  const out = people.filter((person) => person.changed).map((person) => person.user_id);
  if (access.archived && out.length > 0)
    await runner.execute(
      sql`UPDATE api_tokens SET revoked_at = now() WHERE workspace_id = ${workspaceId} AND revoked_at IS NULL AND user_id IN (${sql.join(
        out.map((userId) => sql`${userId}::uuid`),
        sql`, `,
      )})`,
    );
  // Their open streams end now, on every process: the one of a person who lost access would
  // otherwise keep hearing versions, and one with a new role reconnects and pulls.
  for (const person of people)
    if (person.changed) await endStreams(runner, person.user_id, workspaceId);
}

/**
 * After a change that moves rows between what people may see (project members, a task's or a
 * log's project or member: each kind's `movesVisibility`): every device of someone who does not
 * see every row starts its next pull afresh, so rows they lost leave it.
 */
export async function resetVisibility(
  runner: Runner,
  workspaceId: string,
  version: number,
): Promise<void> {
  await runner.execute(
    sql`UPDATE memberships SET reset_version = ${version} WHERE workspace_id = ${workspaceId} AND role NOT IN ${rolesThat('seeEveryRow')}`,
  );
}
