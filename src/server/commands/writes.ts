import type { WorkspaceArgs, WorkspaceCommandName } from '../../lib/commands/workspace-commands';
import type { Commit, Touched } from '../commit/commit';
import { createDraft, issueInvoice, updateDraft, voidInvoice } from '../invoices/invoices';
import { storeLogo } from '../invoices/logos';
import { applyCredit, correctPayment, deletePayment } from '../invoices/payment-corrections';
import { recordPayment } from '../invoices/payments';
import { saveInvoiceSettings } from '../invoices/settings';
import { createShare, revokeShare } from '../reports/report-shares';
import { deleteSavedReport, saveReport } from '../reports/saved-reports';
import type { Membership } from '../sync/permissions';
import { saveWorkspaceSettings } from '../sync/workspace-settings';
import { createResetLink } from '../auth/password-reset';
import { createInvitation, revokeInvitation } from '../team/invitations';
import { memberResetTarget } from '../team/member-reset';
import { deleteTeam, saveTeam } from '../team/teams';
import { startImport } from '../imports/start-import';
import { undoStarted, undoStep, undoWrote, type UndoStep } from '../imports/undo';

// What each workspace command writes, inside the commit execute() opens for it: one entry per
// command of src/lib/commands/workspace-commands.ts (a test checks both lists match). A write
// may still refuse (a name another team has): it answers so, and `changed` tells execute that
// nothing was written, so the version does not move.

interface Write<A, R> {
  /** The record the command is about, for the change history. */
  subject?: (args: A) => Touched | undefined;
  write: (commit: Commit, actor: Membership, args: A, now: Date) => Promise<R>;
  /** Whether the answer means something was written (default: yes). */
  changed?: (result: R) => boolean;
  /**
   * Whether the command took place, so its listeners hear it (default: `changed`). Differs
   * where a command writes no record (an import's start) or ends in a later commit (an undo
   * with more logs than one commit removes).
   */
  heard?: (result: R) => boolean;
}

const write = <N extends WorkspaceCommandName, R>(w: Write<WorkspaceArgs<N>, R>) => w;
const whenOk = (result: { ok: boolean }) => result.ok;

