import { expect } from 'vitest';
import { handleCreateToken } from '../../src/server/api/token-handlers';
import type { Database } from '../../src/server/db/connect';
import { context, fakeClock, post } from './support';

// Requests of the public API (issue 50), as a script sends them: a bearer token, no cookie.

/** A request to the public API with `Authorization: Bearer <token>`. */
export function withToken(
  path: string,
  token: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Request {
  return new Request(`https://hourmark.test${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

/** A DELETE as the signed-in browser sends it. */
export const deleteWith = (path: string, cookie: string): Request =>
  new Request(`https://hourmark.test${path}`, { method: 'DELETE', headers: { cookie } });

/** Makes a token through POST /api/tokens, as the Account setting screen does. */
export async function makeToken(
  database: Database,
  who: { cookie: string; workspace: { id: string } },
  scope: 'read' | 'write',
  clock = fakeClock(),
  extra: { name?: string; expiresAt?: string } = {},
): Promise<{ id: string; token: string }> {
  const res = await handleCreateToken(
    post(
      '/api/tokens',
      { workspaceId: who.workspace.id, name: extra.name ?? `${scope} script`, scope, ...extra },
      who.cookie,
    ),
    context(database, clock),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; token: string };
}
