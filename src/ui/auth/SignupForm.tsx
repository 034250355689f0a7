import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { signupSchema } from '../../lib/entities/account';
import { $auth, register } from '../../stores/sign-in';
import { Field } from '../form/Field';
import { AUTH_CARD } from './auth-card';
import { fieldErrors, focusFirstInvalid } from '../form/field-errors';
import { CheckEmailMessage } from './CheckEmailMessage';
import { SuccessMessage } from './SuccessMessage';

/** SPEC.md's sign-up form; the success screen replaces it (signed in) when the account exists. */
export function SignupForm() {
  const auth = useStore($auth);
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const loading = auth.status === 'loading' && auth.action === 'register';
  const serverError = auth.status === 'error' && auth.action === 'register' ? auth : null;

  if (auth.status === 'success' && auth.action === 'register')
    return auth.checkEmail ? (
      <CheckEmailMessage message={auth.checkEmail} />
    ) : (
      <SuccessMessage signedIn={auth.signedIn ?? false} />
    );

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [key]: e.target.value });
  const shown = { ...serverError?.fields, ...errors };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const parsed = signupSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    setErrors(found);
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    await register(parsed.data.name, parsed.data.email, parsed.data.password);
  }

  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-6 text-2xl font-bold">Welcome to Hourmark</h1>
      <form ref={form} noValidate onSubmit={(e) => void submit(e)}>
        <Field
          label="Full Name"
          hint="So we know what to call you in the app"
          error={shown['name']}
        >
          {(p) => (
            <input
              {...p}
              autoComplete="name"
              className="field-input"
              value={values.name}
              onChange={set('name')}
            />
          )}
        </Field>
        <Field label="Email address" hint="You will use this email to login" error={shown['email']}>
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="email"
              className="field-input"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        <Field
          label="Password"
          hint="At least 8 characters"
          error={shown['password']}
          after={
            <button
              type="button"
              className="mt-1 text-sm text-brand-700 underline"
              aria-pressed={showPassword}
              onClick={() => setShowPassword(!showPassword)}
            >
              {showPassword ? 'Hide password' : 'Show password'}
            </button>
          }
        >
          {(p) => (
            <input
              {...p}
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              className="field-input"
              value={values.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <p className="mb-4 text-sm">
          By signing up you agree to the:{' '}
          <a href="/terms" target="_blank" rel="noopener" className="text-brand-700 underline">
            Terms of Use
          </a>
        </p>
        {serverError ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
            {serverError.message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={loading}>
          {loading ? 'Register In Processing...' : 'Sign up'}
        </button>
      </form>
      <p className="mt-4 text-center">
        <a href="/login" className="text-brand-700 underline">
          Already a user
        </a>
      </p>
    </div>
  );
}
