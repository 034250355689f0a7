import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $projectChoices, $tasksByProject } from '../../stores/choices';
import type { TimerEntry } from '../../stores/timer';

/**
 * The stopwatch's fields: what the run is for. Choices take effect at once (`commit`); typed text
 * is sent when the field is left (onCommit), so a run is not changed on every keystroke.
 */
export function StopwatchFields({
  entry,
  onChange,
  onCommit,
}: {
  entry: TimerEntry;
  onChange: (entry: TimerEntry, commit: boolean) => void;
  onCommit: () => void;
}) {
  const projects = useStore($projectChoices);
  const tasksByProject = useStore($tasksByProject);
  const tasks = entry.projectId ? (tasksByProject.get(entry.projectId) ?? []) : [];
  const id = useId();
  const groups = [...new Set(projects.map((p) => p.group))];
  return (
    <div className="mb-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      <div className="flex flex-col lg:col-span-2">
        <label htmlFor={`${id}-desc`} className="text-sm font-semibold">
          What are you working on?
        </label>
        <input
          id={`${id}-desc`}
          className="field-input"
          value={entry.desc}
          maxLength={2000}
          onChange={(e) => onChange({ ...entry, desc: e.target.value }, false)}
          onBlur={onCommit}
        />
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-project`} className="text-sm font-semibold">
          Project
        </label>
        <select
          id={`${id}-project`}
          className="field-input"
          value={entry.projectId ?? ''}
          onChange={(e) =>
            onChange({ ...entry, projectId: e.target.value || null, taskId: null }, true)
          }
        >
          <option value="">No project</option>
          {groups.map((group) => (
            <optgroup key={group} label={group}>
              {projects
                .filter((p) => p.group === group)
                .map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-task`} className="text-sm font-semibold">
          Task
        </label>
        <select
          id={`${id}-task`}
          className="field-input"
          value={entry.taskId ?? ''}
          disabled={tasks.length === 0}
          onChange={(e) => onChange({ ...entry, taskId: e.target.value || null }, true)}
        >
          <option value="">{entry.projectId ? 'No task' : 'Choose a project first'}</option>
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col lg:col-span-2">
        <label htmlFor={`${id}-tags`} className="text-sm font-semibold">
          Tags
        </label>
        <input
          id={`${id}-tags`}
          className="field-input"
          value={entry.tags}
          maxLength={500}
          placeholder="Separate tags with commas"
          onChange={(e) => onChange({ ...entry, tags: e.target.value }, false)}
          onBlur={onCommit}
        />
      </div>
    </div>
  );
}
