import { newId } from '../lib/entities/fast-fields';
import { fastTimeLog } from '../lib/entities/fast-time-log';
import type { TimeLog } from '../lib/entities/time-log';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { recordActions, type EditResult } from './record-actions';
import { writeOutcome, type WriteResult } from './unsaved-writes';

/** The documented key of the time-log list ("task-data list" in SPEC.md), newest first. */
export const TIME_LOGS_KEY = 'taskData';

const list = persistentList<TimeLog>(
  TIME_LOGS_KEY,
  onDemand<TimeLog>(fastTimeLog, () =>
    import('../lib/entities/time-log').then((m) => m.timeLogSchema as never),
  ),
  (log: TimeLog, index) => ({
    ...log,
    // Records written by the original app have no id; the position is stable until we write back.
    id: log.id ?? `legacy-${index}`,
  }),
);
const actions = recordActions(list);

/** Every time log, newest first. */
export const $timeLogs = list.$list;
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

/** Updates a log in place, keeping its position, id and creation time. */
export function updateTimeLog(
  id: string,
  input: Partial<TimeLogInput>,
  now = new Date(),
): WriteResult {
  return actions.patch(id, { ...input, updatedAt: now.toISOString() });
}

/**
 * Applies the fields a person changed in a log opened as `opened` to the freshest stored log.
 * A field someone else changed meanwhile is a conflict, written only when `overwrite` is set.
 */
export function editTimeLog(
  opened: TimeLog,
  changes: Partial<TimeLogInput>,
  overwrite = false,
  now = new Date(),
): EditResult<TimeLog> {
  return actions.edit(opened, changes, { updatedAt: now.toISOString() }, overwrite);
}

/** Marks a pending log approved. */
export function approveTimeLog(id: string, now = new Date()): WriteResult {
  return actions.patch(id, { status: 'approved', updatedAt: now.toISOString() });
}

/**
 * Writes `patches` (fields per log id) in one write, stamping each changed log; the undo puts
 * back each log's values as they were (for the Undo toast of a bulk edit).
 */
export function patchTimeLogs(
  patches: ReadonlyMap<string, Partial<TimeLog>>,
  now = new Date(),
): WriteResult & { undo: () => WriteResult } {
  const before = new Map(
    list.$list
      .get()
      .filter((log) => patches.has(log.id))
      .map((log) => [log.id, log]),
  );
  const stamp = now.toISOString();
  const write = list.update((current) =>
    current.map((log) => {
      const patch = patches.get(log.id);
      return patch ? { ...log, ...patch, updatedAt: stamp } : log;
    }),
  );
  const undo = () =>
    list.update((current) =>
      current.map((log) => {
        const old = before.get(log.id);
        const patch = patches.get(log.id);
        if (!old || !patch) return log;
        const restored = Object.fromEntries(
          Object.keys(patch).map((field) => [field, old[field as keyof TimeLog]]),
        );
        return { ...log, ...restored, updatedAt: new Date().toISOString() };
      }),
    );
  return { ...write, undo };
}

/** Removes several logs in one write; the undo puts back those still gone, where they were. */
export function removeTimeLogs(ids: ReadonlySet<string>): WriteResult & {
  undo: () => WriteResult;
} {
  const before = list.$list.get();
  const removed = before.map((log, index) => ({ log, index })).filter(({ log }) => ids.has(log.id));
  const write = list.update((current) => current.filter((log) => !ids.has(log.id)));
  const undo = () =>
    list.update((current) => {
      const next = [...current];
      const present = new Set(current.map((log) => log.id));
      for (const { log, index } of removed)
        if (!present.has(log.id)) next.splice(Math.min(index, next.length), 0, log);
      return next;
    });
  return { ...write, undo };
}

/** Removes a log; the result carries the undo that restores it (for the Undo toast). */
export const removeTimeLog = actions.remove;
/** Finds a log by id. */
export const timeLogById = actions.byId;
/** Decodes a raw stored value (for tests and the import of exported data). */
export const decodeTimeLogs = list.decode;
