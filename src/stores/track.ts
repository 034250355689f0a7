import { statusAfterMove } from '../lib/approvals';
import { formatDuration } from '../lib/duration-format';
import { draftBillable, draftBillableOf } from '../lib/draft-billable';
import { changedFields } from '../lib/record-diff';
import type { TimeLogDraft } from '../lib/time-log-draft';
import { clientProjectLabel } from './choices';
import { $projects } from './projects-list';
import type { EditResult } from './record-edit';
import { $tasks } from './tasks-list';
import { addTimeLog, editTimeLog, type TimeLog, type TimeLogInput } from './time-logs';
import type { WriteResult } from './unsaved-writes';
import { editableNumber } from '../lib/locale-number';

export { $addFormOpen, $dayLogs, $shownDay, copyLog, showDay, toggleAddForm } from './track-day';

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
    exp: log.exp > 0 ? editableNumber(log.exp) : '',
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
  // Moved to another project: pending where it asks for approval, as the server makes it.
  const status =
    'projectId' in changes
      ? statusAfterMove(
          opened.projectId,
          changes.projectId,
          $projects.get().find((p) => p.id === changes.projectId)?.approval === true,
        )
      : null;
  return editTimeLog(opened, status ? { ...changes, status } : changes, overwrite);
}
