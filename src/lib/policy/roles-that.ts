// Which roles have a right, for the places that must choose rows by role: SQL cannot call the
// policy's predicates, so it asks for the roles they are true of (`role IN ${rolesThat(…)}`)
// instead of naming one (issue 48). The answers come from the predicates themselves, so a rule
// that changes in the policy changes in every query. tests/unit/no-role-literals.test.ts keeps
// role names out of code outside src/lib/policy.
import { isAdmin, mayLeadTeams, roles, seesAmountsAs, seesEveryRow, type Role } from './actor';
import { adminMay } from './admin-rule';
import type { AdminAction } from './record-policy';

/** The rights asked of a role alone, apart from an Admin's actions. */
export type RoleRight =
  /** Holds the workspace: a workspace needs one who can sign in, and may not lose the last. */
  | 'holdWorkspace'
  /** Sees every row: visibility needs no condition, so nothing moving rows resets their pull. */
  | 'seeEveryRow'
  /** May lead teams, so what they see follows the teams. */
  | 'leadTeams'
  /** Sees amounts only when the workspace's "Managers see amounts" says so. */
  | 'seeAmountsBySetting';

const rights: Record<RoleRight, (role: Role) => boolean> = {
  holdWorkspace: (role) => isAdmin({ role }),
  seeEveryRow: (role) => seesEveryRow({ role }),
  leadTeams: (role) => mayLeadTeams({ role }),
  seeAmountsBySetting: (role) => seesAmountsAs(role, true) !== seesAmountsAs(role, false),
};

/** The roles that have `right` (a role right, or an Admin's action), most rights first. */
export function rolesThat(right: RoleRight | AdminAction): Role[] {
  const has = Object.hasOwn(rights, right)
    ? rights[right as RoleRight]
    : (role: Role) => adminMay({ role }, right as AdminAction);
  return roles.filter(has);
}
