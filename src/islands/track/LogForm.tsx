import { useStore } from '@nanostores/react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { draftIsBillable } from '../../lib/draft-billable';
import { recentEntries, type RecentEntry } from '../../lib/recent-entries';
import { checkDraft, type TimeLogDraft } from '../../lib/time-log-form';
import { $abilities, $workspaceRules } from '../../stores/access';
import { $activeMembers, $projectChoices, $tasksByProject } from '../../stores/choices';
import { $projects } from '../../stores/projects';
import { $timeLogs } from '../../stores/time-logs';
import { GroupedCombobox } from '../../ui/combobox/GroupedCombobox';
import { Field } from '../../ui/form/Field';
import { RichTextEditor } from '../../ui/rich-text/RichTextEditor';
import { DurationField } from './DurationField';
import { EconomyPreview } from './EconomyPreview';
import { useLogDraft } from './use-log-draft';

interface LogFormProps {
  initial: TimeLogDraft;
  /** Buttons: 'add' shows Add, Add & Close and Cancel; 'edit' shows Save and Cancel. */
  mode: 'add' | 'edit';
  /**
   * Saves a valid draft; false when the change was not stored (storage refused it, or the log
   * changed elsewhere). The form then stays open for `notice`, which the parent sets to say why.
   */
  onSave: (draft: TimeLogDraft, seconds: number, expenses: number) => boolean;
  onClose: () => void;
  /** Shown at the top of the form: why the last save did not go through, and what to do. */
  notice?: ReactNode;
  /** Told of every change of the values (the add form keeps them across a reload). */
  onDraftChange?: (draft: TimeLogDraft) => void;
}

