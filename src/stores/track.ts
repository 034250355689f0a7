import { atom, computed } from 'nanostores';
import { toDay } from '../lib/day';
import { formatDuration } from '../lib/duration';
import { draftBillable, draftBillableOf } from '../lib/draft-billable';
import { changedFields } from '../lib/record-diff';
import type { TimeLogDraft } from '../lib/time-log-form';
import { clientProjectLabel } from './choices';
import { $projects } from './projects';
import type { EditResult } from './record-actions';
import { $tasks } from './tasks';
import { $timeLogs, addTimeLog, editTimeLog, type TimeLog, type TimeLogInput } from './time-logs';
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
  const project = $projects.get().find((p) => p.id === draft.projectId);
  return {
    ...draftBillable(draft, project),
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
    billable: draftBillableOf(log),
  };
}

// The names the edit dialog shows for each stored field of a log.
const fieldLabels: Record<keyof TimeLogInput, string> = {
  date: 'Date',
  client: 'Client & project',
  projectId: 'Client & project',
  task: 'Task',
  taskId: 'Task',
  tags: 'Tags',
  desc: 'Description',
  dur: 'Duration',
  st: 'Start time',
  end: 'End time',
  exp: 'Expenses',
  memberId: 'Team member',
  billable: 'Billable',
};

/** The form's names for some fields of a log, each once (client and project are one field). */
export function logFieldLabels(fields: readonly (keyof TimeLog)[]): string[] {
  const labels = fields.map((field) =>
    field in fieldLabels ? fieldLabels[field as keyof TimeLogInput] : String(field),
  );
  return [...new Set(labels)];
}

/**
 * Saves the edit dialog of a log opened as `opened`: only the fields the person changed are
 * written, onto the freshest stored log. Comparing with what the form would have saved
 * untouched (not with the stored record) keeps untouched fields out even when the form shows
 * them differently, e.g. the label of an old log without a project.
 */
export function saveLogEdit(
  opened: TimeLog,
  draft: TimeLogDraft,
  seconds: number,
  expenses: number,
  overwrite = false,
): EditResult<TimeLog> {
  const untouched = logInputFromDraft(draftFromLog(opened), opened.dur, opened.exp);
  const changes = changedFields(untouched, logInputFromDraft(draft, seconds, expenses));
  return editTimeLog(opened, changes, overwrite);
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
