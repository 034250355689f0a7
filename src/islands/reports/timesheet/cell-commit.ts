import { cellAction } from '../../../lib/timesheet';
import { parseDuration, formatDuration } from '../../../lib/duration';
import type { TimeLog } from '../../../stores/time-logs';
import { removeTimeLog, updateTimeLog } from '../../../stores/time-logs';
import { showToast } from '../../../stores/toast';
import { addLogFromDraft } from '../../../stores/track';

/** Where a new log from a cell goes. */
export interface CellPlace {
  day: string;
  projectId: string;
  taskId: string | null;
  memberId: string | null;
}

/**
 * Applies what was typed into a cell: a new log, a changed duration, or removal (with undo).
 * Returns the message to show beside the grid ('' when all went well).
 */
export function commitCell(text: string, logs: readonly TimeLog[], place: CellPlace): string {
  const parsed = parseDuration(text);
  if (!parsed.ok) return parsed.message;
  const action = cellAction(logs, parsed.seconds);
  if (action.kind === 'add') {
    const saved = addLogFromDraft(
      {
        date: place.day,
        projectId: place.projectId,
        taskId: place.taskId ?? '',
        memberId: place.memberId ?? '',
        tags: '',
        desc: '',
        duration: formatDuration(action.seconds),
        st: '',
        end: '',
        exp: '',
        billable: '',
      },
      action.seconds,
      0,
    );
    return saved.saved ? '' : saved.message;
  }
  if (action.kind === 'change') {
    const saved = updateTimeLog(action.id, { dur: action.seconds });
    return saved.saved ? '' : saved.message;
  }
  if (action.kind === 'remove') {
    const removal = removeTimeLog(action.id);
    showToast('Time log removed', removal.undo);
  }
  return '';
}
