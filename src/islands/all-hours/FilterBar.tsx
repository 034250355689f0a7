import { useStore } from '@nanostores/react';
import { allTags } from '../../lib/log-filter';
import { $allHoursFilter, setAllHoursFilter } from '../../stores/all-hours';
import { $clients } from '../../stores/clients';
import { $projects } from '../../stores/projects';
import { $tasks } from '../../stores/tasks';
import { $team } from '../../stores/team';
import { $timeLogs } from '../../stores/time-logs';
import { $serverTags } from '../../stores/all-hours-older';

interface Choice {
  value: string;
  label: string;
}

function SelectFilter({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col text-sm font-semibold">
      {label}
      <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Filters of /allHours: dates, client, project, task, member, tag and text. */
export function FilterBar() {
  const filter = useStore($allHoursFilter);
  const clients = useStore($clients);
  const projects = useStore($projects);
  const tasks = useStore($tasks);
  const team = useStore($team);
  const logs = useStore($timeLogs);
  const serverTags = useStore($serverTags);
  const projectChoices = projects
    .filter((p) => !filter.clientId || p.clientId === filter.clientId)
    .map((p) => ({ value: p.id, label: p.projectName }));
  const taskChoices = tasks
    .filter((t) => !filter.projectId || t.projectId === filter.projectId)
    .map((t) => ({ value: t.id, label: t.task }));

  return (
    <form
      role="search"
      aria-label="Filter time logs"
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="flex flex-col text-sm font-semibold">
        From
        <input
          type="date"
          className="field-input"
          value={filter.from ?? ''}
          onChange={(e) => setAllHoursFilter('from', e.target.value)}
        />
      </label>
      <label className="flex flex-col text-sm font-semibold">
        To
        <input
          type="date"
          className="field-input"
          value={filter.to ?? ''}
          onChange={(e) => setAllHoursFilter('to', e.target.value)}
        />
      </label>
      <SelectFilter
        label="Client"
        value={filter.clientId ?? ''}
        choices={clients.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(v) => setAllHoursFilter('clientId', v)}
      />
      <SelectFilter
        label="Project"
        value={filter.projectId ?? ''}
        choices={projectChoices}
        onChange={(v) => setAllHoursFilter('projectId', v)}
      />
      <SelectFilter
        label="Task"
        value={filter.taskId ?? ''}
        choices={taskChoices}
        onChange={(v) => setAllHoursFilter('taskId', v)}
      />
      <SelectFilter
        label="Team member"
        value={filter.memberId ?? ''}
        choices={team.map((m) => ({ value: m.id, label: m.name }))}
        onChange={(v) => setAllHoursFilter('memberId', v)}
      />
      <SelectFilter
        label="Tag"
        value={filter.tag ?? ''}
        choices={allTags([...logs, { tags: [...serverTags, filter.tag ?? ''].join(',') }]).map(
          (t) => ({ value: t, label: t }),
        )}
        onChange={(v) => setAllHoursFilter('tag', v)}
      />
      <label className="flex flex-col text-sm font-semibold">
        Search
        <input
          type="search"
          className="field-input"
          placeholder="Description, task, tag…"
          value={filter.text ?? ''}
          onChange={(e) => setAllHoursFilter('text', e.target.value)}
        />
      </label>
    </form>
  );
}
