import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { postNotice } from '../notices/post';
import type { Commit } from '../commit/commit';
import { executeMembership } from '../commands/execute-membership';
import { invitations, memberships, users, workspaces } from '../db/schema';
import { newToken, secretMatches, splitToken } from '../auth/secret-tokens';
import { endStreams } from '../sync/poke';
import { rows, type Fields } from '../sync/records';
import { roleOf } from '../../lib/policy';

/** An invitation works for a week (the Admin can send a new one). */
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationProblem = 'unknown' | 'expired' | 'used' | 'revoked';

export const invitationProblemMessage: Record<InvitationProblem, string> = {
  unknown:
    'This invitation link is not valid. Check that the whole link was copied, or ask your administrator for a new one.',
  expired:
    'This invitation has expired: invitations work for seven days. Ask your administrator to send a new one.',
  used: 'This invitation has already been accepted. Sign in to open the workspace.',
  revoked: 'This invitation was withdrawn. Ask your administrator if you should have access.',
};

/** A pending invitation as an Admin sees it on /users. */
export interface PendingInvitation {
  id: string;
  memberId: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

/** The team-member record an invitation is for, or null when it is missing or deleted. */
async function memberRecord(db: Db, workspaceId: string, memberId: string) {
  const [row] = await rows<{ data: Fields; deleted: boolean }>(
    db,
    sql`SELECT data, deleted FROM members WHERE workspace_id = ${workspaceId} AND id = ${memberId}`,
  );
  return row && !row.deleted ? row.data : null;
}

/**
 * A new single-use link for a team member to join the workspace with the member's email and
 * role; earlier pending links for the member stop working (a resend replaces them).
 */
export async function createInvitation(
  { tx: db }: Commit,
  input: { workspaceId: string; memberId: string; invitedBy: string },
  now: Date,
): Promise<
  | { ok: true; token: string; invitation: PendingInvitation; name: string; workspaceName: string }
  | { ok: false; field: string; message: string }
> {
  const member = await memberRecord(db, input.workspaceId, input.memberId);
  if (!member) return { ok: false, field: 'memberId', message: 'This team member does not exist.' };
  const email = (typeof member['email'] === 'string' ? member['email'] : '').trim().toLowerCase();
  if (!email)
    return { ok: false, field: 'memberId', message: 'Give this team member an email first.' };
  if (member['status'] === 'Archived')
    return {
      ok: false,
      field: 'memberId',
      message: 'Restore this team member before inviting them.',
    };
  const [joined] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, input.workspaceId),
        eq(memberships.memberId, input.memberId),
        eq(memberships.archived, false),
      ),
    );
  if (joined)
    return { ok: false, field: 'memberId', message: 'This team member has already joined.' };
  const { handle, token, secretHash } = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_MS);
  // A pending invitation shows on every device's team list: the command's commit pokes them.
  await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.workspaceId, input.workspaceId),
        eq(invitations.memberId, input.memberId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
  await db.insert(invitations).values({
    id: handle,
    workspaceId: input.workspaceId,
    memberId: input.memberId,
    email,
    secretHash,
    invitedBy: input.invitedBy,
    createdAt: now,
    expiresAt,
  });
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId));
  return {
    ok: true,
    token,
    name: typeof member['name'] === 'string' ? member['name'] : '',
    workspaceName: workspace?.name ?? '',
    invitation: {
      id: handle,
      memberId: input.memberId,
      email,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    },
  };
}

/** Pending invitations of a workspace, and which team members have joined (signed in). */
export async function invitationsOf(
  db: Db,
  workspaceId: string,
  now: Date,
): Promise<{ pending: PendingInvitation[]; joined: string[] }> {
  const pending = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  const joined = await db
    .select({ memberId: memberships.memberId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.archived, false)));
  return {
    pending: pending.map((row) => ({
      id: row.id,
      memberId: row.memberId,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    joined: joined.flatMap((row) => (row.memberId ? [row.memberId] : [])),
  };
}

/** Withdraws a pending invitation, inside the command's commit; false when there is none. */
export async function revokeInvitation({ tx, workspaceId }: Commit, id: string, now: Date) {
  const revoked = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return revoked.length > 0;
}

/** What the /invite page shows about a link, or why it cannot be used. */
export async function readInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<
  | {
      ok: true;
      id: string;
      workspaceId: string;
      workspaceName: string;
      memberId: string;
      /** The name the Admin gave the team member: the join form starts with it. */
      name: string;
      email: string;
      role: string;
      invitedBy: string;
      hasAccount: boolean;
    }
  | { ok: false; problem: InvitationProblem }
> {
  const parts = splitToken(token);
  if (!parts) return { ok: false, problem: 'unknown' };
  const [row] = await db.select().from(invitations).where(eq(invitations.id, parts.handle));
  if (!row || !secretMatches(parts.secret, row.secretHash))
    return { ok: false, problem: 'unknown' };
  if (row.acceptedAt) return { ok: false, problem: 'used' };
  if (row.revokedAt) return { ok: false, problem: 'revoked' };
  if (row.expiresAt <= now) return { ok: false, problem: 'expired' };
  const member = await memberRecord(db, row.workspaceId, row.memberId);
  if (!member) return { ok: false, problem: 'revoked' };
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, row.workspaceId));
  const [inviter] = row.invitedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.invitedBy))
    : [];
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  const role = roleOf(member['Role']);
  return {
    ok: true,
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: workspace?.name ?? '',
    memberId: row.memberId,
    name: typeof member['name'] === 'string' ? member['name'].trim() : '',
    email: row.email,
    role: role,
    invitedBy: inviter?.name ?? '',
    hasAccount: Boolean(account),
  };
}

/**
 * Accepts an invitation for `userId` as one commit of its workspace (inside the caller's
 * transaction when given one: a sign-up creates the account and joins at once), so every device
 * of the team pulls the new member's joined state; false when the link was taken meanwhile.
 */
export async function acceptInvitation(
  db: Db,
  invitation: { id: string; workspaceId: string; memberId: string; role: string },
  userId: string,
  now: Date,
): Promise<boolean> {
  return executeMembership(
    db,
    'acceptInvitation',
    { workspaceId: invitation.workspaceId, userId, memberId: invitation.memberId },
    now,
    (tx) => takeInvitation(tx, invitation, userId, now),
  );
}

/**
 * Accepts an invitation for `userId` inside the caller's transaction: one UPDATE takes it only
 * while it is pending, so of two acceptances at once exactly one joins; the person becomes a
 * member of the workspace with the team member's role, linked to that record.
 */
async function takeInvitation(
  tx: Db,
  invitation: { id: string; workspaceId: string; memberId: string; role: string },
  userId: string,
  now: Date,
): Promise<boolean> {
  const taken = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(invitations.id, invitation.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id });
  if (taken.length === 0) return false;
  const role = roleOf(invitation.role);
  await tx
    .insert(memberships)
    .values({
      workspaceId: invitation.workspaceId,
      userId,
      role,
      memberId: invitation.memberId,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [memberships.workspaceId, memberships.userId],
      set: { role, memberId: invitation.memberId, archived: false },
    });
  // Someone already in the workspace may join again with another role: their streams reconnect.
  await endStreams(tx, userId, invitation.workspaceId);
  // The Admin who invited them hears of it, once, when this commits.
  await postNotice(tx, {
    event: 'invitation-accepted',
    workspaceId: invitation.workspaceId,
    byUserId: userId,
    invitationId: invitation.id,
  });
  return true;
}
