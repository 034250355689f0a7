import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { ResetPasswordForm } from '../../ui/auth/ResetPasswordForm';

/** /reset-password */
export default function ResetPasswordIsland() {
  return (
    <ErrorBoundary label="password reset">
      <ResetPasswordForm />
    </ErrorBoundary>
  );
}
