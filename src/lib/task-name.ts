import type { Project } from './entities/project';
import type { Task } from './entities/task';

/** A task name as compared for duplicates: letter case and white space make no difference. */
export function taskNameKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/**
 * True when the project already has a task of this name, whatever its case and spacing; old
 * tasks saved without a project id belong to the project of their saved project name.
 */
export function isTaskNameTaken(
  tasks: readonly Pick<Task, 'task' | 'projectId' | 'project'>[],
  project: Pick<Project, 'id' | 'projectName'>,
  name: string,
): boolean {
  const wanted = taskNameKey(name);
  return tasks.some(
    (t) =>
      (t.projectId === null ? t.project === project.projectName : t.projectId === project.id) &&
      taskNameKey(t.task) === wanted,
  );
}
