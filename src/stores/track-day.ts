import { atom, computed } from 'nanostores';
import { toDay } from '../lib/day';
import { $trackedMemberId, isShownOnTrack } from './own-logs';
import { $projects } from './projects-list';
import { $timeLogs, addTimeLog, type TimeLog } from './time-log-list';
import type { WriteResult } from './unsaved-writes';

// What Track shows and does before its form opens: the shown day, its logs, Copy. Saving the
// add form and the edit dialog lives in ./track.ts, which loads with them (issue 29's budget).

/** The day the Track screen shows, 'YYYY-MM-DD'. */
export const $shownDay = atom<string>(toDay(new Date()));

/** Whether the add-time-log form is open (the `n` shortcut toggles it). */
export const $addFormOpen = atom(false);

/**
 * The person's own logs of the shown day, newest first, with the day's total seconds. A Manager's
 * cache also holds the team's logs of their projects: those belong on All hours, Timesheet and
 * the reports, not on the day they track (issue 47; ./own-logs.ts says whose are shown).
 */
export const $dayLogs = computed([$timeLogs, $shownDay, $trackedMemberId], (logs, day, me) => {
  const list = logs.filter((log) => log.date === day && isShownOnTrack(log, me));
  return { logs: list, totalSeconds: list.reduce((sum, log) => sum + log.dur, 0) };
});

/** Shows another day. */
export function showDay(day: string): void {
  $shownDay.set(day);
}

/** Opens or closes the add-time-log form. */
export function toggleAddForm(open = !$addFormOpen.get()): void {
  $addFormOpen.set(open);
}

/**
 * Copies a log as a new one (the same work done again), to its own day or to `date` (a locked
 * log's copy goes to today); it is pending again when its project needs approval. The result
 * names the copy, so its toast can undo it.
 */
export function copyLog(log: TimeLog, date = log.date): WriteResult & { log: TimeLog } {
  const project = $projects.get().find((p) => p.id === log.projectId);
  const { client, projectId, task, taskId, tags, desc, dur, st, end, exp, memberId } = log;
  const billable = typeof log.billable === 'boolean' ? { billable: log.billable } : {};
  return addTimeLog(
    { date, client, projectId, task, taskId, tags, desc, dur, st, end, exp, memberId, ...billable },
    project?.approval ?? false,
  );
}
