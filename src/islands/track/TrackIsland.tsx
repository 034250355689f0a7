import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $token } from '../../stores/auth';
import { SignInScreen } from '../../ui/auth/SignInScreen';
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
        <SignInScreen />
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
