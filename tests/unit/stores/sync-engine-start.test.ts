// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient } from '../../../src/stores/clients';
import { $syncStatus, disposeSync, startSync } from '../../../src/stores/app-sync';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { $team } from '../../../src/stores/team';
import { shortHash } from '../../../src/lib/hash';
import { $storageNotices } from '../../../src/stores/storage-notices';
import { fakeFetch, form, resetServer, server, user } from './sync-server-stand-in';

// A change made in the moment between the screen appearing and the sync engine knowing the
// workspace (it loads after the first paint) still reaches the server. Its own file: the engine
// must not have started before. The stand-in server is that of sync-engine.test.ts.

afterEach(() => {
  // The app's engine and everything it started end with the test.
  disposeSync();
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
    // The engine's parts load on demand: under a loaded machine their first import alone passed
    // vi.waitFor's default second (seen once in a full run).
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'), { timeout: 10_000 });
    expect(server.pushed.map((p) => [p.name, p.args['id']])).toEqual([['createClient', client.id]]);
  });

  it('keeps an unreadable outbox aside, says where, and syncs on from a fresh state', async () => {
    localStorage.clear();
    resetServer();
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    $cacheOwner.set({ userId: user.id, workspaceId: 'w1', workspaceName: 'Asha’s workspace' });
    const raw = '{"clientId": "abc", "outbox": [';
    localStorage.setItem('hm.sync.u1.w1', raw);
    await startSync(user);
    // The engine's parts load on demand: under a loaded machine their first import alone passed
    // vi.waitFor's default second (seen once in a full run).
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'), { timeout: 10_000 });
    const stashKey = `hm.sync.u1.w1.corrupt.${shortHash(raw)}`;
    expect(localStorage.getItem(stashKey)).toBe(raw);
    expect($storageNotices.get()).toContainEqual(
      expect.objectContaining({ kind: 'corrupt', key: 'hm.sync.u1.w1', stashKey }),
    );
    addClient(form);
    await vi.waitFor(() => expect(server.pushed).toHaveLength(1));
  });
});
