import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  billableLabels,
  billableOptions,
  projectFormSchema,
  roundingIntervals,
  roundingLabels,
  roundingOptions,
  type Billable,
  type Rounding,
} from '../../lib/entities/project';
import { sortItems } from '../../lib/list-view';
import { $abilities, $currency } from '../../stores/access';
import { $clients } from '../../stores/clients';
import { addProject, isProjectNameTaken, updateProject, type Project } from '../../stores/projects';
import { $team } from '../../stores/team';
import { showToast } from '../../stores/toast';
import { Field } from '../../ui/form/Field';
import { TextField } from '../../ui/form/TextField';
import { FormActions } from '../../ui/form/FormActions';
import { checkForm, focusFirstInvalid } from '../../ui/form/field-errors';
import { currencySymbol } from '../../lib/money';
import { editableNumber, readLocaleNumber } from '../../lib/locale-number';

interface Draft {
  projectName: string;
  clientId: string;
  hours: string;
  description: string;
  billable: Billable;
  billamount: string;
  rounding: Rounding;
  timeInterval: string;
  approval: boolean;
  memberIds: string[];
}

const empty: Draft = {
  projectName: '',
  clientId: '',
  hours: '',
  description: '',
  billable: 'member',
  billamount: '',
  rounding: 'false',
  timeInterval: '15',
  approval: false,
  memberIds: [],
};

/** The form's values for an existing project. */
function draftOf(project: Project): Draft {
  return {
    projectName: project.projectName,
    clientId: project.clientId ?? '',
    hours: project.hours ? editableNumber(project.hours) : '',
    description: project.description,
    billable: project.billable,
    billamount: project.billamount ? editableNumber(project.billamount) : '',
    rounding: project.rounding,
    timeInterval: String(project.timeInterval),
    approval: project.approval,
    memberIds: project.memberIds ?? [],
  };
}

/** The members added to every new project (Team form), who start ticked on a new one. */
const addedToEvery = (members: readonly { id: string; autoAddToProjects: boolean }[]) =>
  members.filter((m) => m.autoAddToProjects).map((m) => m.id);

/**
 * SPEC.md's Add Project form ('Create Project' saves and clears it for the next one), and the
 * same form prefilled to edit a project ('Save changes').
 */
