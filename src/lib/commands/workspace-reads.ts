import { can, type Actor, type AdminAction } from '../policy';

// What a member reads that not every member may (issue 48): each read named once, with the
// policy's action that allows it, as the commands are in workspace-commands.ts. A handler names
// the read (`readerOf(request, ctx, workspaceId, 'teams')`), never a role or an action, so
// the rule lives in the policy and this list, and the public API can say who may read what.
export const workspaceReads = {
  /** The audit log of changes to protected logs. */
  auditLog: 'readAudit',
  /** Teams with their members and leads. */
  teams: 'manageTeams',
  /** Pending invitations and who has joined. */
  invitations: 'invite',
  /** Invoices, drafts, what is left to bill and clients' credits, with their amounts. */
  invoices: 'manageInvoices',
  /** The invoice settings and the logo. */
  invoiceSettings: 'seeInvoiceSettings',
  /** Imports, their previews and results. */
  imports: 'importData',
} as const satisfies Record<string, AdminAction>;

export type WorkspaceRead = keyof typeof workspaceReads;

/** Whether the policy lets `actor` make the read named `read`, for a read that includes it or not. */
export const mayRead = (actor: Actor | null, read: WorkspaceRead): boolean =>
  can(actor, workspaceReads[read], 'workspace', {}) === null;
