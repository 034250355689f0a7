// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient, archiveClient } from '../../../src/stores/clients';
import { $syncStatus, pullNow, startSync, stopSync } from '../../../src/stores/sync/engine';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { fakeFetch, form, resetServer, server, user } from './sync-server-stand-in';

// The engine against a small stand-in for the server's push and pull (the real ones are tested
// in tests/server/sync.test.ts): what reaches "the server", in what order, and what the device
// shows after a refusal.

beforeEach(async () => {
  localStorage.clear();
  resetServer();
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
