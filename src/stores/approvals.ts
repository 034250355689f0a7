import { runCommand } from './local-changes';
import { patchTimeLogs } from './time-logs';
import type { WriteResult } from './unsaved-writes';

// Submitting a week and reviewing it: the commands submitWeek and reviewLogs, applied to the
// cache at once and judged by the server (src/lib/policy), whole or not at all. Undo is an
// ordinary change of the same logs back.

/** Sends logs for approval; a note from an earlier rejection is cleared with it. */
export function submitLogs(ids: readonly string[]): WriteResult & { undo: () => WriteResult } {
  return runCommand('submitWeek', { logIds: [...ids] }, () =>
    patchTimeLogs(new Map(ids.map((id) => [id, { status: 'submitted', reviewNote: '' }]))),
  );
}

/** Approves submitted logs, or rejects them with a note their author reads. */
export function reviewLogs(
  ids: readonly string[],
  decision: { status: 'approved' } | { status: 'rejected'; note: string },
): WriteResult & { undo: () => WriteResult } {
  const patch =
    decision.status === 'approved'
      ? { status: 'approved' as const }
      : { status: 'rejected' as const, reviewNote: decision.note };
  const args =
    decision.status === 'approved'
      ? { logIds: [...ids], decision: 'approve' }
      : { logIds: [...ids], decision: 'reject', note: decision.note };
  return runCommand('reviewLogs', args, () => patchTimeLogs(new Map(ids.map((id) => [id, patch]))));
}
