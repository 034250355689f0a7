import { z } from 'zod';
import { exact } from './shape';

// What /user/* answers (src/server/api/handlers.ts, password-reset-handlers.ts).

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** POST /user/login, /user/register with an open sign-up, /user/confirm-email. */
export const signedInResponse = z.object({ token: z.string(), user: publicUser });
/** POST /user/register when the address must be confirmed first. */
export const confirmEmailResponse = z.object({
  status: z.literal('confirm_email'),
  message: z.string(),
});
/** GET /user/me. */
export const meResponse = z.object({ user: publicUser });
/** POST /user/forgot-password. */
export const forgotPasswordResponse = z.object({ mailed: z.boolean(), message: z.string() });
/** POST /user/reset-check. */
export const resetCheckResponse = z.object({ email: z.string() });
/** GET /user/delete-check. */
export const deleteCheckResponse = z.object({
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      effect: z.enum(['deleted', 'leave', 'blocked']),
      otherMembers: z.number().int(),
    }),
  ),
});
export type WorkspaceEffect = z.infer<typeof deleteCheckResponse>['workspaces'][number];

/** POST /user/invitation-check. */
export const invitationCheckResponse = exact(
  z.object({
    workspaceId: z.string(),
    workspaceName: z.string(),
    name: z.string().optional(),
    email: z.string(),
    role: z.string(),
    invitedBy: z.string(),
    hasAccount: z.boolean(),
  }),
);
/** POST /user/accept-invitation: signed in already, or a new account signed in. */
export const acceptInvitationResponse = z.union([
  z.object({ workspaceId: z.string() }),
  signedInResponse,
]);

/** POST /user/register: signed in at once, or asked to confirm the address first. */
export const registeredResponse = z.union([signedInResponse, confirmEmailResponse]);
