import { newId } from '../lib/entities/fast-fields';
import type { Task } from '../lib/entities/task';
import { recordActions } from './record-actions';
import { writeRecords } from './record-commands';
import { $tasks, taskList as list } from './tasks-list';
import type { WriteResult } from './unsaved-writes';

const actions = recordActions(list, 'task');

export { $tasks };
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
  return {
    ...writeRecords(list, 'task', new Set([task.id]), (current) => [...current, task]),
    task,
  };
}

/** Updates some fields of a task. */
export const patchTask = actions.patch;
/** Deletes a task; the result carries an undo function. */
export const deleteTask = actions.remove;

/** Tasks of one project, in creation order. */
export function tasksOfProject(tasks: readonly Task[], projectId: string): Task[] {
  return tasks.filter((t) => t.projectId === projectId);
}
