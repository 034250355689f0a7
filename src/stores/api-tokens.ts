import { createdTokenResponse, tokensResponse, type ApiToken } from '../lib/contracts/api-tokens';
import { noBody } from '../lib/contracts/shape';
import { callApi } from './api';
import { forgetSession } from './auth';
import { $cacheOwner } from './sync/owner';

// Personal access tokens of the public API (issue 50), on Account setting: made, listed and
// revoked for the workspace this browser works in. A new token's secret is handed to the screen
// once and kept nowhere: not in a store, not in localStorage.

export type { ApiToken };

/** A refusal to show beside the form. */
export interface TokenFailure {
  ok: false;
  message: string;
  fields?: Record<string, string>;
}

function failure(result: Extract<Awaited<ReturnType<typeof callApi>>, { ok: false }>) {
  if (result.status === 401 && result.error === 'unauthenticated') forgetSession();
  return {
    ok: false as const,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
  };
}

/** The workspace the screen is about. */
export const tokenWorkspaceId = (): string => $cacheOwner.get()?.workspaceId ?? '';

/** The caller's tokens for this workspace that still work, newest first. */
export async function loadApiTokens(): Promise<{ ok: true; tokens: ApiToken[] } | TokenFailure> {
  const result = await callApi('/api/tokens', tokensResponse);
  if (!result.ok) return failure(result);
  const workspaceId = tokenWorkspaceId();
  return { ok: true, tokens: result.data.tokens.filter((t) => t.workspaceId === workspaceId) };
}

/** Makes a token; the answer holds its secret, to show once. */
export async function makeApiToken(given: {
  name: string;
  scope: 'read' | 'write';
  expiresAt?: string | undefined;
}): Promise<{ ok: true; id: string; token: string } | TokenFailure> {
  const result = await callApi('/api/tokens', createdTokenResponse, {
    body: {
      workspaceId: tokenWorkspaceId(),
      name: given.name,
      scope: given.scope,
      ...(given.expiresAt ? { expiresAt: given.expiresAt } : {}),
    },
  });
  return result.ok ? { ok: true, ...result.data } : failure(result);
}

/** Revokes a token: every script using it is refused from its next request. */
export async function revokeApiToken(id: string): Promise<{ ok: true } | TokenFailure> {
  const result = await callApi(`/api/tokens/${encodeURIComponent(id)}`, noBody, {
    method: 'DELETE',
  });
  return result.ok ? { ok: true } : failure(result);
}
