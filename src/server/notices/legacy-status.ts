import { commandOf } from '../../lib/commands/catalog';
import { noStatusChanges, noteStatusChange, type StatusChanges } from '../../lib/policy/log-change';
import type { Runner } from '../sync/records';
import { postNotice } from './post';

/**
 * Bundles from before named commands submit a week, and approve or reject logs, as one stored
 * change per log (`updateTimeLog { id, changes: { status } }`) instead of `submitWeek` or
 * `reviewLogs`. A push's such changes are gathered here and posted as the commands' are
 * (apply-command.ts): one notice per push and kind, so a week of ten logs is one notice, not ten.
 * Which change submits or decides is the one reading of src/lib/policy/log-change.ts.
 */
export type LegacyStatusChanges = StatusChanges;

export const noLegacyStatusChanges = noStatusChanges;

/** Notes an applied pushed change when it is an old bundle's status change of a log. */
export function noteLegacyStatusChange(
  into: LegacyStatusChanges,
  mutation: { name: string; args?: unknown },
): void {
  // A named command's changes are noted when it is applied (apply-command.ts).
  if (commandOf(mutation.name, mutation.args)) return;
  noteStatusChange(into, mutation);
}

/** Posts the notices the gathered changes make, in the push's or the command's transaction. */
export async function postStatusNotices(
  runner: Runner,
  who: { workspaceId: string; userId: string },
  changes: StatusChanges,
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

/** The push's name for posting what older bundles' changes make. */
export const postLegacyStatusNotices = postStatusNotices;
