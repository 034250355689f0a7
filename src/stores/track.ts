import { atom, computed } from 'nanostores';
import { toDay } from '../lib/day';
import { formatDuration } from '../lib/duration';
import type { TimeLogDraft } from '../lib/time-log-form';
import { clientProjectLabel } from './choices';
import { $projects } from './projects';
import { $tasks } from './tasks';
import { $timeLogs, addTimeLog, type TimeLog, type TimeLogInput } from './time-logs';
import type { WriteResult } from './unsaved-writes';

/** The day the Track screen shows, 'YYYY-MM-DD'. */
export const $shownDay = atom<string>(toDay(new Date()));

/** Whether the add-time-log form is open (the `n` shortcut toggles it). */
export const $addFormOpen = atom(false);

/** Logs of the shown day, newest first, with the day's total seconds. */
export const $dayLogs = computed([$timeLogs, $shownDay], (logs, day) => {
  const list = logs.filter((log) => log.date === day);
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

/** Turns a validated form draft into the stored fields of a log. */
export function logInputFromDraft(
  draft: TimeLogDraft,
  seconds: number,
  expenses: number,
): TimeLogInput {
  const task = $tasks.get().find((t) => t.id === draft.taskId);
  return {
    date: draft.date,
    client: clientProjectLabel(draft.projectId),
    projectId: draft.projectId || null,
    task: task?.task ?? '',
    taskId: draft.taskId || null,
    tags: draft.tags.trim(),
    desc: draft.desc,
    dur: seconds,
    st: draft.st,
    end: draft.end,
    exp: expenses,
    memberId: draft.memberId || null,
  };
}

/** Saves a new log from the form; logs of projects that need approval start as pending. */
export function addLogFromDraft(
  draft: TimeLogDraft,
  seconds: number,
  expenses: number,
): WriteResult {
  const project = $projects.get().find((p) => p.id === draft.projectId);
  return addTimeLog(logInputFromDraft(draft, seconds, expenses), project?.approval ?? false);
}

/** The form draft of an existing log, so the edit dialog starts with every field filled. */
export function draftFromLog(log: TimeLog): TimeLogDraft {
  return {
    date: log.date,
    projectId: log.projectId ?? '',
    taskId: log.taskId ?? '',
    memberId: log.memberId ?? '',
    tags: log.tags,
    desc: log.desc,
    duration: log.dur > 0 ? formatDuration(log.dur, 'clock') : '',
    st: log.st,
    end: log.end,
    exp: log.exp > 0 ? String(log.exp) : '',
  };
}
