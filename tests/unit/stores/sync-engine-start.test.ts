// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient } from '../../../src/stores/clients';
import { $syncStatus, startSync, stopSync } from '../../../src/stores/sync/engine';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';

// A change made in the moment between the screen appearing and the sync engine knowing the
// workspace (it loads after the first paint) still reaches the server. Its own file: the engine
// must not have started before. The stand-in server is that of sync-engine.test.ts.

interface Row {
  kind: string;
  id: string;
  version: number;
  deleted: boolean;
  data: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

const server = {
  version: 0,
  rows: new Map<string, Row>(),
  lastMutationIds: {} as Record<string, number>,
  pushed: [] as { name: string; args: Record<string, unknown> }[],
  refuse: new Set<string>(),
  /** While set, pulls wait for it. */
  holdPulls: null as Promise<void> | null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function apply(name: string, args: Record<string, unknown>) {
  const id = String(args['id']);
  const key = `client:${id}`;
  const at = '2026-11-23T09:00:00.000Z';
  server.version += 1;
  if (name === 'createClient')
    server.rows.set(key, {
      kind: 'client',
      id,
      version: server.version,
      deleted: false,
      data: args['fields'] as Record<string, unknown>,
      createdAt: at,
      updatedAt: at,
    });
  const row = server.rows.get(key);
  if (name === 'updateClient' && row)
    server.rows.set(key, {
      ...row,
      version: server.version,
      data: { ...row.data, ...(args['changes'] as object) },
    });
}

async function fakeFetch(input: string, init?: { body?: string }): Promise<Response> {
  const url = new URL(input, 'http://hourmark.test');
  if (url.pathname === '/sync/workspaces')
    return json({ workspaces: [{ id: 'w1', name: 'Asha’s workspace' }] });
  if (url.pathname === '/sync/push') {
    const body = JSON.parse(init?.body ?? '{}') as {
      clientId: string;
      mutations: { id: number; name: string; args: Record<string, unknown> }[];
    };
    const results = body.mutations.map((m) => {
      server.lastMutationIds[body.clientId] = m.id;
      if (server.refuse.has(m.name))
        return {
          id: m.id,
          outcome: 'refused',
          reason: 'forbidden',
          message: 'You may not do that.',
        };
      server.pushed.push({ name: m.name, args: m.args });
      apply(m.name, m.args);
      return { id: m.id, outcome: 'ok' };
    });
    return json({ results, lastMutationId: 0, version: server.version });
  }
  if (url.pathname === '/sync/pull') {
    await server.holdPulls;
    const cookie = Number(url.searchParams.get('cookie') ?? 0);
    return json({
      cookie: String(server.version),
      reset: cookie === 0,
      changes: [...server.rows.values()].filter((r) => r.version > cookie),
      next: null,
      lastMutationIds: server.lastMutationIds,
    });
  }
  return new Response('{}', { status: 404 });
}

const form = {
  name: 'Acme Ltd',
  contactPerson: '',
  email: 'hello@acme.test',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: '',
  taxNumber: '',
};

const user = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  createdAt: '2026-11-01T00:00:00Z',
};

afterEach(() => {
  stopSync();
  vi.unstubAllGlobals();
});

describe('sync engine start', () => {
  it('pushes a change made before the engine knew the workspace', async () => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    keepMount($clients);
    keepMount($team);
    // The cache is this person's from an earlier visit: the screen shows at once.
    $cacheOwner.set({ userId: user.id, workspaceId: 'w1', workspaceName: 'Asha’s workspace' });
    const { client } = addClient(form);
    await startSync(user);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect(server.pushed.map((p) => [p.name, p.args['id']])).toEqual([['createClient', client.id]]);
  });
});
