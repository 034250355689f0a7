import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $token } from '../../stores/auth';
import { LoginForm } from '../../ui/auth/LoginForm';
import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { AppShell } from '../../ui/shell/AppShell';

// The Track screen loads only once signed in, so the sign-in page stays light.
const TrackScreen = lazy(() => import('./TrackScreen'));

/** /login and /login/: the sign-in card, or the Track screen inside the shell when a session exists. */
export default function TrackIsland() {
  const token = useStore($token);
  if (!token) {
    return (
      <ErrorBoundary label="sign-in">
        <main id="main" className="min-h-screen bg-slate-50 py-4">
          <LoginForm />
        </main>
      </ErrorBoundary>
    );
  }
  return (
    <AppShell path="/login/" label="Track">
      <Suspense fallback={<p className="p-6">Loading your time logs…</p>}>
        <TrackScreen />
      </Suspense>
    </AppShell>
  );
}
