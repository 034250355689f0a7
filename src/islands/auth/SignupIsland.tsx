import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { SignupForm } from '../../ui/auth/SignupForm';

/** /signup */
export default function SignupIsland() {
  return (
    <ErrorBoundary label="sign-up">
      <SignupForm />
    </ErrorBoundary>
  );
}
