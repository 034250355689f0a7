import { commandOf } from '../../lib/commands/catalog';
import type { Runner } from '../sync/records';
import { postNotice } from './post';

/**
 * Bundles from before named commands submit a week, and approve or reject logs, as one stored
 * change per log (`updateTimeLog { id, changes: { status } }`) instead of `submitWeek` or
 * `reviewLogs`, which post their notices themselves (apply-command.ts). A push's such changes
 * are gathered here and posted as the commands would: one notice per push and kind, so a week of
 * ten logs is one notice, not ten.
 */
export interface LegacyStatusChanges {
  submitted: string[];
  approved: string[];
  /** Rejected logs by the note the reviewer wrote. */
  rejected: Map<string, string[]>;
}

export const noLegacyStatusChanges = (): LegacyStatusChanges => ({
  submitted: [],
  approved: [],
  rejected: new Map(),
});

/** Notes an applied pushed change when it is an old bundle's status change of a log. */
export function noteLegacyStatusChange(
  into: LegacyStatusChanges,
  mutation: { name: string; args?: unknown },
): void {
  if (mutation.name !== 'updateTimeLog' || commandOf(mutation.name, mutation.args)) return;
  const args = mutation.args as { id?: unknown; changes?: Record<string, unknown> } | undefined;
  const id = args?.id;
  const status = args?.changes?.['status'];
  if (typeof id !== 'string') return;
  if (status === 'submitted') into.submitted.push(id);
  else if (status === 'approved') into.approved.push(id);
  else if (status === 'rejected') {
    const note =
      typeof args?.changes?.['reviewNote'] === 'string' ? args.changes['reviewNote'] : '';
    into.rejected.set(note, [...(into.rejected.get(note) ?? []), id]);
  }
}

/** Posts the notices the gathered changes make, in the push's transaction. */
export async function postLegacyStatusNotices(
  runner: Runner,
  who: { workspaceId: string; userId: string },
  changes: LegacyStatusChanges,
): Promise<void> {
  const { workspaceId, userId: byUserId } = who;
  if (changes.submitted.length > 0)
    await postNotice(runner, {
      event: 'week-submitted',
      workspaceId,
      byUserId,
      logIds: changes.submitted,
    });
  if (changes.approved.length > 0)
    await postNotice(runner, {
      event: 'week-reviewed',
      workspaceId,
      byUserId,
      logIds: changes.approved,
      decision: 'approve',
      note: '',
    });
  for (const [note, logIds] of changes.rejected)
    await postNotice(runner, {
      event: 'week-reviewed',
      workspaceId,
      byUserId,
      logIds,
      decision: 'reject',
      note,
    });
}
