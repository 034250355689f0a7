import { useStore } from '@nanostores/react';
import { $token } from '../../stores/auth';
import { SignInScreen } from '../../ui/auth/SignInScreen';
import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { AppShell } from '../../ui/shell/AppShell';
// In the first-visit chunk with the shell (integrations/client-chunks.mjs): a lazy import here
// would only add a step before Track draws.
import TrackScreen from './TrackScreen';

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
      <TrackScreen />
    </AppShell>
  );
}
