// Joining and leaving (issue 48): the two changes a person makes to a workspace as an account,
// not as a member, since they are not one yet or are leaving with their account. No role allows
// them: a pending invitation to the account's address does (one UPDATE takes it, so of two
// acceptances one joins), and leaving needs only the membership. They are named in the change
// history like every other command, run by src/server/commands/execute-membership.ts, and
// docs/api.md lists them from here.

export interface MembershipCommand {
  /** What the command does, for docs/api.md. */
  summary: string;
  /** What it is given, in words (the invitation's link, the account's deletion). */
  given: string;
  /** What allows it, in words: no role does. */
  allowedBy: string;
}

export const membershipCommands = {
  acceptInvitation: {
    summary:
      'Joins the workspace an invitation was sent for, as its team member and with that member’s role; every device of the team then shows the member as joined.',
    given: 'the invitation’s link (`POST /user/accept-invitation`, signed in or signing up)',
    allowedBy: 'a pending, unexpired invitation to the account’s email',
  },
  leaveWorkspace: {
    summary:
      'Leaves a workspace others still use when the account is deleted; its team member stays, shown as not joined.',
    given: 'the account’s deletion (`POST /user/delete`)',
    allowedBy: 'being a member',
  },
} as const satisfies Record<string, MembershipCommand>;

export type MembershipCommandName = keyof typeof membershipCommands;
