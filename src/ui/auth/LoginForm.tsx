import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { $auth, $rememberedEmail, login } from '../../stores/sign-in';
import { Field } from '../form/Field';
import { AUTH_CARD } from './auth-card';
import { focusFirstInvalid } from '../form/field-errors';

/** SPEC.md's sign-in card; on success the caller's screen replaces it. */
export function LoginForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const auth = useStore($auth);
  const remembered = useStore($rememberedEmail);
  const [email, setEmail] = useState(remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const loading = auth.status === 'loading' && auth.action === 'login';
  const failure = auth.status === 'error' && auth.action === 'login' ? auth.message : null;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!email.trim()) found['email'] = 'Enter your email address';
    if (!password) found['password'] = 'Enter your password';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    if (await login(email, password, remember)) onSignedIn?.();
  }

  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-6 text-2xl font-bold">Sign in</h1>
      <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Email address" error={errors['email']}>
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="username"
              className="field-input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors['password']}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              className="field-input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <p className="-mt-2 mb-4 text-right text-sm">
          <a href="/forgot-password" className="text-brand-700 underline">
            Forgot password?
          </a>
        </p>
        <label className="mb-4 flex items-center gap-2">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          Remember me
        </label>
        {failure ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={loading}>
          {loading ? 'Login In Processing...' : 'Login'}
        </button>
      </form>
      <p className="mt-4 text-center">
        <a href="/signup" className="text-brand-700 underline">
          Create New Account
        </a>
      </p>
    </div>
  );
}
