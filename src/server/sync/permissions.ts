import type { MutationName } from '../../lib/sync/mutations';

/** The caller's place in a workspace. */
export interface Membership {
  workspaceId: string;
  userId: string;
  role: 'Admin' | 'Manager' | 'Normal';
  memberId: string | null;
  /** The workspace version when what this member may see last changed. */
  resetVersion?: number;
}

/**
 * Whether a member may make a change. Every member of the workspace may, for now; the roles
 * issue (11) turns this into one decision per entity and action, tested as a role × action table.
 */
export function mayApply(_membership: Membership, _mutation: MutationName): boolean {
  return true;
}
