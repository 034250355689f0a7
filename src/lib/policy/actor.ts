// Who is acting, as the one policy sees them: built from the server's membership row in the
// transaction, and from what the last pull said on a device (`hm.access`).
import type { WorkspaceRules } from '../workspace-rules';

/** The roles of a workspace, most rights first: declared here once (issue 48). */
export const roles = ['Admin', 'Manager', 'Normal'] as const;
export type Role = (typeof roles)[number];

/** The role of whoever makes a workspace: they hold it. */
export const founderRole: Role = 'Admin';

/** The role a new team member has until an Admin chooses another: the least. */
export const newMemberRole: Role = 'Normal';

/** The person acting in one workspace. */
export interface Actor {
  role: Role;
  /** Their own team-member record in the workspace. */
  memberId: string | null;
  /** Rates, costs and amounts: Admins always, Managers when the workspace allows, Normal never. */
  seesAmounts: boolean;
  /** The workspace's calendar and locks. */
  rules: WorkspaceRules;
  /**
   * The members of the teams they lead: null when they lead none (no limit), undefined when not
   * known (a device that has not heard yet), in which case the device offers and the server decides.
   */
  teamMembers?: readonly string[] | null | undefined;
}

/** A role read from stored data (a member record's `Role`); anything unknown is the least. */
export function roleOf(value: unknown): Role {
  return value === 'Admin' || value === 'Manager' ? value : 'Normal';
}

/** Whether the person is an Admin: holds the workspace, and may hand it on. */
export const isAdmin = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'Admin';

/** Whether the role sees every row of the workspace (visibility needs no condition). */
export const seesEveryRow = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'Admin';

/** Whether the role may be offered the reviewing and managing screens (Approvals, Teams). */
export const leadsWork = (actor: Pick<Actor, 'role'>): boolean => actor.role !== 'Normal';

/** Whether the role can lead teams, and so be limited to their members. */
export const mayLeadTeams = (actor: Pick<Actor, 'role'>): boolean => actor.role === 'Manager';

/** How a role is named to people: 'a team member', 'a Manager', 'an Admin'. */
export function roleLabel(role: Role): string {
  return role === 'Normal' ? 'a team member' : role === 'Admin' ? 'an Admin' : 'a Manager';
}

/** Whether amounts are shown to a role, given the workspace's setting for Managers. */
export function seesAmountsAs(role: Role, managersSeeAmounts: boolean): boolean {
  return role === 'Admin' || (role === 'Manager' && managersSeeAmounts);
}
