import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { z } from 'zod';
import { callApi } from './api';
import { installStorageEngine } from './storage-engine';

installStorageEngine();

/** The signed-in person as the server describes them. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

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
  | { status: 'success'; action: 'login' | 'register' };

/** Request state of the sign-in and sign-up forms. */
export const $auth = atom<AuthState>({ status: 'idle' });

/**
 * The documented `token` key. It holds only a non-secret session handle that tells every tab
 * "signed in"; the credential itself is an HttpOnly cookie that page script cannot read.
 */
export const $token = persistentAtom<string>('token', '');

/** Cached profile of the signed-in person, so the shell renders offline. */
export const $user = persistentAtom<User | null>('user', null, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const parsed = userSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
});

/** Only the email is ever remembered, and only when "Remember me" is ticked. */
export const $rememberedEmail = persistentAtom<string>('rememberedEmail', '');

const sessionSchema = z.object({ token: z.string().min(1), user: userSchema });

/** Signs in; on success stores the handle and profile, remembering the email if asked. */
export async function login(email: string, password: string, remember: boolean): Promise<boolean> {
  $auth.set({ status: 'loading', action: 'login' });
  // `remember` also decides the session's life on the server: 30 days, or until the browser closes.
  const result = await callApi<unknown>('/user/login', { body: { email, password, remember } });
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

/** Creates an account. The success screen then sends the person to sign in. */
export async function register(name: string, email: string, password: string): Promise<boolean> {
  $auth.set({ status: 'loading', action: 'register' });
  const result = await callApi<unknown>('/user/register', { body: { name, email, password } });
  if (!result.ok) {
    $auth.set({
      status: 'error',
      action: 'register',
      message: result.status === 409 ? 'An account with this email already exists' : result.message,
      ...(result.fields ? { fields: result.fields } : {}),
    });
    return false;
  }
  $auth.set({ status: 'success', action: 'register' });
  return true;
}

/** Signs out here and, through the shared `token` key, in every other tab. */
export async function logout(): Promise<void> {
  $token.set('');
  $user.set(null);
  $auth.set({ status: 'idle' });
  await callApi('/user/logout', { method: 'POST' });
}

/** Clears the local sign-in without calling the server (the server already said 401). */
export function forgetSession(): void {
  $token.set('');
  $user.set(null);
  $auth.set({ status: 'idle' });
}

/** Confirms a stored handle with the server: 401 signs out, a network failure keeps working offline. */
export async function confirmSession(): Promise<void> {
  if (!$token.get()) return;
  const result = await callApi<unknown>('/user/me');
  if (result.ok) {
    const parsed = z.object({ user: userSchema }).safeParse(result.data);
    if (parsed.success) $user.set(parsed.data.user);
  } else if (result.status === 401) {
    forgetSession();
  }
}

/** Outcome of an account-settings action, shown beside its form. */
export type AccountResult =
  { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

function accountResult(result: Awaited<ReturnType<typeof callApi>>): AccountResult {
  if (result.ok) return { ok: true };
  if (result.status === 401 && result.error === 'unauthenticated') forgetSession();
  return {
    ok: false,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

/** Changes the password; the server signs out every other device. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<AccountResult> {
  return accountResult(await callApi('/user/password', { body: { currentPassword, newPassword } }));
}

/** Signs out every device, this one included. */
export async function logoutEverywhere(): Promise<AccountResult> {
  const result = accountResult(await callApi('/user/logout-all', { method: 'POST' }));
  if (result.ok) forgetSession();
  return result;
}

/** Deletes the account after checking the password, then signs out. */
export async function deleteAccount(password: string): Promise<AccountResult> {
  const result = accountResult(await callApi('/user/delete', { body: { password } }));
  if (result.ok) forgetSession();
  return result;
}