/* eslint-disable @typescript-eslint/no-unused-vars -- each write takes the same four arguments */
export const workspaceWrites = {
  saveTeam: write<'saveTeam', Awaited<ReturnType<typeof saveTeam>>>({
    subject: ({ id }) => (id ? { kind: 'team', id } : undefined),
    write: (c, _actor, { workspaceId, ...team }, now) => saveTeam(c, team, now),
    changed: whenOk,
  }),
  deleteTeam: write<'deleteTeam', boolean>({
    subject: ({ id }) => ({ kind: 'team', id }),
    write: (c, _actor, { id }) => deleteTeam(c, id),
    changed: (deleted) => deleted,
  }),
  changeWorkspaceSettings: write<
    'changeWorkspaceSettings',
    Awaited<ReturnType<typeof saveWorkspaceSettings>>
  >({
    write: (c, _actor, { workspaceId, ...settings }) => saveWorkspaceSettings(c, settings),
  }),
  changeInvoiceSettings: write<'changeInvoiceSettings', void>({
    write: ({ tx }, _actor, { workspaceId, ...settings }) =>
      saveInvoiceSettings(tx, workspaceId, settings),
  }),
  uploadLogo: write<'uploadLogo', string>({
    write: async ({ tx }, _actor, { workspaceId, bytes, contentType }, now) => {
      const id = await storeLogo(tx, workspaceId, Buffer.from(bytes), contentType, now);
      await saveInvoiceSettings(tx, workspaceId, { logoId: id });
      return id;
    },
  }),
  removeLogo: write<'removeLogo', void>({
    write: ({ tx }, _actor, { workspaceId }) =>
      saveInvoiceSettings(tx, workspaceId, { logoId: '' }),
  }),
  saveReport: write<'saveReport', Awaited<ReturnType<typeof saveReport>>>({
    subject: ({ id }) => (id ? { kind: 'savedReport', id } : undefined),
    write: ({ tx }, actor, { workspaceId, ...input }, now) => saveReport(tx, actor, input, now),
    changed: whenOk,
  }),
  deleteSavedReport: write<'deleteSavedReport', boolean>({
    subject: ({ id }) => ({ kind: 'savedReport', id }),
    write: ({ tx }, actor, { id }) => deleteSavedReport(tx, actor, id),
    changed: (deleted) => deleted,
  }),
  shareReport: write<'shareReport', Awaited<ReturnType<typeof createShare>>>({
    subject: ({ savedReportId }) => ({ kind: 'savedReport', id: savedReportId }),
    write: ({ tx }, actor, { workspaceId, ...input }, now) => createShare(tx, actor, input, now),
    changed: whenOk,
  }),
  revokeShare: write<'revokeShare', boolean>({
    subject: ({ id }) => ({ kind: 'reportShare', id }),
    write: ({ tx }, actor, { id }, now) => revokeShare(tx, actor, id, now),
    changed: (revoked) => revoked,
  }),
  invite: write<'invite', Awaited<ReturnType<typeof createInvitation>>>({
    subject: ({ memberId }) => ({ kind: 'member', id: memberId }),
    write: (c, actor, input, now) =>
      createInvitation(c, { ...input, invitedBy: actor.userId }, now),
    changed: whenOk,
  }),
  // An account's row, not the workspace's: nothing for devices to pull, so no version moves.
  makeResetLink: write<'makeResetLink', Awaited<ReturnType<typeof resetLinkFor>>>({
    subject: ({ memberId }) => ({ kind: 'member', id: memberId }),
    write: ({ tx }, _actor, { workspaceId, memberId }, now) =>
      resetLinkFor(tx, workspaceId, memberId, now),
    changed: () => false,
  }),
  revokeInvitation: write<'revokeInvitation', boolean>({
    subject: ({ id }) => ({ kind: 'invitation', id }),
    write: (c, _actor, { id }, now) => revokeInvitation(c, id, now),
    changed: (revoked) => revoked,
  }),
  draftInvoice: write<'draftInvoice', Awaited<ReturnType<typeof createDraft>>>({
    write: (c, actor, { workspaceId, ...input }, now) => createDraft(c, actor, input, now),
    changed: whenOk,
  }),
  saveDraft: write<'saveDraft', Awaited<ReturnType<typeof updateDraft>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { id, layout }, now) => updateDraft(c, actor, id, layout, now),
    changed: whenOk,
  }),
  issueInvoice: write<'issueInvoice', Awaited<ReturnType<typeof issueInvoice>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { id, issueDate }, now) => issueInvoice(c, actor, id, issueDate, now),
    changed: whenOk,
  }),
  voidInvoice: write<'voidInvoice', Awaited<ReturnType<typeof voidInvoice>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { id, settlement }, now) =>
      voidInvoice(c, actor, id, now, settlement ?? null),
    changed: whenOk,
  }),
  recordPayment: write<'recordPayment', Awaited<ReturnType<typeof recordPayment>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { workspaceId, id, ...payment }, now) =>
      recordPayment(c, actor, { invoiceId: id, ...payment }, now),
    changed: whenOk,
  }),
  correctPayment: write<'correctPayment', Awaited<ReturnType<typeof correctPayment>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { workspaceId, id, ...change }, now) =>
      correctPayment(c, actor, { invoiceId: id, ...change }, now),
    changed: whenOk,
  }),
  deletePayment: write<'deletePayment', Awaited<ReturnType<typeof deletePayment>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { workspaceId, id, ...change }, now) =>
      deletePayment(c, actor, { invoiceId: id, ...change }, now),
    changed: whenOk,
  }),
  applyCredit: write<'applyCredit', Awaited<ReturnType<typeof applyCredit>>>({
    subject: ({ id }) => ({ kind: 'invoice', id }),
    write: (c, actor, { workspaceId, id, ...change }, now) =>
      applyCredit(c, actor, { invoiceId: id, ...change }, now),
    changed: whenOk,
  }),
  // The import's row and its queued job: no record of the workspace changes until the job's
  // first batch, so no version moves and no device pulls; the listeners hear the start.
  startImport: write<'startImport', Awaited<ReturnType<typeof startImport>>>({
    subject: ({ id }) => ({ kind: 'import', id }),
    write: (c, actor, args, now) => startImport(c, actor, args, now),
    changed: () => false,
    heard: whenOk,
  }),
  // The undo's first commit (all of it for an import of up to UNDO_BATCH logs); finishUndo
  // (src/server/imports/undo.ts) runs the rest, and the commit that ends it is heard.
  undoImport: write<'undoImport', UndoStep>({
    subject: ({ id }) => ({ kind: 'import', id }),
    write: (c, actor, { id }, now) => undoStep(c, actor, id, undoStarted(), now, null),
    changed: undoWrote,
    heard: (step) => !('more' in step) && step.ok,
  }),
} satisfies {
  [N in WorkspaceCommandName]: {
    write: (
      commit: Commit,
      actor: Membership,
      args: WorkspaceArgs<N>,
      now: Date,
    ) => Promise<unknown>;
  };
};
/* eslint-enable @typescript-eslint/no-unused-vars */

/** What the write of command `N` answers. */
export type WriteResult<N extends WorkspaceCommandName> = Awaited<
  ReturnType<(typeof workspaceWrites)[N]['write']>
>;

/** A reset link for the member's account, or why the Admin may not make one. */
async function resetLinkFor(
  tx: Commit['tx'],
  workspaceId: string,
  memberId: string,
  now: Date,
): Promise<
  | { ok: true; link: NonNullable<Awaited<ReturnType<typeof createResetLink>>> }
  | { ok: false; message: string }
> {
  const target = await memberResetTarget(tx, workspaceId, memberId);
  if (!target.ok) return target;
  const link = await createResetLink(tx, target.email, now);
  return link ? { ok: true, link } : { ok: false, message: 'This account no longer exists.' };
}
