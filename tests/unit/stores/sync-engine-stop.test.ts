import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from '../../../src/stores/sync/coalesce';
import { createSyncEngine } from '../../../src/stores/sync/engine';
import { asFetch, fakeDeps, FakeEventSource, manualClock } from './sync-fakes';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// Stopping means stopped: a sign-out while the workspace list is on its way starts nothing when
// it arrives, a stopped or disposed engine holds no stream and sets no timer, and a push asked
// for while another is under way is never lost.

/** An engine against the stand-in server whose /sync/workspaces answer waits for `release`. */
function heldAtStart() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const clock = manualClock();
  const fetch = vi.fn(
    asFetch(async (url, init) => {
      if (url.includes('/sync/workspaces')) await held;
      return fakeFetch(url, init);
    }),
  );
  const deps = fakeDeps({ clock, fetch, EventSource: FakeEventSource });
  return { deps, clock, fetch, release, engine: createSyncEngine(deps) };
}

beforeEach(() => {
  resetServer();
  FakeEventSource.opened = [];
});
afterEach(() => resetServer());

describe('stopping the sync engine', () => {
  it('starts nothing when stopped while the workspace list was on its way', async () => {
    const { engine, release, fetch, clock, deps } = heldAtStart();
    const starting = engine.startSync(user);
    // Signed out meanwhile.
    engine.stopSync();
    release();
    await starting;
    expect(engine.currentOwner()).toBeNull();
    expect(deps.cache.owner.get()).toBeNull();
    expect(FakeEventSource.opened).toEqual([]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/sync/workspaces']);
    expect(clock.pending()).toBe(0);
    expect(engine.$status.get().phase).toBe('starting');
    // A change made after sign-out goes nowhere.
    deps.cache.change('clients', [], [{ id: 'a', name: 'Acme' }]);
    expect(deps.storage.map.size).toBe(0);
  });

  it('starts nothing when disposed during a start, nor when started again after', async () => {
    const { engine, release, clock } = heldAtStart();
    const starting = engine.startSync(user);
    engine.dispose();
    release();
    await starting;
    await engine.startSync(user);
    expect(engine.currentOwner()).toBeNull();
    expect(FakeEventSource.opened).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('follows only the latest of two starts', async () => {
    const { engine, release } = heldAtStart();
    const first = engine.startSync(user);
    const second = engine.startSync({ ...user, id: 'u2' });
    release();
    await Promise.all([first, second]);
    expect(engine.currentOwner()?.userId).toBe('u2');
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    engine.dispose();
  });

  it('ends the poke stream on sign-out and opens no other', async () => {
    const { engine, release, clock } = heldAtStart();
    release();
    await engine.startSync(user);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    stream?.accept();
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'));
    engine.stopSync();
    expect(stream?.readyState).toBe(2);
    expect(clock.pending()).toBe(0);
    clock.advance(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    // Signed in again: a new stream for the new session.
    await engine.startSync(user);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    engine.dispose();
    expect(FakeEventSource.opened[1]?.readyState).toBe(2);
  });
});

describe('pushing while a push is under way', () => {
  it('pushes a change made during a push after it, before the promise it was given resolves', async () => {
    const { engine, release } = heldAtStart();
    release();
    await engine.startSync(user);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]?.accept();
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'));
    let releasePush = () => {};
    server.holdPushes = new Promise<void>((resolve) => (releasePush = resolve));
    engine.enqueueMutations([
      { name: 'createClient', record: 'client:a', args: { id: 'a', fields: { name: 'Acme' } } },
    ]);
    engine.enqueueMutations([
      { name: 'createClient', record: 'client:b', args: { id: 'b', fields: { name: 'Bolt' } } },
    ]);
    const pushed = engine.pushNow();
    server.holdPushes = null;
    releasePush();
    await pushed;
    expect(server.pushed.map((p) => p.args['id']).sort()).toEqual(['a', 'b']);
    engine.dispose();
  });

  it('a push asked for while sync is still starting waits for the session and goes out through it', async () => {
    // A screen opened a moment ago (the users list right after a member was added) asks for its
    // changes to be pushed before a call that needs them: it must not go ahead with none pushed.
    const { engine, release, fetch } = heldAtStart();
    const starting = engine.startSync(user);
    let done = false;
    const pushed = engine.pushNow().then(() => (done = true));
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(done).toBe(false);
    release();
    await starting;
    await pushed;
    // The session's push ends with a pull, so the call comes after the server answered.
    expect(fetch.mock.calls.map(([url]) => (url as string).split('?')[0])).toContain('/sync/pull');
    engine.dispose();
  });

  it('runs a request made just as the previous run ended, instead of dropping it', async () => {
    let runs = 0;
    let finish = () => {};
    const task = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    const run = coalesce(task, () => true).run;
    const first = run();
    await vi.waitFor(() => expect(runs).toBe(1));
    finish();
    // Asked in the moment between the task's end and the end of its run (a continuation that
    // the task's own promise schedules): the old loop had checked already and dropped it.
    const late: { promise: Promise<void> | null } = { promise: null };
    void Promise.resolve().then(() => (late.promise = run()));
    await first;
    await vi.waitFor(() => expect(late.promise).not.toBeNull());
    await vi.waitFor(() => expect(runs).toBe(2));
    finish();
    await late.promise;
    expect(runs).toBe(2);
  });
});
