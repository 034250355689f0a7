import { z, type ZodTypeAny } from 'zod';
import type { AdminAction } from '../policy';
import {
  applyCreditBody,
  correctPaymentBody,
  deletePaymentBody,
  draftInvoiceBody,
  draftLayoutBody,
  invoicePaymentBody,
  issueInvoiceBody,
  voidInvoiceBody,
  deleteSavedReportBody,
  deleteTeamBody,
  invitationBody,
  invoiceSettingsBody,
  memberResetBody,
  revokeInvitationBody,
  reportShareBody,
  revokeShareBody,
  savedReportBody,
  teamBody,
  workspaceSettingsBody,
} from './workspace-args';
import { startImportArgs, undoImportArgs } from './import-args';

// The workspace's own writes (issue 48): changes that are not synced records (teams, settings,
// saved and shared reports, the invoice logo…), each a named command like the records' ones in
// catalog.ts, with its arguments, the policy's action that allows it and what it sets off. The
// server runs every one through one `execute` (src/server/commands/execute.ts), which parses the
// arguments here, asks the policy and writes in one commit; the public API and docs/api.md are
// written from this list.

/** What a committed command sets off after it is written (none of these yet; webhooks next). */
export type EffectName = 'notices';

export interface WorkspaceCommand {
  /** What the command does, for docs/api.md and the public API. */
  summary: string;
  /** Its arguments, with the workspace it runs in. */
  args: ZodTypeAny;
  /**
   * The policy's action it needs (src/lib/policy), or null when every member may run it: what
   * they may touch is then their own (their saved reports), which the write itself checks.
   */
  action: AdminAction | null;
  /** What the commit sets off once written. */
  effects: readonly EffectName[];
}

const workspaceOnly = z
  .object({ workspaceId: z.string({ invalid_type_error: 'Must be text' }) })
  .strict();

/** The image of a logo, checked by its bytes on the server (src/server/invoices/logos.ts). */
const logoArgs = z
  .object({
    workspaceId: z.string(),
    bytes: z.instanceof(Uint8Array),
    contentType: z.string().min(1).max(100),
  })
  .strict();

const command = <A extends ZodTypeAny>(
  summary: string,
  args: A,
  action: AdminAction | null,
  effects: readonly EffectName[] = [],
) => ({ summary, args, action, effects }) satisfies WorkspaceCommand;

export const workspaceCommands = {
  saveTeam: command(
    'Creates a team (no id) or replaces a team’s name, members and leads.',
    teamBody,
    'manageTeams',
  ),
  deleteTeam: command('Deletes a team; its members stay.', deleteTeamBody, 'manageTeams'),
  changeWorkspaceSettings: command(
    'Changes the workspace’s name and rules: time zone, week start, locks, who sees amounts.',
    workspaceSettingsBody,
    'changeSettings',
  ),
  changeInvoiceSettings: command(
    'Changes the invoice settings: seller, numbering, currency, tax, e-invoice details.',
    invoiceSettingsBody,
    'changeInvoiceSettings',
  ),
  uploadLogo: command(
    'Makes an image the logo on invoices from now on.',
    logoArgs,
    'changeInvoiceSettings',
  ),
  removeLogo: command(
    'Invoices from now on carry no logo.',
    workspaceOnly,
    'changeInvoiceSettings',
  ),
  saveReport: command(
    'Saves a report of one’s own (no id) or changes one, with its schedule.',
    savedReportBody,
    null,
  ),
  deleteSavedReport: command(
    'Deletes a saved report of one’s own with its share links.',
    deleteSavedReportBody,
    null,
  ),
  shareReport: command(
    'Makes a link that shows a saved report of one’s own to anyone who has it, for some days.',
    reportShareBody,
    null,
  ),
  revokeShare: command('Withdraws a share link of one’s own at once.', revokeShareBody, null),
  invite: command(
    'Makes a single-use link for a team member to join with their email and role (mailed when mail is on); earlier pending links for them stop working.',
    invitationBody,
    'invite',
  ),
  revokeInvitation: command(
    'Withdraws a pending invitation: its link stops working.',
    revokeInvitationBody,
    'invite',
  ),
  makeResetLink: command(
    'Makes a one-hour password-reset link for a member who joined by this workspace’s invitation and is in no other; mailed to them when mail is on.',
    memberResetBody,
    'makeResetLinks',
  ),
  draftInvoice: command(
    'Makes a draft invoice for a client from its approved, uninvoiced logs between two days.',
    draftInvoiceBody,
    'manageInvoices',
  ),
  saveDraft: command(
    'Saves a draft’s layout: grouping, edited and manual lines, discount, taxes, terms, note.',
    draftLayoutBody,
    'manageInvoices',
  ),
  issueInvoice: command(
    'Numbers and freezes a draft on its issue day; its logs are locked until it is voided.',
    issueInvoiceBody,
    'manageInvoices',
  ),
  voidInvoice: command(
    'Voids an issued invoice with a credit note (saying what becomes of money paid) or deletes a draft.',
    voidInvoiceBody,
    'manageInvoices',
  ),
  recordPayment: command(
    'Records money received against an issued invoice.',
    invoicePaymentBody,
    'manageInvoices',
  ),
  correctPayment: command(
    'Corrects a payment’s day, amount or note, with the reason, in the audit log.',
    correctPaymentBody,
    'correctPayments',
  ),
  deletePayment: command(
    'Deletes a payment entered by mistake, with the reason, in the audit log.',
    deletePaymentBody,
    'correctPayments',
  ),
  applyCredit: command(
    'Pays an issued invoice from its client’s credits, oldest first.',
    applyCreditBody,
    'settlePayments',
  ),
  startImport: command(
    'Starts importing an uploaded file (staged by `POST /api/imports`) with the person’s choices: its job writes the rows in batches, and its listeners hear `importCompleted` once when it ends.',
    startImportArgs,
    'importData',
  ),
  undoImport: command(
    'Undoes an ended import: removes its logs, then the clients, projects, tasks and members it created that nothing uses now.',
    undoImportArgs,
    'importData',
  ),
} as const;

export type WorkspaceCommandName = keyof typeof workspaceCommands;

/** The arguments of `name` as its schema gives them. */
export type WorkspaceArgs<N extends WorkspaceCommandName> = z.output<
  (typeof workspaceCommands)[N]['args']
>;

export const isWorkspaceCommand = (name: string): name is WorkspaceCommandName =>
  Object.hasOwn(workspaceCommands, name);
