import { describeKind, textOf } from '../kind';

/** The calendar day of an ISO timestamp, or '' when there is none (or only the epoch). */
export const dayOf = (iso: string | undefined) =>
  iso && !iso.startsWith('1970') ? iso.slice(0, 10) : '';

/** The lenient read schema of the cached list (repairs what older versions stored). */
const readSchema = () => import('../../entities/time-log').then((m) => m.timeLogSchema);

interface Ordered {
  date: string;
  createdAt?: string | undefined;
  id: string;
}

/** Newest first, as the `taskData` key keeps logs: by day, then by when each was made. */
export const newestLogFirst = (a: Ordered, b: Ordered) =>
  b.date.localeCompare(a.date) ||
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '') ||
  b.id.localeCompare(a.id);

/** A time log (SPEC.md's task-data list, `taskData`): `dur` whole seconds, `desc` editor HTML. */
export const timeLogKind = describeKind({
  name: 'timeLog',
  label: 'time log',
  list: 'logs',
  storageKey: 'taskData',
  readSchema,
  storedFields: [
    'date',
    'projectId',
    'taskId',
    'memberId',
    'tags',
    'desc',
    'dur',
    'st',
    'end',
    'exp',
    'status',
    'reviewNote',
    'billable',
    'invoicedElsewhere',
  ],
  publicNames: {
    description: 'desc',
    durationSeconds: 'dur',
    startTime: 'st',
    endTime: 'end',
    expenses: 'exp',
  },
  mutations: { create: 'addTimeLog', update: 'updateTimeLog', remove: 'deleteTimeLog' },
  commands: { create: 'addLog', edit: 'editLog', remove: 'deleteLog' },
  references: { projectId: 'project', taskId: 'task', memberId: 'member' },
  order: newestLogFirst,
  // "Client / Project" and the task's name, from the current names.
  labels: (log, find) => {
    const project = find('project', log['projectId']);
    const client = find('client', project?.['clientId']);
    const task = find('task', log['taskId']);
    const clientName = textOf(client, 'name') ?? (textOf(project, 'client') || 'No client');
    return {
      ...(project
        ? { client: `${clientName} / ${textOf(project, 'projectName') ?? ''}` }
        : log['projectId']
          ? {}
          : { client: '' }),
      ...(task ? { task: textOf(task, 'task') ?? '' } : log['taskId'] ? {} : { task: '' }),
    };
  },
  rowExtras: ({ updatedAt }) => ({ client: '', task: '', updatedAt }),
  toStored: (fields, record) => ({
    ...fields,
    // The original app stored no date; the day the log was made is the best there is.
    date: fields['date'] || dayOf(record['createdAt'] as string | undefined),
    dur: Math.round(Number(fields['dur'])),
  }),
});
