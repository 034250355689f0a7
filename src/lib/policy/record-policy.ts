// Who may change clients, team members, projects and tasks, and the workspace's own settings.
import type { Actor } from './actor';
import { adminMay } from './admin-rule';
import { isOn, type ProjectFacts } from './facts';

/** Things only an Admin does, each named so screens and endpoints ask for the same thing. */
export type AdminAction =
  | 'manageClients'
  | 'manageMembers'
  | 'createProject'
  | 'deleteProject'
  | 'changeSettings'
  | 'readAudit'
  | 'manageInvoices'
  | 'correctPayments'
  | 'settlePayments'
  | 'changeInvoiceSettings'
  | 'seeInvoiceSettings'
  | 'manageTeams'
  | 'invite'
  | 'makeResetLinks'
  | 'setRates'
  | 'setApproval'
  | 'importData';

const adminOnly: Record<AdminAction, string> = {
  manageClients: 'Only Admins can change clients.',
  manageMembers: 'Only Admins can change team members.',
  createProject: 'Only Admins can create or delete projects.',
  deleteProject: 'Only Admins can create or delete projects.',
  changeSettings: 'Only Admins can change workspace settings.',
  readAudit: 'Only Admins can read the audit log.',
  manageInvoices: 'Only Admins can see and make invoices.',
  correctPayments: 'Only Admins can correct or delete a payment.',
  settlePayments: 'Only Admins can refund a payment or keep it as a credit.',
  changeInvoiceSettings: 'Only Admins can change invoice settings.',
  seeInvoiceSettings: 'Only Admins can see invoice settings.',
  manageTeams: 'Only Admins can manage teams.',
  invite: 'Only Admins can invite team members.',
  makeResetLinks: 'Only Admins can make password reset links.',
  // Rates are the Admin's: a Manager who sees amounts still does not set what people cost.
  setRates: 'Only Admins can change rates.',
  // Approval is a workspace rule: a Manager switching it off could walk past it.
  setApproval: 'Only Admins can turn approval on or off for a project.',
  // An import creates clients, projects, members and other people's logs (issue 32).
  importData: 'Only Admins can import data into the workspace.',
};

/** Why the person may not do an Admin's thing, or null. */
export function adminRefusal(actor: Actor | null, action: AdminAction): string | null {
  return adminMay(actor, action) ? null : adminOnly[action];
}

/** What is done to a project or its tasks. */
export type ProjectAction = 'edit' | 'editTasks';

/** Why the person may not change this project (its settings, or its tasks), or null. */
export function projectRefusal(
  actor: Actor,
  action: ProjectAction,
  project: ProjectFacts | null | undefined,
): string | null {
  if (actor.role === 'Admin') return null;
  if (actor.role === 'Manager' && (project === undefined || isOn(project, actor.memberId)))
    return null;
  return action === 'edit'
    ? 'Only Admins and the project’s Managers can change a project.'
    : actor.role === 'Manager'
      ? 'You can only change tasks of projects you manage.'
      : 'Only Admins and Managers can change tasks.';
}
