import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { taskFormSchema } from '../../lib/entities/task';
import { sortItems } from '../../lib/list-view';
import { $abilities, $currency } from '../../stores/access';
import { isTaskNameTaken } from '../../lib/task-name';
import { $activeMembers } from '../../stores/choices';
import { $projects } from '../../stores/projects';
import { $tasks, addTask } from '../../stores/tasks';
import { showToast } from '../../stores/toast';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';
import { FormActions } from '../../ui/form/FormActions';
import { fieldErrors, focusFirstInvalid } from '../../ui/form/field-errors';
import { currencySymbol } from '../../lib/money';

type Errors = Partial<Record<'projectId' | 'task' | 'assigneeIds' | 'billableRate', string>>;

/** SPEC.md's Assign Task form: a task under a project with the members who work on it. */
export function AssignTaskForm({ onDone }: { onDone: () => void }) {
  const projects = useStore($projects);
  const members = useStore($activeMembers);
  const activeProjects = sortItems(
    projects.filter((p) => p.status === 'Active'),
    (p) => `${p.client} ${p.projectName}`,
    'asc',
  );
  // Members who asked to be added to all new projects start on the list (issue 5).
  const defaults = () => members.filter((m) => m.autoAddToProjects).map((m) => m.id);
  const [projectId, setProjectId] = useState('');
  const [task, setTask] = useState('');
  const [assigneeIds, setAssigneeIds] = useState<string[]>(defaults);
  const [billableRate, setBillableRate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { setsRates } = useStore($abilities);
  const currency = useStore($currency);
  const formRef = useRef<HTMLFormElement>(null);
  const project = projects.find((p) => p.id === projectId);
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? id;

  function create(event: SubmitEvent) {
    event.preventDefault();
    const parsed = taskFormSchema.safeParse({ projectId, task, assigneeIds, billableRate });
    const next: Errors = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success && !project) next.projectId = 'Choose a project';
    // Two tasks of one name would look the same on Track, in the project's list and in reports.
    if (project && !next.task && isTaskNameTaken($tasks.get(), project, task))
      next.task = 'This project already has a task with this name';
    if (!parsed.success || !project || next.task) {
      setErrors(next);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    addTask({
      projectId: project.id,
      projectName: project.projectName,
      task: parsed.data.task,
      assigneeIds: parsed.data.assigneeIds,
      assigneeNames: parsed.data.assigneeIds.map(nameOf),
      billableRate: parsed.data.billableRate === '' ? null : Number(parsed.data.billableRate),
    });
    showToast(`Task ${parsed.data.task} added to ${project.projectName}`);
    setTask('');
    setBillableRate('');
    setAssigneeIds(defaults());
  }

  return (
    <form ref={formRef} noValidate onSubmit={create} aria-label="Assign Task">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Project" error={errors.projectId}>
          {(control) => (
            <select
              {...control}
              className="field-input"
              value={projectId}
              onChange={(e) => setProjectId(e.target.value)}
            >
              <option value="">Choose a project</option>
              {activeProjects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.client ? `${p.client} / ${p.projectName}` : p.projectName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="Task" error={errors.task} value={task} onChange={setTask} />
        <Field label="Team" hint="Each member you choose is added to the task">
          {(control) => (
            <select
              {...control}
              className="field-input"
              value=""
              onChange={(e) => {
                const id = e.target.value;
                if (id && !assigneeIds.includes(id)) setAssigneeIds([...assigneeIds, id]);
              }}
            >
              <option value="">Add a team member</option>
              {members
                .filter((m) => !assigneeIds.includes(m.id))
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
        {setsRates ? (
          <TextField
            label={`Task billable rate (${currencySymbol(currency)} per hour)`}
            hint={
              project?.billable === 'task'
                ? 'Used for this task’s logs'
                : 'Used when the project has a task-based rate'
            }
            error={errors.billableRate}
            inputMode="decimal"
            value={billableRate}
            onChange={setBillableRate}
          />
        ) : null}
      </div>
      <ul aria-label="Assignees" className="mb-4 flex flex-wrap gap-2">
        {assigneeIds.map((id) => (
          <li
            key={id}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm"
          >
            {nameOf(id)}
            <button
              type="button"
              className="rounded-full px-1 hover:bg-brand-100"
              aria-label={`Remove ${nameOf(id)}`}
              onClick={() => setAssigneeIds(assigneeIds.filter((other) => other !== id))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <FormActions submitLabel="Create Task" cancel={{ onCancel: onDone }} />
    </form>
  );
}
