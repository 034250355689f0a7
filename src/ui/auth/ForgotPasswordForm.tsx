import { useRef, useState, type SubmitEvent } from 'react';
import { forgotPasswordResponse } from '../../lib/contracts/auth';
import { callApi } from '../../stores/api';
import { Field } from '../form/Field';
import { AUTH_CARD } from './auth-card';

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /forgot-password: asks for a reset link by email; the answer never says if an account exists. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const wanted = email.trim();
    const problem = !wanted
      ? 'Enter your email address'
      : emailShape.test(wanted)
        ? ''
        : 'Enter a valid email address, like name@example.com';
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSending(true);
    const result = await callApi('/user/forgot-password', forgotPasswordResponse, {
      body: { email: wanted },
    });
    setSending(false);
    setAnswer(
      result.ok
        ? { ok: result.data.mailed, message: result.data.message }
        : { ok: false, message: result.fields?.['email'] ?? result.message },
    );
  }

  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-2 text-2xl font-bold">Reset your password</h1>
      <p className="mb-6 text-slate-700">
        Enter the email you sign in with. We mail you a link to choose a new password.
      </p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Email address" error={error}>
          {(p) => (
            <input
              {...p}
              ref={input}
              type="email"
              autoComplete="username"
              className="field-input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending ? 'Sending…' : 'Email me a reset link'}
        </button>
      </form>
      <div role="status" className="mt-4">
        {answer ? (
          <p
            className={`rounded border p-3 ${answer.ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
          >
            {answer.message}
          </p>
        ) : null}
      </div>
      <p className="mt-4 text-center">
        <a href="/login" className="text-brand-700 underline">
          Back to sign in
        </a>
      </p>
    </div>
  );
}
