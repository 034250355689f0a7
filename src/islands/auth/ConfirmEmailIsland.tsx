import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { ConfirmEmailForm } from '../../ui/auth/ConfirmEmailForm';

/** /confirm-email */
export default function ConfirmEmailIsland() {
  return (
    <ErrorBoundary label="email confirmation">
      <ConfirmEmailForm />
    </ErrorBoundary>
  );
}
