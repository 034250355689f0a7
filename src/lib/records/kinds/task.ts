import { describeKind, textOf } from '../kind';

/** The lenient read schema of the cached list (repairs what older versions stored). */
const readSchema = () => import('../../entities/task').then((m) => m.taskSchema);

/** A task of a project (SPEC.md `task`); its project's name and assignees' names are labels. */
export const taskKind = describeKind({
  name: 'task',
  label: 'task',
  list: 'tasks',
  storageKey: 'task',
  readSchema,
  storedFields: ['projectId', 'task', 'assigneeIds', 'billableRate'],
  publicNames: { name: 'task' },
  mutations: { create: 'createTask', update: 'updateTask', remove: 'deleteTask' },
  commands: { create: 'createTask', edit: 'editTask', remove: 'deleteTask' },
  rateFields: ['billableRate'],
  // No rate of its own (null): it bills at its project's or member's.
  defaults: { assigneeIds: [], billableRate: null },
  references: { projectId: 'project', assigneeIds: 'member' },
  // The project's current name and the names of the assignees who are still members.
  labels: (task, find) => {
    const project = find('project', task['projectId']);
    const ids = Array.isArray(task['assigneeIds']) ? (task['assigneeIds'] as unknown[]) : [];
    const assign = ids.flatMap((id) => textOf(find('member', id), 'name') ?? []);
    return { ...(project ? { project: textOf(project, 'projectName') ?? '' } : {}), assign };
  },
  // A task row keeps no updatedAt (SPEC.md's task has none).
  rowExtras: () => ({ project: '', assign: [] }),
});
