import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { InviteForm } from '../../ui/auth/InviteForm';

/** /invite */
export default function InviteIsland() {
  return (
    <ErrorBoundary label="invitation">
      <InviteForm />
    </ErrorBoundary>
  );
}
