import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { fromOwnAddress } from './addresses';

/** A fresh account created through the real API for one test. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** Makes a unique account (never shared between tests, so tests run in parallel). */
export function newAccount(): TestAccount {
  const id = randomUUID().slice(0, 8);
  return { name: `Asha ${id}`, email: `asha.${id}@example.com`, password: `correct horse ${id}` };
}

/**
 * Registers and signs in through the real API so the HttpOnly session cookie is set in the
 * page's context, then makes every page load start with the stored `token` and `user`.
 */
export async function signIn(
  page: Page,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const headers = fromOwnAddress();
  const register = await page.request.post('/user/register', { data: account, headers });
  expect(register.status(), await register.text()).toBe(201);
  const login = await page.request.post('/user/login', {
    data: { email: account.email, password: account.password },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([token, user]) => {
      // Only on a tab's first load, so signing out (or a reload after it) is not undone.
      if (!sessionStorage.getItem('session-seeded')) {
        sessionStorage.setItem('session-seeded', '1');
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }
    },
    [body.token, JSON.stringify(body.user)] as const,
  );
  return account;
}

/** Writes records under storage keys before the app loads (e.g. `{ clients: [...] }`). */
export async function seedStorage(page: Page, data: Record<string, unknown>): Promise<void> {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) {
      localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }, data);
}