export function AddProjectForm({ onDone, editing }: { onDone: () => void; editing?: Project }) {
  const clients = useStore($clients);
  // An archived client stays selectable for the project that already has it.
  const activeClients = sortItems(
    clients.filter((c) => c.status === 'Active' || c.id === editing?.clientId),
    (c) => c.name,
    'asc',
  );
  const team = useStore($team);
  const activeMembers = team.filter((m) => m.status === 'Active');
  // A new project starts with the members who are added to every new project (Team form).
  const [draft, setDraft] = useState<Draft>(() =>
    editing ? draftOf(editing) : { ...empty, memberIds: addedToEvery(activeMembers) },
  );
  // Members who reach this device while the form is open (a first sync, another device's Team
  // form) start ticked too when they are added to every new project; the ones already listed
  // keep whatever the person chose.
  const listed = useRef(new Set(activeMembers.map((m) => m.id)));
  useEffect(() => {
    const arrived = team.filter((m) => m.status === 'Active' && !listed.current.has(m.id));
    if (arrived.length === 0) return;
    for (const m of arrived) listed.current.add(m.id);
    const ticked = editing ? [] : addedToEvery(arrived);
    if (ticked.length > 0) setDraft((d) => ({ ...d, memberIds: [...d.memberIds, ...ticked] }));
  }, [team, editing]);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  // A Manager who may not see amounts edits everything but the rate (which stays as it is).
  const { seesAmounts, setsRates, setsApproval } = useStore($abilities);
  const currency = useStore($currency);
  const [problem, setProblem] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // Turning approval on for a project that has logs (issue 47): say what becomes of them.
  const turnsApprovalOn =
    setsApproval && editing !== undefined && !editing.approval && draft.approval;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function create(event: SubmitEvent) {
    event.preventDefault();
    const check = checkForm(projectFormSchema, draft, {
      projectName:
        Boolean(draft.clientId) &&
        isProjectNameTaken(draft.projectName, draft.clientId, editing?.id) &&
        'This client already has a project with this name',
      // A project-based rate with no amount would bill every log ₹0 without a word.
      billamount:
        setsRates &&
        draft.billable === 'project' &&
        !((readLocaleNumber(draft.billamount) ?? 0) > 0) &&
        'Enter the amount this project bills per hour, or choose another billable setting',
    });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    const client = clients.find((c) => c.id === check.data.clientId);
    if (editing) {
      const result = updateProject(editing, check.data, client?.name ?? '');
      if (result.status === 'conflict') {
        setProblem(
          `This project was changed elsewhere since you opened it (${result.fields.join(', ')}). Cancel and choose Edit again to see its current values.`,
        );
        return;
      }
      if (result.status === 'missing') {
        setProblem('This project was deleted since you opened it.');
        return;
      }
      showToast(`Project ${check.data.projectName} saved`);
      onDone();
      return;
    }
    const { project } = addProject(check.data, client?.name ?? '');
    showToast(`Project ${project.projectName} created`);
    setDraft({ ...empty, memberIds: addedToEvery(activeMembers) });
    onDone();
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={create}
      aria-label={editing ? `Edit ${editing.projectName}` : 'Add Project'}
    >
      {problem ? (
        <p role="alert" className="field-error mb-3">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Project name"
          error={errors.projectName}
          value={draft.projectName}
          onChange={(value) => set('projectName', value)}
        />
        <Field
          label="Client"
          hint="Optional: leave it empty for an internal project"
          error={errors.clientId}
          after={
            <a href="/clients/new" className="mt-1 inline-block text-sm text-brand-700 underline">
              Create a new client
            </a>
          }
        >
          {(control) => (
            <select
              {...control}
              className="field-input"
              value={draft.clientId}
              onChange={(e) => set('clientId', e.target.value)}
            >
              <option value="">No client (an internal project)</option>
              {activeClients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label="Project hours"
          hint="Budget in hours; leave empty for none"
          error={errors.hours}
          inputMode="decimal"
          value={draft.hours}
          onChange={(value) => set('hours', value)}
        />
        <Field label="Billable" error={errors.billable}>
          {(control) => (
            <select
              {...control}
              className="field-input"
              value={draft.billable}
              onChange={(e) => set('billable', e.target.value as Billable)}
            >
              {billableOptions.map((option) => (
                <option key={option} value={option}>
                  {billableLabels[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {seesAmounts ? (
          <TextField
            label={`Billable amount (${currencySymbol(currency)} per hour)`}
            hint={
              (draft.billable === 'project'
                ? 'Used for every log of this project'
                : 'Used only with a project-based rate') +
              (editing ? '. A new rate or rounding changes the amounts of its logs too.' : '') +
              (setsRates ? '' : '. Only Admins change rates.')
            }
            error={errors.billamount}
            inputMode="decimal"
            disabled={draft.billable === 'false' || !setsRates}
            value={draft.billable === 'false' ? '' : draft.billamount}
            onChange={(value) => set('billamount', value)}
          />
        ) : null}
        <div className="grid grid-cols-2 gap-x-4">
          <Field label="Rounding" error={errors.rounding}>
            {(control) => (
              <select
                {...control}
                className="field-input"
                value={draft.rounding}
                onChange={(e) => set('rounding', e.target.value as Rounding)}
              >
                {roundingOptions.map((option) => (
                  <option key={option} value={option}>
                    {roundingLabels[option]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Interval" error={errors.timeInterval}>
            {(control) => (
              <select
                {...control}
                className="field-input disabled:bg-slate-100"
                disabled={draft.rounding === 'false'}
                value={draft.timeInterval}
                onChange={(e) => set('timeInterval', e.target.value)}
              >
                {roundingIntervals.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes} min
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </div>
      <Field label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className="field-input"
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      <fieldset className="mb-4">
        <legend className="field-label">Team members</legend>
        <p className="field-hint mb-2">
          Who may track time on this project. Managers among them manage it; Admins always can.
        </p>
        {activeMembers.length === 0 ? (
          <p className="text-sm text-slate-700">No team members yet.</p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {activeMembers.map((member) => (
              <label key={member.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.memberIds.includes(member.id)}
                  onChange={(e) =>
                    set(
                      'memberIds',
                      e.target.checked
                        ? [...draft.memberIds, member.id]
                        : draft.memberIds.filter((id) => id !== member.id),
                    )
                  }
                />
                {member.name}
                <span className="text-sm text-slate-600">({member.Role})</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <label className="mb-4 flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.approval}
          disabled={!setsApproval}
          aria-describedby={
            turnsApprovalOn
              ? 'approval-earlier-logs'
              : setsApproval
                ? undefined
                : 'approval-admins-only'
          }
          onChange={(e) => set('approval', e.target.checked)}
        />
        Time logs of this project need approval
      </label>
      {setsApproval ? null : (
        <p id="approval-admins-only" className="-mt-3 mb-4 text-sm text-slate-700">
          Only Admins turn approval on or off.
        </p>
      )}
      {turnsApprovalOn ? (
        <p id="approval-earlier-logs" className="-mt-3 mb-4 text-sm text-slate-700">
          Its logs so far become pending: their authors can still change them, and send them with
          their week. Logs in a locked period or on an issued invoice stay as they are.
        </p>
      ) : null}
      <FormActions
        submitLabel={editing ? 'Save changes' : 'Create Project'}
        cancel={{ onCancel: onDone }}
      />
    </form>
  );
}
