import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { memberFormSchema, roles, type MemberForm, type Role } from '../../lib/entities/member';
import { newMemberRole } from '../../lib/policy';
import { $team, addMember, isMemberEmailTaken, updateMember, type Member } from '../../stores/team';
import type { WriteResult } from '../../stores/unsaved-writes';
import { $abilities, $currency } from '../../stores/access';
import { $projectChoices } from '../../stores/choices';
import { addMemberToProjects } from '../../stores/projects';
import { NotFound } from '../../ui/feedback/NotFound';
import { WriteFailedMessage } from '../../ui/feedback/WriteFailedMessage';
import { Field } from '../../ui/form/Field';
import { FormActions } from '../../ui/form/FormActions';
import { TextField } from '../../ui/form/TextField';
import { checkForm, focusFirstInvalid } from '../../ui/form/field-errors';
import { RichTextEditor } from '../../ui/rich-text/RichTextEditor';
import type { RateChangeScope } from '../../lib/member-rates';
import { EarlierRates, RateChangeChoice } from './RateChangeChoice';
import { ADDED_PARAM, INVITE_PARAM } from './UsersScreen';
import { currencyName, currencySymbol } from '../../lib/money';
import { editableNumber, readLocaleNumber } from '../../lib/locale-number';

const empty: MemberForm = {
  name: '',
  email: '',
  notes: '',
  Role: newMemberRole,
  LoborRate: '',
  BillableRate: '',
  autoAddToProjects: false,
};

function formOf(member: Member): MemberForm {
  return {
    name: member.name,
    email: member.email,
    notes: member.notes,
    Role: member.Role,
    LoborRate: editableNumber(member.LoborRate),
    BillableRate: editableNumber(member.BillableRate),
    autoAddToProjects: member.autoAddToProjects,
  };
}

// SPEC.md section 6, shown under each role so the choice is informed.
const roleHints: Record<Role, string> = {
  Admin: 'Can view and edit anything in group or workspace.',
  Manager: 'Can view and manage assigned projects. Cannot view other projects.',
  Normal: 'Can only track time on assigned projects/tasks.',
};

type Errors = Partial<Record<keyof MemberForm, string>>;
type RateField = 'LoborRate' | 'BillableRate';
const rateSections: { name: RateField; summary: string; label: string }[] = [
  { name: 'LoborRate', summary: 'Labor Rate', label: 'Labor rate' },
  { name: 'BillableRate', summary: 'Billable Rate', label: 'Billable rate' },
];

