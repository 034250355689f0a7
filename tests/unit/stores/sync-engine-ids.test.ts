// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $clients, addClient } from '../../../src/stores/clients';
import {
  $syncStatus,
  disposeSync,
  pullNow,
  startSync,
  stopSync,
} from '../../../src/stores/app-sync';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { readSyncState, syncStateKey } from '../../../src/stores/sync/state';
import { $team } from '../../../src/stores/team';
import { fakeFetch, form, resetServer, server, user } from './sync-server-stand-in';

// A device that lost a write of its sync state numbers new changes with ids the server already
// applied (issue 25, point 5). The server refuses such a push (409 mutation_ids_reused, as the
// stand-in does); the device takes a new client id and sends its outbox again, so nothing is
// lost, and a pull meanwhile does not take the renumbered change for one already saved.

const owner = { userId: user.id, workspaceId: 'w1' };
const key = syncStateKey(owner);

/**
 * Opens the workspace again (a reload) with the device's state as if the write that counted its
 * last change had not happened: the next change gets the id Acme was saved under.
 */
async function reopenWithLostCount() {
  stopSync();
  const state = readSyncState(owner);
  localStorage.setItem(key, JSON.stringify({ ...state, nextMutationId: state.nextMutationId - 1 }));
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
}

beforeEach(async () => {
  localStorage.clear();
  resetServer();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  keepMount($clients);
  keepMount($team);
  $cacheOwner.set(null);
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
  // Acme is saved as mutation 1 of this device's client id.
  addClient(form);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
  expect(server.pushed.map((p) => p.args['id'])).toHaveLength(1);
});

afterEach(() => {
  // The app's engine and everything it started end with the test.
  disposeSync();
  vi.unstubAllGlobals();
});

const names = () => [...server.rows.values()].map((r) => r.data?.['name']).sort();

describe('sync engine and reused mutation ids', () => {
  it('sends a change numbered like one already saved again under a new client id', async () => {
    const before = readSyncState(owner).clientId;
    await reopenWithLostCount();
    addClient({ ...form, name: 'Bolt Ltd' });
    await vi.waitFor(() => expect(names()).toEqual(['Acme Ltd', 'Bolt Ltd']));
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect($syncStatus.get()).toMatchObject({ pending: 0, refusals: [], problem: null });
    expect(readSyncState(owner).clientId).not.toBe(before);
    expect(
      $clients
        .get()
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Acme Ltd', 'Bolt Ltd']);
  });

  it('keeps the renumbered change when a pull says its id was applied before it was answered', async () => {
    await reopenWithLostCount();
    let release = () => {};
    server.holdPushes = new Promise<void>((resolve) => (release = resolve));
    addClient({ ...form, name: 'Bolt Ltd' });
    // While the push waits, a pull reports mutation 1 of this client id as applied (it was
    // Acme): Bolt, never answered, stays in the outbox and on screen.
    await pullNow();
    expect(readSyncState(owner).outbox.map((m) => m.args['id'])).toHaveLength(1);
    expect($clients.get().map((c) => c.name)).toContain('Bolt Ltd');
    release();
    server.holdPushes = null;
    await vi.waitFor(() => expect(names()).toEqual(['Acme Ltd', 'Bolt Ltd']));
    await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
    expect($syncStatus.get()).toMatchObject({ pending: 0, refusals: [] });
  });
});
