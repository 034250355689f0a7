import { useEffect, useState } from 'react';
import { browserTimeZone } from '../../lib/time-zones';
import { signedInResponse } from '../../lib/contracts/auth';
import { callApi } from '../../stores/api';
import { adoptSession } from '../../stores/sign-in';
import { AUTH_CARD } from './auth-card';
import { takeLinkToken } from './link-token';

type State = { step: 'checking' } | { step: 'invalid'; message: string } | { step: 'done' };

const goTo = (url: string) => window.location.assign(url);

/** /confirm-email#token: opens the sign-up link once, which creates the account and signs in. */
export function ConfirmEmailForm({ redirect = goTo }: { redirect?: (url: string) => void }) {
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>({ step: 'checking' });

  useEffect(() => {
    if (!token) {
      setState({ step: 'invalid', message: 'This page needs the link from your sign-up mail.' });
      return;
    }
    const timeZone = browserTimeZone();
    void callApi('/user/confirm-email', signedInResponse, {
      body: { token, ...(timeZone ? { timeZone } : {}) },
    }).then((result) => {
      if (result.ok && adoptSession(result.data)) {
        setState({ step: 'done' });
        redirect('/login/');
      } else
        setState({ step: 'invalid', message: result.ok ? 'Please try again.' : result.message });
    });
  }, [token, redirect]);

  return (
    <div className={AUTH_CARD}>
      <h1 className="mb-4 text-2xl font-bold">Confirm your email</h1>
      <div role="status">
        {state.step === 'checking' ? <p>Confirming your email…</p> : null}
        {state.step === 'done' ? (
          <p>
            Your account is ready.{' '}
            <a href="/login/" className="text-brand-700 underline">
              Start tracking
            </a>
          </p>
        ) : null}
        {state.step === 'invalid' ? (
          <div className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p>{state.message}</p>
            <p className="mt-2">
              <a href="/signup" className="text-brand-700 underline">
                Sign up again
              </a>{' '}
              or{' '}
              <a href="/login" className="text-brand-700 underline">
                sign in
              </a>
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
