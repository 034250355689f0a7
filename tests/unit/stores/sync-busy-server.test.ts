import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from '../../../src/stores/sync/engine';
import { asFetch, fakeDeps, FakeEventSource, manualClock } from './sync-fakes';
import { fakeFetch, resetServer, user } from './sync-server-stand-in';

// A server with no room for another pull answers 503 with Retry-After (issue 34): the device
// asks again once that time has passed, not sooner, and not only at the next poke.

beforeEach(() => {
  resetServer();
  FakeEventSource.opened = [];
});

describe('a pull turned away by a busy server', () => {
  it('is asked again after the Retry-After the server gave, and then succeeds', async () => {
    const clock = manualClock();
    let busy = 0;
    const pulls: number[] = [];
    const fetch = vi.fn(
      asFetch(async (url, init) => {
        if (url.includes('/sync/pull')) {
          pulls.push(clock.now().getTime());
          if (busy > 0) {
            busy -= 1;
            return new Response(
              JSON.stringify({ error: 'server_busy', message: 'The server is busy.' }),
              { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '3' } },
            );
          }
        }
        return fakeFetch(url, init);
      }),
    );
    const deps = fakeDeps({ clock, fetch, EventSource: FakeEventSource });
    const engine = createSyncEngine(deps);
    await engine.startSync(user);
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'));
    pulls.length = 0;
    busy = 1;
    const start = clock.now().getTime();
    FakeEventSource.opened[0]?.poke();
    await vi.waitFor(() => expect(pulls).toHaveLength(1));
    // Not before the 3 s the server asked for.
    clock.advance(2_999);
    await Promise.resolve();
    expect(pulls).toHaveLength(1);
    clock.advance(1);
    await vi.waitFor(() => expect(pulls).toHaveLength(2));
    expect((pulls[1] ?? 0) - start).toBe(3_000);
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'));
    engine.dispose();
    expect(clock.pending()).toBe(0);
  });
});
