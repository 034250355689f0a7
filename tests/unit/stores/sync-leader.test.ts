import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from '../../../src/stores/sync/engine';
import { createLeaderTab } from '../../../src/stores/sync/leader';
import {
  fakeDeps,
  FakeEventSource,
  laggingStorage,
  manualClock,
  memoryStorage,
  sharedLocks,
  asFetch,
} from './sync-fakes';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// One tab per account and workspace leads, holding a Web Lock; when it stops or closes, the
// browser hands the lock to the next tab in line, which takes over the stream and the pushes.

describe('leader tab', () => {
  it('hands leadership to the tab waiting when the leader stops', async () => {
    const locks = sharedLocks();
    const first = createLeaderTab({ locks });
    const second = createLeaderTab({ locks });
    const led: string[] = [];
    first.lead('hourmark-sync:k', () => led.push('first'));
    second.lead('hourmark-sync:k', () => led.push('second'));
    await vi.waitFor(() => expect(led).toEqual(['first']));
    expect([first.leading, second.leading]).toEqual([true, false]);
    first.stop();
    await vi.waitFor(() => expect(led).toEqual(['first', 'second']));
    expect([first.leading, second.leading]).toEqual([false, true]);
    second.dispose();
    await vi.waitFor(() => expect(locks.holders()).toBe(0));
  });

  it('never leads once it stopped waiting, even when the lock comes free later', async () => {
    const locks = sharedLocks();
    const first = createLeaderTab({ locks });
    const second = createLeaderTab({ locks });
    const become = vi.fn();
    first.lead('k', () => {});
    second.lead('k', become);
    // Signed out in the second tab while it waited.
    second.stop();
    first.stop();
    await vi.waitFor(() => expect(locks.holders()).toBe(0));
    expect(become).not.toHaveBeenCalled();
    expect(second.leading).toBe(false);
  });

  it('leads at once where the browser has no Web Locks', () => {
    const tab = createLeaderTab({ locks: null });
    const become = vi.fn();
    tab.lead('k', become);
    expect(become).toHaveBeenCalledTimes(1);
    expect(tab.leading).toBe(true);
  });
});

describe('two tabs of one browser', () => {
  beforeEach(() => {
    resetServer();
    FakeEventSource.opened = [];
  });
  afterEach(() => resetServer());

  it('keeps both changes when two tabs make one at the same moment', async () => {
    // Each tab reads its own copy of storage; the other's write reaches it a moment later. Two
    // tabs that each add to one shared outbox then keep only one change: so only the leader
    // writes the outbox, and the other tab hands its changes over under a key of its own.
    const browser = laggingStorage();
    const locks = sharedLocks();
    const tab = () => {
      const events = new EventTarget();
      const deps = fakeDeps({
        storage: browser.tab(events),
        locks,
        page: { events, isOnline: () => true, reload: () => {} },
        clock: manualClock(),
        EventSource: FakeEventSource,
        fetch: asFetch(fakeFetch),
      });
      return { deps, engine: createSyncEngine(deps) };
    };
    const [one, two] = [tab(), tab()];
    await one.engine.startSync(user);
    await two.engine.startSync(user);
    browser.deliver();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]?.accept();
    await vi.waitFor(() => expect(one.engine.$status.get().phase).toBe('saved'));
    browser.deliver();
    server.holdPushes = new Promise<void>(() => {});

    // The same moment: neither tab has seen the other's write yet.
    one.deps.cache.change('clients', [], [{ id: 'a', name: 'Acme' }]);
    two.deps.cache.change('clients', [], [{ id: 'b', name: 'Bolt' }]);
    expect(two.engine.$status.get()).toMatchObject({ phase: 'saving', pending: 1 });
    server.holdPushes = null;
    for (let i = 0; i < 5; i += 1) {
      browser.deliver();
      await one.engine.pushNow();
    }
    await vi.waitFor(() =>
      expect(server.pushed.map((m) => m.args['id']).sort()).toEqual(['a', 'b']),
    );
    // The follower hears the leader took and saved its change.
    browser.deliver();
    await vi.waitFor(() => expect(two.engine.$status.get().phase).toBe('saved'));
    one.engine.dispose();
    two.engine.dispose();
  });

  it('lets only the leader hold the stream and push; the other takes over when it closes', async () => {
    // One browser: the tabs share storage, locks and the server; each has its own engine.
    const storage = memoryStorage();
    const locks = sharedLocks();
    const tab = () => {
      const deps = fakeDeps({
        storage,
        locks,
        clock: manualClock(),
        EventSource: FakeEventSource,
        fetch: asFetch(fakeFetch),
      });
      return { deps, engine: createSyncEngine(deps) };
    };
    const [one, two] = [tab(), tab()];
    await one.engine.startSync(user);
    await two.engine.startSync(user);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]?.accept();
    await vi.waitFor(() => expect(one.engine.$status.get().phase).toBe('saved'));

    // The follower's change goes to the shared outbox; the leader hears the storage event.
    two.engine.enqueueMutations([
      { name: 'createClient', record: 'client:a', args: { id: 'a', fields: { name: 'Acme' } } },
    ]);
    expect(server.pushed).toEqual([]);
    one.deps.events.dispatchEvent(Object.assign(new Event('storage'), { key: 'hm.sync.u1.w1' }));
    await vi.waitFor(() => expect(server.pushed).toHaveLength(1));

    // The leader's tab closes: the other opens its own stream and pushes what waits.
    one.engine.dispose();
    expect(FakeEventSource.opened[0]?.readyState).toBe(2);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    two.engine.enqueueMutations([
      { name: 'createClient', record: 'client:b', args: { id: 'b', fields: { name: 'Bolt' } } },
    ]);
    await vi.waitFor(() => expect(server.pushed).toHaveLength(2));
    two.engine.dispose();
    await vi.waitFor(() => expect(locks.holders()).toBe(0));
  });
});
