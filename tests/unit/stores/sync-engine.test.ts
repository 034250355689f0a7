// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient, archiveClient } from '../../../src/stores/clients';
import { $syncStatus, disposeSync, pullNow, startSync } from '../../../src/stores/app-sync';
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
  // The app's engine and everything it started end with the test.
  disposeSync();
  vi.unstubAllGlobals();
});

describe('sync engine', () => {
  it('sends a new client to the server once and then says everything is saved', async () => {
    const { client } = addClient(form);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect(server.pushed).toEqual([
      // The named command, its fields by public name (not a stored change's `fields`).
      {
        name: 'createClient',
        args: expect.objectContaining({
          id: client.id,
          name: 'Acme Ltd',
          status: 'Active',
        }) as unknown,
      },
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
      expect(server.pushed.map((p) => p.name)).toEqual(['createClient', 'editClient']),
    );
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect(server.rows.get(`client:${client.id}`)?.data).toMatchObject({ status: 'Archived' });
  });

  it('undoes a refused change on the device and says why, in words', async () => {
    const { client } = addClient(form);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    server.refuse.add('editClient');
    archiveClient(client.id);
    expect($clients.get()[0]?.status).toBe('Archived');
    await vi.waitFor(() => expect($syncStatus.get().refusals).toHaveLength(1));
    await pullNow();
    await vi.waitFor(() => expect($clients.get()[0]?.status).toBe('Active'));
    expect($syncStatus.get().refusals[0]?.message).toBe('You may not do that.');
    expect($syncStatus.get().pending).toBe(0);
  });

  it('keeps its own change on screen while a pull in pages overlaps its push', async () => {
    const { client: acme } = addClient(form);
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    // Another device renames Acme's neighbour and adds a client: two rows, two pages.
    const row = server.rows.get(`client:${acme.id}`)!;
    for (const [id, name] of [
      ['other-1', 'Bolt'],
      ['other-2', 'Cora'],
    ] as const) {
      server.version += 1;
      server.rows.set(`client:${id}`, {
        ...row,
        id,
        version: server.version,
        data: { ...row.data, name },
      });
    }
    server.pageSize = 1;
    // Archiving Acme is pushed, but the push is held until the pull has answered its first page;
    // it lands before the second, whose lastMutationIds count it although no page carries it.
    let releasePush = () => {};
    server.holdPushes = new Promise<void>((resolve) => (releasePush = resolve));
    server.betweenPages = async () => {
      server.betweenPages = null;
      releasePush();
      await vi.waitFor(() => expect(server.pushed.map((p) => p.name)).toContain('editClient'));
    };
    archiveClient(acme.id);
    // What the screen shows of Acme from now on (subscribe calls back with the current value).
    const seen: string[] = [];
    const stop = $clients.subscribe((clients) => {
      const status = clients.find((c) => c.id === acme.id)?.status;
      if (status && seen.at(-1) !== status) seen.push(status);
    });
    await pullNow();
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    stop();
    // Never shown as Active again while the server catches up.
    expect(seen).toEqual(['Archived']);
    expect(
      $clients
        .get()
        .map((c) => `${c.name} ${c.status}`)
        .sort(),
    ).toEqual(['Acme Ltd Archived', 'Bolt Active', 'Cora Active']);
  });
});
