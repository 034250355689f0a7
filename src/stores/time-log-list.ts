import { newId } from '../lib/entities/fast-fields';
import { fastTimeLog } from '../lib/entities/fast-time-log';
import type { TimeLog } from '../lib/entities/time-log';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { timeLogKind } from '../lib/records/kinds/time-log';
import { recordActions } from './record-actions';
import { writeOutcome, type WriteResult } from './unsaved-writes';

// The stored logs and what Track does with them before a form opens: add (the stopwatch, Copy),
// remove, find. Editing, approving and bulk changes live in ./time-logs.ts, which loads with
// the screens that use them (issue 29's budget, docs/bench.md).

/** The documented key of the time-log list ("task-data list" in SPEC.md), newest first. */
export const TIME_LOGS_KEY = timeLogKind.storageKey;

/** The log list (./time-logs.ts builds its editing actions on it). */
export const timeLogList = persistentList<TimeLog>(
  TIME_LOGS_KEY,
  onDemand<TimeLog>(fastTimeLog, () => timeLogKind.readSchema() as never),
  (log: TimeLog, index) => ({
    ...log,
    // Records written by the original app have no id; the position is stable until we write back.
    id: log.id ?? `legacy-${index}`,
  }),
);
const actions = recordActions(timeLogList, 'timeLog');

/** Every time log, newest first. */
export const $timeLogs = timeLogList.$list;
export type { TimeLog };

/** The fields a person fills in for a log. */
export type TimeLogInput = Pick<
  TimeLog,
  | 'date'
  | 'client'
  | 'projectId'
  | 'task'
  | 'taskId'
  | 'tags'
  | 'desc'
  | 'dur'
  | 'st'
  | 'end'
  | 'exp'
  | 'memberId'
  | 'billable'
>;

/** Saves a new log at the top; `needsApproval` marks it pending (project approval setting). */
export function addTimeLog(
  input: TimeLogInput,
  needsApproval: boolean,
  now = new Date(),
  id = newId(),
): WriteResult & { log: TimeLog } {
  const stamp = now.toISOString();
  const existing = actions.byId(id);
  // Saving the same stopwatch run again (a second tab, a second device) keeps the one log.
  if (existing) return { ...writeOutcome(TIME_LOGS_KEY), log: existing };
  const log: TimeLog = {
    ...input,
    id,
    status: needsApproval ? 'pending' : 'approved',
    createdAt: stamp,
    updatedAt: stamp,
  };
  return { ...actions.add(log), log };
}

/** Removes a log; the result carries the undo that restores it (for the Undo toast). */
export const removeTimeLog = actions.remove;
/** Finds a log by id. */
export const timeLogById = actions.byId;
