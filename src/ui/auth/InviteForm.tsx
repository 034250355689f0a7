import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  acceptInvitationResponse,
  invitationCheckResponse,
  meResponse,
} from '../../lib/contracts/auth';
import { callApi } from '../../stores/api';
import { adoptSession } from '../../stores/sign-in';
import { openWorkspaceNext } from '../../stores/sync/owner';
import { Field } from '../form/Field';
import { AUTH_CARD } from './auth-card';
import { takeLinkToken } from './link-token';
import { LoginForm } from './LoginForm';
import { roleLabel, roleOf } from '../../lib/policy/actor';

interface Invitation {
  workspaceId: string;
  workspaceName: string;
  /** The name the Admin typed for the team member (issue 47): the form starts with it. */
  name?: string;
  email: string;
  role: string;
  invitedBy: string;
  hasAccount: boolean;
}

type State =
  | { step: 'checking' }
  | { step: 'invalid'; message: string }
  | { step: 'ready'; invitation: Invitation; signedInAs: string | null };

/** Opens the joined workspace on Track. */
function openWorkspace(workspaceId: string) {
  openWorkspaceNext(workspaceId);
  window.location.assign('/login');
}

/**
 * /invite#token: who invited whom to which workspace, then joining: as a new person (name and
 * password), by signing in with the invited email, or at once when already signed in with it.
 */
export function InviteForm() {
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>({ step: 'checking' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!token) {
      setState({ step: 'invalid', message: 'This page needs the link from your invitation.' });
      return;
    }
    void Promise.all([
      callApi('/user/invitation-check', invitationCheckResponse, { body: { token } }),
      callApi('/user/me', meResponse),
    ]).then(([checked, me]) => {
      if (checked.ok) setName((typed) => typed || (checked.data.name ?? ''));
      setState(
        checked.ok
          ? {
              step: 'ready',
              invitation: checked.data,
              signedInAs: me.ok ? me.data.user.email : null,
            }
          : { step: 'invalid', message: checked.message },
      );
    });
  }, [token]);

  async function accept(body: Record<string, string>) {
    setBusy(true);
    setProblem('');
    const result = await callApi('/user/accept-invitation', acceptInvitationResponse, {
      body: { token, ...body },
    });
    setBusy(false);
    if (state.step !== 'ready') return;
    if (result.ok) {
      if (result.status === 201) adoptSession(result.data);
      openWorkspace(state.invitation.workspaceId);
      return;
    }
    if (result.error === 'invalid_token') setState({ step: 'invalid', message: result.message });
    else {
      setErrors(result.fields ?? {});
      setProblem(result.message);
    }
  }

  async function createAccount(event: SubmitEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found['name'] = 'Enter your full name';
    if (password.length < 8) found['password'] = 'Use at least 8 characters';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    await accept({ name: name.trim(), password });
  }

  if (state.step === 'checking')
    return (
      <div className={AUTH_CARD} role="status">
        Checking your invitation…
      </div>
    );
  if (state.step === 'invalid')
    return (
      <div className={AUTH_CARD}>
        <h1 className="mb-4 text-2xl font-bold">Join a workspace</h1>
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {state.message}
        </p>
        <p className="mt-4">
          <a href="/login" className="text-brand-700 underline">
            Go to sign in
          </a>
        </p>
      </div>
    );

  const { invitation, signedInAs } = state;
  const intro = (
    <p className="mb-4 text-slate-700">
      {invitation.invitedBy || 'An administrator'} invited {invitation.email} to{' '}
      <strong>{invitation.workspaceName}</strong> as {roleLabel(roleOf(invitation.role))}.
    </p>
  );
  const alert = problem ? (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
      {problem}
    </p>
  ) : null;

  if (signedInAs && signedInAs === invitation.email)
    return (
      <div className={AUTH_CARD}>
        <h1 className="mb-4 text-2xl font-bold">Join {invitation.workspaceName}</h1>
        {intro}
        {alert}
        <button
          type="button"
          className="btn-primary w-full"
          disabled={busy}
          onClick={() => void accept({})}
        >
          Join {invitation.workspaceName}
        </button>
      </div>
    );
  if (signedInAs)
    return (
      <div className={AUTH_CARD}>
        <h1 className="mb-4 text-2xl font-bold">Join {invitation.workspaceName}</h1>
        {intro}
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
          You are signed in as {signedInAs}. This invitation is for {invitation.email}: sign out,
          then open the link again.
        </p>
      </div>
    );
  if (invitation.hasAccount)
    return (
      <div>
        <div className={`${AUTH_CARD} mb-0`}>
          <h1 className="mb-4 text-2xl font-bold">Join {invitation.workspaceName}</h1>
          {intro}
          <p>An account already uses {invitation.email}: sign in with it to join.</p>
          {alert}
        </div>
        <LoginForm onSignedIn={() => void accept({})} />
      </div>
    );
  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-4 text-2xl font-bold">Join {invitation.workspaceName}</h1>
      {intro}
      {alert}
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void createAccount(e)}
        aria-label="Create your account"
      >
        <p className="mb-4">
          Your email: <strong>{invitation.email}</strong>
        </p>
        <input type="email" hidden readOnly autoComplete="username" value={invitation.email} />
        <Field
          label="Full Name"
          error={errors['name']}
          hint="So we know what to call you in the app"
        >
          {(p) => (
            <input
              {...p}
              autoComplete="name"
              className="field-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors['password']} hint="At least 8 characters">
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              className="field-input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Create account and join
        </button>
      </form>
    </div>
  );
}
