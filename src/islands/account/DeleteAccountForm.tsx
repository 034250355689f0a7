import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { deleteAccount, deletionCheck, type WorkspaceEffect } from '../../stores/account-settings';
import { TextField } from '../../ui/form/TextField';

/** Deleting the account asks for confirmation and the password. */
export function DeleteAccountForm() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [effects, setEffects] = useState<WorkspaceEffect[] | null>(null);
  // What deletion does to each workspace is asked each time the dialog opens (roles change).
  useEffect(() => {
    if (!open) return;
    setEffects(null);
    void deletionCheck().then((result) => {
      if (result.ok) setEffects(result.workspaces);
      else setError(result.message);
    });
  }, [open]);
  // Workspaces the person is the last Admin of and chose to delete rather than hand over.
  const [doomed, setDoomed] = useState<string[]>([]);
  const blocked = effects?.some((w) => w.effect === 'blocked' && !doomed.includes(w.id)) ?? false;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    const result = await deleteAccount(password, doomed);
    if (result.ok) window.location.assign('/');
    else setError(result.fields?.['password'] ?? result.message);
  }

  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-lg border border-red-200 bg-white p-4"
    >
      <h2 id="delete-heading" className="mb-2 text-xl font-bold">
        Delete account
      </h2>
      <p className="mb-3">
        This removes your account from our server. Time data kept in this browser stays until you
        clear it.
      </p>
      <button
        type="button"
        className="btn-secondary border-red-400 text-red-800"
        onClick={() => setOpen(true)}
      >
        Delete account…
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
        className="fixed inset-x-2 top-20 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <DialogHeading className="mb-2 text-xl font-bold">Delete your account?</DialogHeading>
        <p className="mb-2">This cannot be undone.</p>
        {effects === null ? (
          <p role="status" className="mb-4">
            Checking your workspaces…
          </p>
        ) : (
          <ul aria-label="Your workspaces" className="mb-4 list-disc space-y-1 pl-5">
            {effects.map((w) => (
              <li key={w.id} className={w.effect === 'blocked' ? 'text-red-800' : ''}>
                <strong>{w.name}</strong>:{' '}
                {w.effect === 'deleted'
                  ? 'deleted with your account, with all its records (no one else is in it).'
                  : w.effect === 'leave'
                    ? 'you leave it; its records stay with the team.'
                    : `you are its last Admin and ${w.otherMembers} ${w.otherMembers === 1 ? 'other person uses' : 'others use'} it. Make one of them Admin on Team members first, or delete it.`}
                {w.effect === 'blocked' ? (
                  <label className="mt-1 flex items-start gap-2 text-slate-900">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={doomed.includes(w.id)}
                      onChange={(e) =>
                        setDoomed(
                          e.target.checked ? [...doomed, w.id] : doomed.filter((id) => id !== w.id),
                        )
                      }
                    />
                    Delete {w.name} too, with every member's time in it
                  </label>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="mb-4">Enter your password to confirm.</p>
        <form noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label="Password"
            error={error}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <div className="flex gap-2">
            <button
              type="submit"
              className="btn-primary bg-red-700 hover:bg-red-800"
              disabled={effects === null || blocked}
            >
              Delete my account
            </button>
            <DialogDismiss className="btn-secondary">Cancel</DialogDismiss>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
