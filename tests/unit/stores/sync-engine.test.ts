// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient, archiveClient } from '../../../src/stores/clients';
import { $syncStatus, pullNow, startSync, stopSync } from '../../../src/stores/sync/engine';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';

// The engine against a small stand-in for the server's push and pull (the real ones are tested
// in tests/server/sync.test.ts): what reaches "the server", in what order, and what the device
// shows after a refusal.

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

beforeEach(async () => {
  localStorage.clear();
  Object.assign(server, {
    version: 0,
    rows: new Map(),
    lastMutationIds: {},
    pushed: [],
    refuse: new Set(),
    holdPulls: null,
  });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  keepMount($clients);
  keepMount($team);
  $cacheOwner.set(null);
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
});

afterEach(() => {
  stopSync();
  vi.unstubAllGlobals();
});

describe('sync engine', () => {
  it('sends a new client to the server once and then says everything is saved', async () => {
    const { client } = addClient(form);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect(server.pushed).toEqual([
      { name: 'createClient', args: expect.objectContaining({ id: client.id }) as unknown },
    ]);
    expect($syncStatus.get().pending).toBe(0);
    expect($clients.get().map((c) => c.name)).toEqual(['Acme Ltd']);
  });

  it('pushes a change made while the previous push was still waiting for its pull', async () => {
    let release = () => {};
    server.holdPulls = new Promise<void>((resolve) => (release = resolve));
    const { client } = addClient(form);
    await vi.waitFor(() => expect(server.pushed).toHaveLength(1));
    // The push is answered; its pull is held. Archiving now must not wait for another change.
    archiveClient(client.id);
    release();
    server.holdPulls = null;
    await vi.waitFor(() =>
      expect(server.pushed.map((p) => p.name)).toEqual(['createClient', 'updateClient']),
    );
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect(server.rows.get(`client:${client.id}`)?.data).toMatchObject({ status: 'Archived' });
  });

  it('undoes a refused change on the device and says why, in words', async () => {
    const { client } = addClient(form);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    server.refuse.add('updateClient');
    archiveClient(client.id);
    expect($clients.get()[0]?.status).toBe('Archived');
    await vi.waitFor(() => expect($syncStatus.get().refusals).toHaveLength(1));
    await pullNow();
    await vi.waitFor(() => expect($clients.get()[0]?.status).toBe('Active'));
    expect($syncStatus.get().refusals[0]?.message).toBe('You may not do that.');
    expect($syncStatus.get().pending).toBe(0);
  });
});
