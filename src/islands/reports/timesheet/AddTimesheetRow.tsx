import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { RowKey } from '../../../lib/timesheet';
import { $abilities } from '../../../stores/access';
import { $projectChoices, $tasksByProject } from '../../../stores/choices';
import { $economyContext } from '../../../stores/economy';

/** A project (one the person tracks on) and, if it has any, a task: a new empty row. */
export function AddTimesheetRow({ onAdd }: { onAdd: (row: RowKey) => void }) {
  const can = useStore($abilities);
  const choices = useStore($projectChoices);
  const tasksByProject = useStore($tasksByProject);
  const { projectsById } = useStore($economyContext);
  const [projectId, setProjectId] = useState('');
  const [taskId, setTaskId] = useState('');
  // Only projects the person is on (Admins track anywhere), as the server will judge.
  const mine = choices.filter(
    (c) =>
      can.isAdmin ||
      (can.memberId !== null && projectsById.get(c.value)?.memberIds?.includes(can.memberId)),
  );
  const tasks = tasksByProject.get(projectId) ?? [];
  return (
    <form
      aria-label="Add a row"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!projectId) return;
        onAdd({ projectId, taskId: taskId || null });
        setTaskId('');
      }}
    >
      <div>
        <label htmlFor="timesheet-project" className="field-label">
          Project
        </label>
        <select
          id="timesheet-project"
          className="field-input"
          value={projectId}
          onChange={(e) => {
            setProjectId(e.target.value);
            setTaskId('');
          }}
        >
          <option value="">Choose a project</option>
          {mine.map((c) => (
            <option key={c.value} value={c.value}>
              {c.group} / {c.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="timesheet-task" className="field-label">
          Task
        </label>
        <select
          id="timesheet-task"
          className="field-input"
          value={taskId}
          disabled={tasks.length === 0}
          onChange={(e) => setTaskId(e.target.value)}
        >
          <option value="">{tasks.length ? 'No task' : 'No tasks'}</option>
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary" disabled={!projectId}>
        Add row
      </button>
    </form>
  );
}
