import { useStore } from '@nanostores/react';
import { useId, useMemo } from 'react';
import { entryNamed, recentEntries } from '../../lib/recent-entries';
import { $projectChoices, $tasksByProject } from '../../stores/choices';
import { $timeLogs } from '../../stores/time-log-list';
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
  const logs = useStore($timeLogs);
  // Recent work whose words hold what is typed (issue 29): a native list, so it costs Track
  // no script; choosing one brings back its project, task and tags.
  const suggestions = useMemo(() => recentEntries(logs, entry.desc), [logs, entry.desc]);
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
          list={`${id}-recent`}
          aria-describedby={`${id}-recent-help`}
          onChange={(e) => {
            const typed = e.target.value;
            // A suggestion chosen from the list (not typed out) fills in the rest of its entry.
            const picked =
              (e.nativeEvent as InputEvent).inputType === 'insertReplacementText' ||
              (e.nativeEvent as InputEvent).inputType === undefined
                ? entryNamed(suggestions, typed)
                : null;
            if (picked)
              onChange(
                {
                  ...entry,
                  desc: picked.description,
                  projectId: picked.projectId,
                  taskId: picked.taskId,
                  tags: picked.tags,
                },
                true,
              );
            else onChange({ ...entry, desc: typed }, false);
          }}
          onBlur={onCommit}
        />
        <datalist id={`${id}-recent`}>
          {suggestions.map((s) => (
            <option key={`${s.description}|${s.detail}`} value={s.description} label={s.detail} />
          ))}
        </datalist>
        <span id={`${id}-recent-help`} className="sr-only">
          Suggests what you worked on in the last 8 weeks; choosing one fills in its project, task
          and tags.
        </span>
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
