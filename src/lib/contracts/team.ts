import { z } from 'zod';

// Teams, invitations and member reset links (team-handlers.ts, invitation-handlers.ts,
// member-reset-handler.ts).

export const team = z.object({
  id: z.string(),
  name: z.string(),
  memberIds: z.array(z.string()),
  leadIds: z.array(z.string()),
});
export type Team = z.infer<typeof team>;
export const teamsResponse = z.object({ teams: z.array(team) });
export const teamResponse = z.object({ team });

export const pendingInvitation = z.object({
  id: z.string(),
  memberId: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;
/** GET /api/invitations: who is invited and who has joined (member ids). */
export const invitationsResponse = z.object({
  pending: z.array(pendingInvitation),
  joined: z.array(z.string()),
});

const mailed = z.enum(['sent', 'off', 'failed']);
/** POST /api/invitations: the invitation, its link and whether it was mailed. */
export const invitedResponse = z.object({
  invitation: pendingInvitation,
  link: z.string(),
  mailed,
});
/** POST /api/member-reset-link. */
export const memberResetResponse = z.object({ link: z.string(), expiresAt: z.string(), mailed });
