import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { ForgotPasswordForm } from '../../ui/auth/ForgotPasswordForm';

/** /forgot-password */
export default function ForgotPasswordIsland() {
  return (
    <ErrorBoundary label="password reset">
      <ForgotPasswordForm />
    </ErrorBoundary>
  );
}