/** /users/new and /users/{id}: the team member form, prefilled when editing. */
export function MemberFormScreen({ memberId }: { memberId?: string | undefined }) {
  const members = useStore($team);
  const existing = memberId ? members.find((m) => m.id === memberId) : undefined;
  const [form, setForm] = useState<MemberForm>(() => (existing ? formOf(existing) : empty));
  const [errors, setErrors] = useState<Errors>({});
  // Rate sections start open when editing a member who has a rate, so the values are seen.
  const [open, setOpen] = useState<Record<RateField, boolean>>(() => ({
    LoborRate: (existing?.LoborRate ?? 0) > 0,
    BillableRate: (existing?.BillableRate ?? 0) > 0,
  }));
  // After a save the browser refused, the member exists in this tab's memory: saving again
  // updates them rather than adding a second one.
  const [keptId, setKeptId] = useState(memberId);
  const [writeFailed, setWriteFailed] = useState('');
  const [rateScope, setRateScope] = useState<RateChangeScope>('from-today');
  const asNumber = (value: string) => (value.trim() === '' ? 0 : readLocaleNumber(value));
  const changingRates =
    existing !== undefined &&
    (asNumber(form.LoborRate) !== existing.LoborRate ||
      asNumber(form.BillableRate) !== existing.BillableRate);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const can = useStore($abilities);
  const currency = useStore($currency);
  // A new member chooses their projects here: without any, their Track offers no project until
  // an Admin edits each one (issue 47).
  const projectChoices = useStore($projectChoices);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const toggleProject = (id: string, on: boolean) =>
    setProjectIds((current) => (on ? [...current, id] : current.filter((p) => p !== id)));

  if (!can.managesWorkspace) {
    return (
      <NotFound
        title="Only Admins can add or change team members"
        text="Ask an Admin of this workspace to make the change."
        backHref="/users"
        backLabel="Back to team members"
      />
    );
  }

  if (memberId && !existing) {
    return (
      <NotFound
        title="Team member not found"
        text="No team member has this address. They may have been deleted."
        backHref="/users"
        backLabel="Back to team members"
      />
    );
  }

  function save(event: SubmitEvent) {
    event.preventDefault();
    const check = checkForm(memberFormSchema, form, {
      email:
        isMemberEmailTaken(form.email, keptId) && 'Another team member already uses this email',
    });
    setErrors(check.ok ? {} : check.errors);
    if (!check.ok) {
      const next: Errors = check.errors;
      // An error inside a closed rate section must be seen: open it before moving focus there.
      setOpen((current) => ({
        LoborRate: current.LoborRate || Boolean(next.LoborRate),
        BillableRate: current.BillableRate || Boolean(next.BillableRate),
      }));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    let result: WriteResult;
    let savedId = keptId;
    if (keptId) result = updateMember(keptId, check.data, rateScope);
    else {
      const added = addMember(check.data);
      savedId = added.member.id;
      setKeptId(savedId);
      result = added;
    }
    if (result.saved && !memberId && savedId) result = addMemberToProjects(savedId, projectIds);
    // Leaving now would lose the change: stay, with every value, and say why.
    if (!result.saved) {
      setWriteFailed(result.message);
      return;
    }
    // A new member is invited at once: /users makes the link once the record reached the server.
    window.location.assign(
      memberId || !savedId
        ? '/users'
        : `/users?${ADDED_PARAM}=1&${INVITE_PARAM}=${encodeURIComponent(savedId)}`,
    );
  }

  const textInput = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      error={errors[name]}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
    />
  );

  return (
    <section aria-labelledby="member-form-heading" className="max-w-3xl p-4 desk:p-6">
      <h1 id="member-form-heading" className="mb-6 text-3xl font-bold">
        {existing ? `Edit ${existing.name}` : 'New team member'}
      </h1>
      <form
        ref={formRef}
        noValidate
        onSubmit={save}
        // Capitals by CSS, words for screen readers, as on the client form (issue 47).
        className="rounded-lg border border-slate-200 bg-white p-4 [&_.field-label]:uppercase"
        aria-labelledby="member-form-heading"
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          {textInput('name', 'Name', 'text', 'off')}
          {textInput('email', 'Email', 'email', 'off')}
        </div>
        <RichTextEditor
          label="Notes"
          value={form.notes}
          onChange={(notes) => setForm((current) => ({ ...current, notes }))}
          error={errors.notes}
        />
        <p className="-mt-3 mb-4 text-sm text-slate-700">Private notes, seen only by admins.</p>

        <fieldset className="mb-4">
          <legend className="field-label">Role</legend>
          <div className="flex flex-col gap-2">
            {roles.map((role) => (
              <div key={role}>
                <label className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    // eslint-disable-next-line no-restricted-syntax -- which radio is chosen, not a rule about roles.
                    checked={form.Role === role}
                    aria-describedby={`${hintId}-${role}`}
                    onChange={() => setForm({ ...form, Role: role })}
                  />
                  {role}
                </label>
                <p id={`${hintId}-${role}`} className="ml-6 text-sm text-slate-700">
                  {roleHints[role]}
                </p>
              </div>
            ))}
          </div>
        </fieldset>

        {rateSections.map((section) => (
          <details
            key={section.name}
            open={open[section.name]}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              setOpen((current) =>
                current[section.name] === isOpen ? current : { ...current, [section.name]: isOpen },
              );
            }}
            className="mb-4 rounded-md border border-slate-200"
          >
            <summary className="cursor-pointer px-3 py-2 font-semibold">{section.summary}</summary>
            <div className="px-3 pt-2">
              <Field
                label={`${section.label} (${currencySymbol(currency)} per hour)`}
                error={errors[section.name]}
                hint={`${currencyName(currency)}, up to two decimals.`}
              >
                {(control) => (
                  <input
                    {...control}
                    className="field-input w-48"
                    type="text"
                    inputMode="decimal"
                    value={form[section.name]}
                    onChange={(event) => setForm({ ...form, [section.name]: event.target.value })}
                  />
                )}
              </Field>
            </div>
          </details>
        ))}

        {existing && changingRates ? (
          <RateChangeChoice
            name={existing.name}
            current={existing}
            currency={currency}
            value={rateScope}
            onChange={setRateScope}
          />
        ) : null}
        {existing ? (
          <EarlierRates history={existing.rateHistory ?? []} currency={currency} />
        ) : null}

        <fieldset className="mb-4">
          <legend className="field-label">Approval settings</legend>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1"
              checked
              disabled
              aria-describedby={`${hintId}-approval`}
            />
            <span>Approval is not required</span>
          </label>
          <p id={`${hintId}-approval`} className="field-hint">
            Time logs need approval only on projects that ask for it (set in the project&apos;s
            form).
          </p>
        </fieldset>

        <label className="mb-4 flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={form.autoAddToProjects}
            onChange={(event) => {
              const on = event.target.checked;
              setForm({ ...form, autoAddToProjects: on });
              // "All projects" includes today's: a new member is ticked on every one of them.
              if (on && !existing) setProjectIds(projectChoices.map((p) => p.value));
            }}
          />
          <span>Automatically add this team member to all new projects</span>
        </label>

        {existing ? null : (
          <fieldset className="mb-4" aria-describedby={`${hintId}-projects`}>
            <legend className="field-label">Projects</legend>
            <p id={`${hintId}-projects`} className="field-hint mb-2">
              {projectChoices.length > 0
                ? 'They can track time on the ticked projects as soon as they join.'
                : 'There are no active projects yet: add them to projects later.'}
            </p>
            <div className="flex flex-col gap-1">
              {projectChoices.map((project) => (
                <label key={project.value} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={projectIds.includes(project.value)}
                    onChange={(event) => toggleProject(project.value, event.target.checked)}
                  />
                  {project.group} / {project.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-amber-950">
          Adding an active team member adds one seat to your Pro subscription; archived members are
          not charged.
        </p>

        {writeFailed ? <WriteFailedMessage message={writeFailed} /> : null}
        <FormActions submitLabel={memberId ? 'Save' : 'Invite'} cancel={{ href: '/users' }} />
      </form>
    </section>
  );
}
