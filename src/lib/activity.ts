// Activity (issue 30): what a change-history entry did, in words a person reads, worked out from
// the command and what it was given (src/server/commit writes one entry per command).

export const activityActions = [
  'created',
  'edited',
  'submitted',
  'approved',
  'rejected',
  'deleted',
  'invoiced',
  'voided',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** A log an event touched, as the person may see it. */
export interface ActivityLog {
  id: string;
  date: string;
  member: string;
  project: string;
  task: string;
  seconds: number;
}

/** One thing that happened: who did what, when, to which logs (or which invoice). */
export interface ActivityEvent {
  id: string;
  /** ISO time. */
  at: string;
  who: string;
  action: ActivityAction;
  /** For an edit, the fields it changed, in words ('duration', 'description'). */
  changed: string[];
  /** A rejection's note. */
  note: string;
  logs: ActivityLog[];
  /** An issued or voided invoice's number. */
  invoiceNumber: string | null;
}

const fieldWords: Record<string, string> = {
  date: 'date',
  dur: 'duration',
  duration: 'duration',
  desc: 'description',
  description: 'description',
  projectId: 'project',
  taskId: 'task',
  memberId: 'team member',
  tags: 'tags',
  st: 'start',
  start: 'start',
  end: 'end',
  exp: 'expenses',
  expenses: 'expenses',
  billable: 'billable',
  status: 'status',
};

const created = new Set(['addTimeLog', 'addLog', 'continueLog', 'stopTimer', 'startTimer']);
const edited = new Set(['updateTimeLog', 'editLog', 'bulkEditLogs']);
const deleted = new Set(['deleteTimeLog', 'deleteLog']);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * What `command` given `details` did to a log or invoice, or null for a command Activity does
 * not show (projects, clients, settings …). Old bundles send stored changes (`updateTimeLog` with
 * a status), newer ones name the command (`submitWeek`, `reviewLogs`): both read the same.
 */
export function actionOf(
  command: string,
  details: unknown,
): { action: ActivityAction; changed: string[]; note: string } | null {
  const given = record(details);
  if (command === 'issueInvoice') return { action: 'invoiced', changed: [], note: '' };
  if (command === 'voidInvoice') return { action: 'voided', changed: [], note: '' };
  if (command === 'submitWeek') return { action: 'submitted', changed: [], note: '' };
  if (command === 'reviewLogs')
    return given['decision'] === 'reject'
      ? { action: 'rejected', changed: [], note: text(given['note']) }
      : { action: 'approved', changed: [], note: '' };
  if (created.has(command)) return { action: 'created', changed: [], note: '' };
  if (deleted.has(command)) return { action: 'deleted', changed: [], note: '' };
  if (!edited.has(command)) return null;
  const { id: _id, ...rest } = given;
  const changes = 'changes' in given ? record(given['changes']) : rest;
  const status = changes['status'];
  if (status === 'submitted') return { action: 'submitted', changed: [], note: '' };
  if (status === 'approved') return { action: 'approved', changed: [], note: '' };
  if (status === 'rejected')
    return { action: 'rejected', changed: [], note: text(changes['reviewNote']) };
  const words = Object.keys(changes)
    .map((k) => fieldWords[k])
    .filter((w): w is string => Boolean(w));
  // Sorted: the stored details (jsonb) keep no order of their own.
  return { action: 'edited', changed: [...new Set(words)].sort(), note: '' };
}
