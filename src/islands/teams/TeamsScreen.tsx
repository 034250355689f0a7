import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $abilities } from '../../stores/access';
import { $economyContext } from '../../stores/economy';
import { deleteTeam, loadTeams, type Team } from '../../stores/teams';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { NotFound } from '../../ui/feedback/NotFound';
import { RowMenu } from '../../ui/list/RowMenu';
import { TeamForm } from './TeamForm';

/** /teams: Admins group team members into teams and choose which Managers lead them. */
export function TeamsScreen() {
  const can = useStore($abilities);
  const { membersById } = useStore($economyContext);
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [problem, setProblem] = useState('');
  const [form, setForm] = useState<'closed' | 'new' | Team>('closed');
  const [deleting, setDeleting] = useState<Team | null>(null);

  const refresh = () =>
    void loadTeams().then((result) => {
      if (result.ok) setTeams(result.teams);
      else setProblem(result.message);
    });
  useEffect(() => {
    if (can.isAdmin) refresh();
  }, [can.isAdmin]);

  if (!can.isAdmin)
    return (
      <NotFound
        title="Only Admins manage teams"
        text="Teams group team members; a Manager who leads one sees only its members' time."
        backHref="/users"
        backLabel="Back to Team members"
      />
    );

  const names = (ids: string[]) =>
    ids.map((id) => membersById.get(id)?.name ?? 'A removed member').join(', ') || 'No members';

  return (
    <section aria-labelledby="teams-heading" className="max-w-3xl p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="teams-heading" className="text-3xl font-bold">
          Teams
        </h1>
        <button
          type="button"
          className="btn-primary"
          aria-expanded={form === 'new'}
          onClick={() => setForm(form === 'new' ? 'closed' : 'new')}
        >
          New team
        </button>
      </div>
      {form !== 'closed' ? (
        <div className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-3 text-xl font-bold">
            {form === 'new' ? 'New team' : `Edit ${form.name}`}
          </h2>
          <TeamForm
            key={form === 'new' ? 'new' : form.id}
            editing={form === 'new' ? null : form}
            onCancel={() => setForm('closed')}
            onSaved={(team) => {
              setForm('closed');
              showToast(`Team ${team.name} saved`);
              refresh();
            }}
          />
        </div>
      ) : null}
      <div role="status">
        {problem ? <p className="text-red-800">{problem}</p> : null}
        {teams === null && !problem ? <p>Loading teams…</p> : null}
        {teams?.length === 0 ? (
          <p>No teams yet. Managers who lead no team see everyone on their projects.</p>
        ) : null}
      </div>
      {teams && teams.length > 0 ? (
        <ul className="space-y-2" aria-label="Teams">
          {teams.map((team) => (
            <li
              key={team.id}
              className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-bold">{team.name}</h2>
                <p>Members: {names(team.memberIds)}</p>
                <p className="text-slate-700">
                  Led by: {team.leadIds.length ? names(team.leadIds) : 'no one'}
                </p>
              </div>
              <RowMenu
                label={`Actions for ${team.name}`}
                actions={[
                  { label: 'Edit', onSelect: () => setForm(team) },
                  { label: 'Delete', danger: true, onSelect: () => setDeleting(team) },
                ]}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? ''}?`}
        description="Its members stay in the workspace; the Managers who led it see everyone on their projects again."
        confirmLabel="Delete team"
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          void deleteTeam(gone.id).then((result) => {
            showToast(result.ok ? `Deleted ${gone.name}` : result.message);
            refresh();
          });
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
