import { useState, type SubmitEvent } from 'react';
import { changePassword } from '../../stores/account-settings';
import { TextField } from '../../ui/form/TextField';

/** Current + new password; other devices are signed out by the server on success. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [failure, setFailure] = useState('');

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!current) found['currentPassword'] = 'Enter your current password';
    if (next.length < 8) found['newPassword'] = 'Use at least 8 characters';
    if (next.length > 256) found['newPassword'] = 'At most 256 characters';
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setStatus('saving');
    const result = await changePassword(current, next);
    if (result.ok) {
      setStatus('saved');
      setCurrent('');
      setNext('');
    } else {
      setStatus('idle');
      setErrors(result.fields ?? {});
      setFailure(result.message);
    }
  }

  return (
    <section
      aria-labelledby="password-heading"
      className="mb-8 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="password-heading" className="mb-3 text-xl font-bold">
        Change password
      </h2>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label="Current password"
          error={errors['currentPassword']}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <TextField
          label="New password"
          hint="At least 8 characters"
          error={errors['newPassword']}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        {failure ? (
          <p role="alert" className="mb-3 text-red-800">
            {failure}
          </p>
        ) : null}
        {status === 'saved' ? (
          <p role="status" className="mb-3 text-green-800">
            Password changed. Your other devices have been signed out.
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={status === 'saving'}>
          {status === 'saving' ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
