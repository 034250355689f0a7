import { changedFields } from '../lib/record-diff';
import { patchTimeLogs, timeLogById, type TimeLog } from './time-logs';

// Undo for an edit (issue 29), as Remove and Copy have: the toast after Save puts back the values
// the edit changed, and only those, so a change another tab made meanwhile to other fields stays.

/** Undo of the edit that turned `before` into the log as stored now; null when nothing changed. */
export function undoOfLogEdit(before: TimeLog): (() => void) | null {
  const after = timeLogById(before.id);
  if (!after) return null;
  const changed = Object.keys(changedFields(before, after)).filter(
    (key) => key !== 'updatedAt',
  ) as (keyof TimeLog)[];
  if (changed.length === 0) return null;
  const back: Partial<TimeLog> = Object.fromEntries(changed.map((key) => [key, before[key]]));
  return () => void patchTimeLogs(new Map([[before.id, back]]));
}
