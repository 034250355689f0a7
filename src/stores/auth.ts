import { persistentAtom } from '@nanostores/persistent';
import { meResponse } from '../lib/contracts/auth';
import { noBody } from '../lib/contracts/shape';
import { callApi } from './api';
import { installStorageEngine } from './storage-engine';

installStorageEngine();

/** The signed-in person as the server describes them. */
export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/**
 * `value` as a User (its four fields, text, and nothing else), or null. Without zod: this store
 * loads with every screen (issue 29; sign-in.ts checks the sign-in answer with the same rule).
 */
export function readUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, name, email, createdAt } = value as Record<string, unknown>;
  return typeof id === 'string' &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    typeof createdAt === 'string'
    ? { id, name, email, createdAt }
    : null;
}

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
      return readUser(JSON.parse(raw));
    } catch {
      return null;
    }
  },
});

/** Signs out here and, through the shared `token` key, in every other tab. */
export async function logout(): Promise<void> {
  $token.set('');
  $user.set(null);
  await callApi('/user/logout', noBody, { method: 'POST' });
}

/** Clears the local sign-in without calling the server (the server already said 401). */
export function forgetSession(): void {
  $token.set('');
  $user.set(null);
}

/** Confirms a stored handle with the server: 401 signs out, a network failure keeps working offline. */
export async function confirmSession(): Promise<void> {
  if (!$token.get()) return;
  const result = await callApi('/user/me', meResponse);
  if (result.ok) {
    const user =
      typeof result.data === 'object' && result.data !== null
        ? readUser((result.data as { user?: unknown }).user)
        : null;
    if (user) $user.set(user);
  } else if (result.status === 401) {
    forgetSession();
  }
}
