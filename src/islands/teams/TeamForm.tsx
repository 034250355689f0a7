import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { $activeMembers } from '../../stores/choices';
import { saveTeam, type Team } from '../../stores/teams';
import { TextField } from '../../ui/form/TextField';
import { leadsWork, roleOf } from '../../lib/policy';

/** A team's name, members and leads (a Manager who leads a team sees only its members). */
export function TeamForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Team | null;
  onSaved: (team: Team) => void;
  onCancel: () => void;
}) {
  const members = useStore($activeMembers);
  const [name, setName] = useState(editing?.name ?? '');
  const [memberIds, setMemberIds] = useState<string[]>(editing?.memberIds ?? []);
  const [leadIds, setLeadIds] = useState<string[]>(editing?.leadIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const toggle = (list: string[], id: string, on: boolean) =>
    on ? [...list, id] : list.filter((x) => x !== id);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Name the team' });
      return;
    }
    setSaving(true);
    const result = await saveTeam({
      ...(editing ? { id: editing.id } : {}),
      name: name.trim(),
      memberIds,
      leadIds: leadIds.filter((id) => memberIds.includes(id)),
    });
    setSaving(false);
    if (result.ok) onSaved(result.team);
    else {
      setErrors(result.fields ?? {});
      setProblem(result.fields ? '' : result.message);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={editing ? `Edit ${editing.name}` : 'New team'}
    >
      <TextField label="Team name" error={errors['name']} value={name} onChange={setName} />
      <fieldset
        className="mb-4"
        aria-describedby={errors['memberIds'] ? 'team-members-error' : undefined}
      >
        <legend className="field-label">Members</legend>
        <p className="mb-2 text-sm text-slate-700">
          A Manager marked as a lead sees, on their projects, only the time of this team’s members.
        </p>
        <ul className="space-y-1">
          {members.map((m) => {
            const inTeam = memberIds.includes(m.id);
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-x-6 gap-y-1">
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={inTeam}
                    onChange={(e) => setMemberIds(toggle(memberIds, m.id, e.target.checked))}
                  />
                  {m.name} <span className="text-sm text-slate-700">({m.Role})</span>
                </label>
                {inTeam && leadsWork({ role: roleOf(m.Role) }) ? (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={leadIds.includes(m.id)}
                      onChange={(e) => setLeadIds(toggle(leadIds, m.id, e.target.checked))}
                    />
                    Leads this team<span className="sr-only"> ({m.name})</span>
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
        {errors['memberIds'] || errors['leadIds'] ? (
          <p id="team-members-error" className="field-error">
            {errors['memberIds'] ?? errors['leadIds']}
          </p>
        ) : null}
      </fieldset>
      {problem ? (
        <p role="alert" className="mb-3 text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save team' : 'Create team'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