/** The time-log form of SPEC.md, for adding and for editing. */
export function LogForm({ initial, mode, onSave, onClose, notice, onDraftChange }: LogFormProps) {
  const { draft, set, reset } = useLogDraft(initial);
  useEffect(() => onDraftChange?.(draft), [draft, onDraftChange]);
  const projects = useStore($projectChoices);
  const tasksByProject = useStore($tasksByProject);
  const allMembers = useStore($activeMembers);
  const allProjects = useStore($projects);
  const can = useStore($abilities);
  const rules = useStore($workspaceRules);
  // Only those the person may log time for on the chosen project (the policy, src/lib/policy),
  // and whoever the log already names, so editing never silently changes it.
  const project = allProjects.find((p) => p.id === draft.projectId);
  const members = allMembers.filter(
    (m) => m.id === draft.memberId || can.tracksFor(m.id, draft.projectId ? project : null),
  );
  const [errors, setErrors] = useState<Partial<Record<keyof TimeLogDraft, string>>>({});
  const [message, setMessage] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const tasks = tasksByProject.get(draft.projectId) ?? [];

  // Earlier descriptions with their project, task and tags, from the logs on this device (the
  // last 8 weeks), offered while typing the description (issue 29), as the stopwatch does.
  const logs = useStore($timeLogs);
  const suggestDescriptions = useCallback((text: string) => recentEntries(logs, text), [logs]);
  const fillFromEntry = (entry: RecentEntry) => {
    // A project or task no longer offered is left as the person chose it.
    if (!entry.projectId || !projects.some((choice) => choice.value === entry.projectId))
      return set('tags', entry.tags);
    set('projectId', entry.projectId);
    const taskOffered = (tasksByProject.get(entry.projectId) ?? []).some(
      (t) => t.id === entry.taskId,
    );
    set('taskId', taskOffered && entry.taskId ? entry.taskId : '');
    set('tags', entry.tags);
  };

  // A new log starts at its first field, so the keyboard user can type right away.
  useEffect(() => {
    if (mode === 'add') form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [mode]);

  function submit(event: SyntheticEvent, close: boolean) {
    event.preventDefault();
    const check = checkDraft(draft, rules);
    if (!check.ok) {
      setErrors(check.fields);
      setMessage(check.message);
      return;
    }
    setErrors({});
    // A locked day is said here, before the server would refuse the change.
    const locked = can.dayProblem(draft.date, new Date());
    if (locked) {
      setMessage(locked);
      return;
    }
    setMessage('');
    const saved = onSave(draft, check.value.seconds, check.value.expenses);
    // An edit that did not go through keeps the person's values. An added log is in the list
    // even when storage refused it, so the add form still starts afresh, but stays open.
    if (saved && (close || mode === 'edit')) onClose();
    else if (mode === 'add') {
      reset({ ...initial, date: draft.date, projectId: draft.projectId, memberId: draft.memberId });
      setEditorKey((k) => k + 1);
    }
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => submit(e, mode === 'edit')}
      aria-label={mode === 'add' ? 'Add time log' : 'Edit time log'}
      // SPEC.md shows these labels in capitals: CSS draws them so, and screen readers read the
      // words ("Team member"), not a spelled-out "TEAM MEMBER" (issue 47).
      className="[&_.field-label]:uppercase"
    >
      {message ? (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {message}
        </p>
      ) : null}
      {notice}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <GroupedCombobox
          label="Client & project"
          options={projects}
          value={draft.projectId}
          onChange={(value) => {
            set('projectId', value);
            set('taskId', '');
          }}
          error={errors.projectId}
          placeholder={projects.length ? 'Type to find a project' : 'No projects yet'}
          emptyText="No project matches. Create projects on the Projects screen."
        />
        <Field label="Task" error={errors.taskId}>
          {(p) => (
            <select
              {...p}
              className="field-input"
              value={draft.taskId}
              onChange={(e) => set('taskId', e.target.value)}
            >
              <option value="">
                {draft.projectId
                  ? tasks.length
                    ? 'Choose a task'
                    : 'This project has no tasks yet'
                  : 'Choose a project first'}
              </option>
              {tasks.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Tags" hint="Separate tags with commas" error={errors.tags}>
          {(p) => (
            <input
              {...p}
              className="field-input"
              value={draft.tags}
              onChange={(e) => set('tags', e.target.value)}
            />
          )}
        </Field>
        <div className="mb-4 flex items-center gap-2 self-end">
          <input
            id={`billable-${mode}`}
            type="checkbox"
            className="h-4 w-4"
            checked={draftIsBillable(draft, project)}
            onChange={(e) => set('billable', e.target.checked ? 'yes' : 'no')}
          />
          <label htmlFor={`billable-${mode}`} className="font-bold">
            BILLABLE
          </label>
        </div>
        <Field label="Team member">
          {(p) => (
            <select
              {...p}
              className="field-input"
              value={draft.memberId}
              onChange={(e) => set('memberId', e.target.value)}
            >
              {/* Only for someone not on the team list (or a log that names nobody yet):
                  anyone with a member of their own logs under it (issue 31). */}
              {!can.memberId || draft.memberId === '' ? (
                <option value="">Me (not on the team list)</option>
              ) : null}
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <RichTextEditor
        key={editorKey}
        label="Description"
        value={draft.desc}
        onChange={(html) => set('desc', html)}
        error={errors.desc}
        suggest={suggestDescriptions}
        onSuggestion={fillFromEntry}
        suggestionsLabel="Earlier descriptions"
      />
      <fieldset className="mb-2 grid gap-x-4 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="mb-2 font-bold uppercase">Time &amp; date</legend>
        <Field label="Date" error={errors.date}>
          {(p) => (
            <input
              {...p}
              type="date"
              className="field-input"
              value={draft.date}
              onChange={(e) => set('date', e.target.value)}
            />
          )}
        </Field>
        <DurationField
          value={draft.duration}
          error={errors.duration}
          onChange={(value) => set('duration', value)}
        />
        <Field label="Start time">
          {(p) => (
            <input
              {...p}
              type="time"
              className="field-input"
              value={draft.st}
              onChange={(e) => set('st', e.target.value)}
            />
          )}
        </Field>
        <Field label="End time">
          {(p) => (
            <input
              {...p}
              type="time"
              className="field-input"
              value={draft.end}
              onChange={(e) => set('end', e.target.value)}
            />
          )}
        </Field>
        <Field label="Expenses" error={errors.exp}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              className="field-input"
              value={draft.exp}
              onChange={(e) => set('exp', e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      {can.seesAmounts ? <EconomyPreview draft={draft} /> : null}
      <div className="flex flex-wrap gap-2">
        {mode === 'add' ? (
          <>
            <button type="submit" className="btn-primary">
              Add &amp; next
            </button>
            <button type="button" className="btn-primary" onClick={(e) => submit(e, true)}>
              Add &amp; Close
            </button>
          </>
        ) : (
          <button type="submit" className="btn-primary">
            Save
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
