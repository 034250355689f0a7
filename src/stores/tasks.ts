import { newId } from '../lib/entities/fast-fields';
import { fastTask } from '../lib/entities/fast-task';
import type { Task } from '../lib/entities/task';
import { onDemand } from './record-decoder';
import { persistentList } from './persistent-list';
import { recordActions } from './record-actions';
import type { WriteResult } from './unsaved-writes';

const list = persistentList<Task>(
  'task',
  onDemand(fastTask, () => import('../lib/entities/task').then((m) => m.taskSchema)),
);
const actions = recordActions(list);

/** Tasks, stored under the documented `task` key. */
export const $tasks = list.$list;
export type { Task };

/** What the Assign Task form produces, already validated and resolved to names. */
export interface NewTask {
  projectId: string;
  projectName: string;
  task: string;
  assigneeIds: string[];
  assigneeNames: string[];
  billableRate: number | null;
}

/** Creates a task under a project. */
export function addTask(input: NewTask, now = new Date()): WriteResult & { task: Task } {
  const task: Task = {
    id: newId(),
    project: input.projectName,
    projectId: input.projectId,
    task: input.task,
    assign: input.assigneeNames,
    assigneeIds: input.assigneeIds,
    billableRate: input.billableRate,
    createdAt: now.toISOString(),
  };
  return { ...list.update((current) => [...current, task]), task };
}

/** Updates some fields of a task. */
export const patchTask = actions.patch;
/** Deletes a task; the result carries an undo function. */
export const deleteTask = actions.remove;

/** Tasks of one project, in creation order. */
export function tasksOfProject(tasks: readonly Task[], projectId: string): Task[] {
  return tasks.filter((t) => t.projectId === projectId);
}
