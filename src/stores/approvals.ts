import { patchTimeLogs } from './time-logs';
import type { WriteResult } from './unsaved-writes';

// Submitting a week and reviewing it: ordinary changes of each log's status, synced like any
// other, and judged by the server (src/server/sync/permissions.ts).

/** Sends logs for approval; a note from an earlier rejection is cleared with it. */
export function submitLogs(ids: readonly string[]): WriteResult & { undo: () => WriteResult } {
  return patchTimeLogs(new Map(ids.map((id) => [id, { status: 'submitted', reviewNote: '' }])));
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
  return patchTimeLogs(new Map(ids.map((id) => [id, patch])));
}
