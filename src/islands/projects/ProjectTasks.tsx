import type { Project } from '../../lib/entities/project';
import { formatRate } from '../../lib/money';
import type { Task } from '../../stores/tasks';

/** The tasks under a project row, with their assignees and task-based rate in `currency`. */
export function ProjectTasks({
  project,
  tasks,
  currency,
}: {
  project: Project;
  tasks: Task[];
  currency: string;
}) {
  if (tasks.length === 0) {
    return <p className="text-slate-700">No tasks yet. Use Assign Task to add one.</p>;
  }
  return (
    <ul aria-label={`Tasks of ${project.projectName}`} className="space-y-1">
      {tasks.map((task) => (
        <li key={task.id} className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{task.task}</span>
          {task.billableRate !== null ? (
            <span className="text-slate-700">{formatRate(task.billableRate, currency)} / h</span>
          ) : null}
          {task.assign.length > 0 ? (
            <span className="text-slate-700">— {task.assign.join(', ')}</span>
          ) : (
            <span className="text-slate-600">— nobody assigned</span>
          )}
        </li>
      ))}
    </ul>
  );
}
