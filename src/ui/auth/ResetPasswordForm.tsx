import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { resetCheckResponse } from '../../lib/contracts/auth';
import { noBody } from '../../lib/contracts/shape';
import { callApi } from '../../stores/api';
import { Field } from '../form/Field';
import { AUTH_CARD } from './auth-card';
import { takeLinkToken } from './link-token';

type State =
  | { step: 'checking' }
  | { step: 'invalid'; message: string }
  | { step: 'choose'; email: string }
  | { step: 'done' };

/** /reset-password#token: checks the link, then sets the new password once. */
export function ResetPasswordForm() {
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>({ step: 'checking' });
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!token) {
      setState({ step: 'invalid', message: 'This page needs the link from your reset mail.' });
      return;
    }
    void callApi('/user/reset-check', resetCheckResponse, { body: { token } }).then((result) =>
      setState(
        result.ok
          ? { step: 'choose', email: result.data.email }
          : { step: 'invalid', message: result.message },
      ),
    );
  }, [token]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem =
      password.length < 8
        ? 'Use at least 8 characters'
        : password.length > 256
          ? 'At most 256 characters'
          : '';
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSaving(true);
    const result = await callApi('/user/reset-password', noBody, { body: { token, password } });
    setSaving(false);
    if (result.ok) setState({ step: 'done' });
    else if (result.error === 'invalid_token')
      setState({ step: 'invalid', message: result.message });
    else setError(result.fields?.['password'] ?? result.message);
  }

  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-4 text-2xl font-bold">Choose a new password</h1>
      <div role="status">
        {state.step === 'checking' ? <p>Checking your link…</p> : null}
        {state.step === 'invalid' ? (
          <div className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p>{state.message}</p>
            <p className="mt-2">
              <a href="/forgot-password" className="text-brand-700 underline">
                Ask for a new link
              </a>
            </p>
          </div>
        ) : null}
        {state.step === 'done' ? (
          <div className="rounded border border-green-300 bg-green-50 p-3 text-green-900">
            <p>Your password is changed, and you are signed out on every device.</p>
            <p className="mt-2">
              <a href="/login" className="text-brand-700 underline">
                Sign in with your new password
              </a>
            </p>
          </div>
        ) : null}
      </div>
      {state.step === 'choose' ? (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <p className="mb-4 text-slate-700">For {state.email}</p>
          <input type="email" hidden readOnly autoComplete="username" value={state.email} />
          <Field label="New password" error={error} hint="At least 8 characters">
            {(p) => (
              <input
                {...p}
                ref={input}
                type={show ? 'text' : 'password'}
                autoComplete="new-password"
                className="field-input"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <label className="mb-4 flex items-center gap-2">
            <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
            Show password
          </label>
          <button type="submit" className="btn-primary w-full" disabled={saving}>
            {saving ? 'Saving…' : 'Set new password'}
          </button>
        </form>
      ) : null}
    </div>
  );
}
