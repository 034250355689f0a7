import { pendsWhenApprovalStarts } from '../lib/approvals';
import type { TimeLog } from '../lib/entities/time-log';
import { recordActions } from './record-actions';
import { writeRecords } from './record-commands';
import { recordEdit, type EditResult } from './record-edit';
import { timeLogList, type TimeLogInput } from './time-log-list';
import type { WriteResult } from './unsaved-writes';

const actions = recordActions(timeLogList, 'timeLog');
const edit = recordEdit(timeLogList, 'timeLog');

export {
  $timeLogs,
  TIME_LOGS_KEY,
  addTimeLog,
  removeTimeLog,
  timeLogById,
  type TimeLogInput,
} from './time-log-list';
export type { TimeLog };

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
  changes: Partial<TimeLogInput & Pick<TimeLog, 'status'>>,
  overwrite = false,
  now = new Date(),
): EditResult<TimeLog> {
  return edit(opened, changes, { updatedAt: now.toISOString() }, overwrite);
}

/** Marks a pending log approved. */
export function approveTimeLog(id: string, now = new Date()): WriteResult {
  return actions.patch(id, { status: 'approved', updatedAt: now.toISOString() });
}

/**
 * Turning approval on for a project (issue 47): its cached logs that nobody reviewed become
 * pending, as the server makes them (src/lib/approvals.ts); null when there are none.
 */
export function pendLogsOfProject(
  projectId: string,
  lockedUpTo: string | null,
  now = new Date(),
): WriteResult | null {
  const ids = timeLogList.$list
    .get()
    .filter((log) => log.projectId === projectId && pendsWhenApprovalStarts(log, lockedUpTo))
    .map((log) => log.id);
  if (ids.length === 0) return null;
  return patchTimeLogs(new Map(ids.map((id) => [id, { status: 'pending' as const }])), now);
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
    timeLogList.$list
      .get()
      .filter((log) => patches.has(log.id))
      .map((log) => [log.id, log]),
  );
  const stamp = now.toISOString();
  const ids = new Set(patches.keys());
  const write = writeRecords(timeLogList, 'timeLog', ids, (current) =>
    current.map((log) => {
      const patch = patches.get(log.id);
      return patch ? { ...log, ...patch, updatedAt: stamp } : log;
    }),
  );
  const undo = () =>
    writeRecords(timeLogList, 'timeLog', ids, (current) =>
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
  const before = timeLogList.$list.get();
  const removed = before.map((log, index) => ({ log, index })).filter(({ log }) => ids.has(log.id));
  const write = writeRecords(timeLogList, 'timeLog', ids, (current) =>
    current.filter((log) => !ids.has(log.id)),
  );
  const undo = () =>
    writeRecords(timeLogList, 'timeLog', ids, (current) => {
      const next = [...current];
      const present = new Set(current.map((log) => log.id));
      for (const { log, index } of removed)
        if (!present.has(log.id)) next.splice(Math.min(index, next.length), 0, log);
      return next;
    });
  return { ...write, undo };
}

/** Decodes a raw stored value (for tests and the import of exported data). */
export const decodeTimeLogs = timeLogList.decode;
