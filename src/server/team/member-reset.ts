import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { invitations, memberships, users } from '../db/schema';

/**
 * Whether an Admin of `workspaceId` may make a password-reset link for the account of team member
 * `memberId`: only when the account joined through this workspace's invitation and belongs to no
 * other workspace, so one workspace's Admin cannot take over an account that matters elsewhere.
 */
export async function memberResetTarget(
  db: Db,
  workspaceId: string,
  memberId: string,
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const [member] = await db
    .select({ userId: memberships.userId, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.memberId, memberId)));
  if (!member)
    return {
      ok: false,
      message: 'This team member has not signed in yet: invite them instead.',
    };
  const [invited] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.acceptedBy, member.userId),
        isNotNull(invitations.acceptedAt),
      ),
    )
    .limit(1);
  if (!invited)
    return {
      ok: false,
      message:
        'They did not join through an invitation of this workspace, so only they can reset their password (Forgot password on the sign-in page).',
    };
  const [elsewhere] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.userId, member.userId), ne(memberships.workspaceId, workspaceId)));
  if (Number(elsewhere?.n ?? 0) > 0)
    return {
      ok: false,
      message:
        'They also belong to another workspace, so only they can reset their password (Forgot password on the sign-in page).',
    };
  return { ok: true, email: member.email };
}
