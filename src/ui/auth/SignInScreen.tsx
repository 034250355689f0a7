import { lazy, Suspense } from 'react';

// Loaded only when there is no session, so a signed-in screen never downloads the sign-in form.
const LoginForm = lazy(() => import('./LoginForm').then((m) => ({ default: m.LoginForm })));

/** The sign-in card as a whole page, shown wherever a signed-in screen finds no session. */
export function SignInScreen() {
  return (
    <main id="main" className="min-h-screen bg-slate-50 py-4">
      <Suspense fallback={<p className="p-6 text-center">Loading the sign-in form…</p>}>
        <LoginForm />
      </Suspense>
    </main>
  );
}
