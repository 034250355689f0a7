import { AUTH_CARD } from './auth-card';

/** After a sign-up with mail on: the account exists once the mailed link is opened. */
export function CheckEmailMessage({ message }: { message: string }) {
  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-4 text-2xl font-bold">Check your email</h1>
      <p role="status">{message}</p>
      <p className="mt-3 text-sm text-slate-700">
        No mail after a few minutes? Look in your spam folder, or{' '}
        <a href="/signup" className="text-brand-700 underline">
          sign up again
        </a>
        . Already have an account?{' '}
        <a href="/login" className="text-brand-700 underline">
          Sign in
        </a>
        .
      </p>
    </div>
  );
}
