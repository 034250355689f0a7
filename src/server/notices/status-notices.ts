import type { StatusChanges } from '../../lib/policy/log-change';
import type { Runner } from '../sync/records';
import { postNotice } from './post';

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
