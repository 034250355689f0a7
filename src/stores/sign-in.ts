import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { z } from 'zod';
import { browserTimeZone } from '../lib/time-zones';
import { registeredResponse, signedInResponse } from '../lib/contracts/auth';
import { callApi } from './api';
import { $token, $user, readUser, type User } from './auth';

// The sign-in and sign-up forms' state and actions, apart from ./auth so that screens which only
// need to know who is signed in do not download them (docs/bench.md, Track's budget).

/**
 * SPEC.md's authentication state as a union. The action names of section 4 map to the
 * transitions: auth/login/loading → loading, auth/login/success → success,
 * auth/login/error → error, auth/logout → idle with no token.
 */
export type AuthState =
  | { status: 'idle' }
  | { status: 'loading'; action: 'login' | 'register' }
  | {
      status: 'error';
      action: 'login' | 'register';
      message: string;
      fields?: Record<string, string>;
    }
  | {
      status: 'success';
      action: 'login' | 'register';
      /** With mail on, a sign-up waits for its emailed link: what to tell the person. */
      checkEmail?: string;
      /** A sign-up without mail is signed in by the server's answer (issue 47). */
      signedIn?: boolean;
    };

/** Request state of the sign-in and sign-up forms. */
export const $auth = atom<AuthState>({ status: 'idle' });

// Signing out (here, in another tab, or because the server said 401) resets the forms.
$token.listen((token) => {
  if (!token) $auth.set({ status: 'idle' });
});

/** Only the email is ever remembered, and only when "Remember me" is ticked. */
export const $rememberedEmail = persistentAtom<string>('rememberedEmail', '');

const userSchema = z
  .custom<User>((value) => readUser(value) !== null)
  .transform((v) => readUser(v)!);
const sessionSchema = z.object({ token: z.string().min(1), user: userSchema });

/** Signs in; on success stores the handle and profile, remembering the email if asked. */
export async function login(email: string, password: string, remember: boolean): Promise<boolean> {
  $auth.set({ status: 'loading', action: 'login' });
  // `remember` also decides the session's life on the server: 30 days, or until the browser closes.
  const result = await callApi('/user/login', signedInResponse, {
    body: { email, password, remember },
  });
  const session = result.ok ? sessionSchema.safeParse(result.data) : null;
  if (!result.ok || !session?.success) {
    $auth.set({
      status: 'error',
      action: 'login',
      message: result.ok
        ? 'The server sent an unexpected answer. Please try again.'
        : result.message,
      ...(result.ok || !result.fields ? {} : { fields: result.fields }),
    });
    return false;
  }
  $rememberedEmail.set(remember ? email.trim() : '');
  $user.set(session.data.user);
  $token.set(session.data.token);
  $auth.set({ status: 'success', action: 'login' });
  return true;
}

/**
 * Creates an account. Without mail the server's answer is a session, which is kept here so the
 * success screen opens the workspace signed in (issue 47); with mail on it asks the person to
 * open the link mailed to them first.
 */
export async function register(name: string, email: string, password: string): Promise<boolean> {
  $auth.set({ status: 'loading', action: 'register' });
  // The workspace the account starts with keeps time in this browser's zone (issue 31).
  const timeZone = browserTimeZone();
  const result = await callApi('/user/register', registeredResponse, {
    body: { name, email, password, ...(timeZone ? { timeZone } : {}) },
  });
  if (!result.ok) {
    $auth.set({
      status: 'error',
      action: 'register',
      message: result.status === 409 ? 'An account with this email already exists' : result.message,
      ...(result.fields ? { fields: result.fields } : {}),
    });
    return false;
  }
  const answer = z
    .object({ status: z.literal('confirm_email'), message: z.string() })
    .safeParse(result.data);
  // The server set the session cookie with its answer: without the handle this tab would still
  // show the sign-in form.
  const signedIn = !answer.success && adoptSession(result.data);
  $auth.set({
    status: 'success',
    action: 'register',
    ...(answer.success ? { checkEmail: answer.data.message } : {}),
    ...(signedIn ? { signedIn } : {}),
  });
  return true;
}

/** Signs in with the `{ token, user }` of an answer that made a session (an accepted invitation). */
export function adoptSession(data: unknown): boolean {
  const session = sessionSchema.safeParse(data);
  if (!session.success) return false;
  $user.set(session.data.user);
  $token.set(session.data.token);
  return true;
}
