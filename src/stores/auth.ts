import { persistentAtom } from '@nanostores/persistent';
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

/** Signs out here and, through the shared `token` key, in every other tab. */
export async function logout(): Promise<void> {
  $token.set('');
  $user.set(null);
  await callApi('/user/logout', { method: 'POST' });
}

/** Clears the local sign-in without calling the server (the server already said 401). */
export function forgetSession(): void {
  $token.set('');
  $user.set(null);
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
