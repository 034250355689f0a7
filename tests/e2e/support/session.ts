import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import type { LocalRecords } from '../../../src/lib/sync/convert';
import { recordsFromKeys } from '../../../src/lib/sync/import-file';
import { planUpload } from '../../../src/lib/sync/upload';
import { fromOwnAddress } from './addresses';
import { waitForMail } from './mailbox';

/** A fresh account created through the real API for one test. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
  /** The zone the sign-up's browser says it is in (its workspace's); UTC when unset. */
  timeZone?: string;
}

/** Makes a unique account (never shared between tests, so tests run in parallel). */
export function newAccount(): TestAccount {
  const id = randomUUID().slice(0, 8);
  return { name: `Asha ${id}`, email: `asha.${id}@example.com`, password: `correct horse ${id}` };
}

/**
 * Creates `account` through the real API, signed in on `request`'s cookies: the test server
 * has mail on, so the sign-up answers 202 and the account exists once the link mailed to it is
 * opened (a server without SMTP_URL answers 201 at once). The answer that signed in is returned.
 */
export async function registerConfirmed(
  request: APIRequestContext,
  account: TestAccount,
  headers: Record<string, string> = fromOwnAddress(),
): Promise<APIResponse> {
  const registered = await request.post('/user/register', { data: account, headers });
  if (registered.status() === 201) return registered;
  expect(registered.status(), await registered.text()).toBe(202);
  const mail = await waitForMail(account.email.toLowerCase());
  const token = /\/confirm-email#(\S+)/.exec(mail.text)?.[1] ?? '';
  const zone = account.timeZone ? { timeZone: account.timeZone } : {};
  const confirmed = await request.post('/user/confirm-email', {
    data: { token, ...zone },
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return confirmed;
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
  await registerConfirmed(page.request, account, headers);
  const login = await page.request.post('/user/login', {
    data: { email: account.email, password: account.password },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { token: string; user: { id: string } };
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
  sessions.set(page, { userId: body.user.id });
  await uploadSeeded(page);
  return account;
}

const sessions = new WeakMap<Page, { userId: string }>();
const seeded = new WeakMap<Page, Record<string, unknown>>();

/**
 * Records a test starts with. Since sync, the server holds the workspace and the browser's keys
 * are its cache: the records are pushed to the signed-in account's workspace (whichever of this
 * and `signIn` comes second does it), and written to the keys with the cache's owner marker, so
 * the first screen shows them at once and the first pull brings the same records back.
 * Values that are not records (a corrupt string) are written to the keys as they are.
 */
export async function seedStorage(page: Page, data: Record<string, unknown>): Promise<void> {
  seeded.set(page, data);
  if (sessions.has(page)) await uploadSeeded(page);
}

async function uploadSeeded(page: Page): Promise<void> {
  const data = seeded.get(page);
  const session = sessions.get(page);
  if (!data || !session) return;
  seeded.delete(page);
  const workspace = await pushRecords(page, data);
  const owner = {
    userId: session.userId,
    workspaceId: workspace.id,
    workspaceName: workspace.name,
  };
  // The account is its workspace's Admin: a device that pulled before knows it already.
  const access = {
    ...owner,
    role: 'Admin',
    memberId: null,
    seesAmounts: true,
    rules: {
      timeZone: 'UTC',
      weekStart: 1,
      lockedUpTo: null,
      autoLock: null,
      managersSeeAmounts: false,
    },
  };
  await page.addInitScript(
    ([entries, marker, known]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('hm.cacheOwner', marker);
      localStorage.setItem('hm.access', known);
      for (const [key, value] of Object.entries(entries)) {
        localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
    },
    [data, JSON.stringify(owner), JSON.stringify(access)] as const,
  );
}

/**
 * Creates records (under their documented keys, as a device stores them) in the signed-in
 * account's workspace through `/sync/push`, as another device would; a running stopwatch under
 * `runningTimer` becomes the account's stopwatch. The page sees them at its next pull.
 */
export async function pushRecords(
  page: Page,
  data: Record<string, unknown>,
): Promise<{ id: string; name: string }> {
  const { workspaces } = (await (await page.request.get('/sync/workspaces')).json()) as {
    workspaces: { id: string; name: string }[];
  };
  const workspace = workspaces[0];
  if (!workspace) throw new Error('The account has no workspace');
  const plan = planUpload(decodeSeed(data), new Date().toISOString().slice(0, 10), {
    // Records pushed earlier in the test may be referred to.
    trustReferences: true,
  });
  expect(plan.problems, 'every seeded record can be sent').toEqual([]);
  const mutations: { name: string; args: unknown }[] = plan.mutations;
  const timer = data['runningTimer'];
  if (typeof timer === 'object' && timer !== null)
    mutations.push({ name: 'setTimer', args: { timer } });
  const clientId = randomUUID().replaceAll('-', '');
  for (let at = 0; at < mutations.length; at += 500) {
    const batch = mutations.slice(at, at + 500);
    const pushed = await page.request.post('/sync/push', {
      data: {
        workspaceId: workspace.id,
        clientId,
        mutations: batch.map((m, i) => ({ id: at + i + 1, name: m.name, args: m.args })),
      },
    });
    expect(pushed.status(), await pushed.text()).toBe(200);
    const { results } = (await pushed.json()) as { results: { outcome: string }[] };
    expect(
      results.filter((r) => r.outcome !== 'ok'),
      'every seeded record is accepted',
    ).toEqual([]);
  }
  return workspace;
}

/** The seeded keys as the stores would read them. */
const decodeSeed = (data: Record<string, unknown>): LocalRecords => recordsFromKeys(data).records;
