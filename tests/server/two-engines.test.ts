import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../src/lib/entities/client';
import { handleLogin } from '../../src/server/api/handlers';
import {
  handlePoke,
  handlePull,
  handlePush,
  handleWorkspaces,
} from '../../src/server/api/sync-handlers';
import type { Database } from '../../src/server/db/connect';
import type { OpenPokeSource, PokeSource } from '../../src/stores/sync/deps';
import { createSyncEngine, type SyncEngine } from '../../src/stores/sync/engine';
import { countingClock, fakeDeps } from '../unit/stores/sync-fakes';
import { context, cookieOf, drivers, fakeClock, freshAddress, post } from './support';
import { signUp } from './workspace-support';

// Two devices of one person, each an engine with its own storage, cache and session cookie, in
// one process against the app's real API handlers (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): what one saves reaches the other through the poke stream and a
// pull, and both end without leaving a timer, a stream or a request behind.

type Handler = (request: Request, ctx: ReturnType<typeof context>) => Promise<Response>;
const routes: Record<string, Handler> = {
  '/sync/push': handlePush,
  '/sync/pull': handlePull,
  '/sync/poke': handlePoke,
  '/sync/workspaces': handleWorkspaces,
};

/** The browser's fetch for one device: its session cookie on every call, to the real handlers. */
function deviceFetch(database: Database, clock: ReturnType<typeof fakeClock>, cookie: string) {
  const calls = { underWay: 0 };
  const fetcher: typeof fetch = async (input, init) => {
    // The engine calls it with a path (its API origin is the page's own).
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(path, 'https://hourmark.test');
    const handler = routes[url.pathname];
    if (!handler) return new Response('{}', { status: 404 });
    const request = new Request(url, {
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined), cookie },
      body: init?.body ?? null,
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    calls.underWay += 1;
    try {
      return await handler(request, context(database, clock));
    } finally {
      calls.underWay -= 1;
    }
  };
  return { fetcher, calls };
}

/** The browser's EventSource for one device, reading the real /sync/poke stream over `fetcher`. */
function deviceEventSource(fetcher: typeof fetch, streams: Set<{ readyState: number }>) {
  return class implements PokeSource {
    readyState = 0;
    private readonly listeners = new Map<string, (() => void)[]>();
    private readonly abort = new AbortController();
    constructor(url: string) {
      streams.add(this);
      void this.read(url);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.readyState = 2;
      this.abort.abort();
    }
    private emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
    private async read(url: string) {
      const res = await fetcher(url, { signal: this.abort.signal });
      if (!res.ok || !res.body) {
        this.readyState = 2;
        return this.emit('error');
      }
      this.readyState = 1;
      const reader = res.body.getReader();
      this.abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done || this.readyState === 2) break;
        buffer += decoder.decode(chunk.value);
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (\w+)$/m.exec(block)?.[1];
          if (event) this.emit(event);
        }
      }
      this.readyState = 2;
    }
  } satisfies OpenPokeSource;
}

const client = (name: string): Client => ({
  id: randomUUID(),
  name,
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  country: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  status: 'Active',
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
});

describe.each(drivers)('two sync engines in one process, on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => drop());

  it('brings a change saved by one device to the other through a poke and a pull', async () => {
    const clock = fakeClock(new Date());
    const email = `two-engines-${randomUUID().slice(0, 8)}@example.com`;
    const { cookie: laptopCookie } = await signUp(database, { name: 'Asha', email }, clock);
    const signedIn = await handleLogin(
      post('/user/login', { email, password: 'a good password' }),
      context(database, clock, freshAddress()),
    );
    const phoneCookie = cookieOf(signedIn);
    const asha = { id: 'asha', name: 'Asha', email, createdAt: '2026-11-25T09:00:00.000Z' };

    const devices = [laptopCookie, phoneCookie].map((cookie) => {
      const { fetcher, calls } = deviceFetch(database, clock, cookie);
      const streams = new Set<{ readyState: number }>();
      const deps = fakeDeps({
        fetch: fetcher,
        clock: countingClock(),
        EventSource: deviceEventSource(fetcher, streams),
      });
      return { deps, engine: createSyncEngine(deps), streams, calls };
    });
    const [laptop, phone] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const saved = (engine: SyncEngine) =>
      vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'), { timeout: 10_000 });

    await Promise.all(devices.map(({ engine }) => engine.startSync(asha)));
    await Promise.all(devices.map(({ engine }) => saved(engine)));
    // Each holds its own live stream (a pull on `ready` caught it up).
    for (const { streams } of devices) expect([...streams].map((s) => s.readyState)).toEqual([1]);

    const acme = client('Acme Ltd');
    laptop.deps.cache.change('clients', [], [acme]);
    expect(laptop.engine.$status.get().pending).toBe(1);
    await saved(laptop.engine);
    // The phone was told by its stream and pulled: Acme is in its cache, unasked.
    await vi.waitFor(
      () => expect(phone.deps.cache.read().clients.map((c) => c.name)).toEqual(['Acme Ltd']),
      { timeout: 10_000 },
    );
    expect(phone.deps.cache.pulls).toBeGreaterThan(0);

    // And back: the phone archives it, the laptop hears of it.
    phone.deps.cache.change('clients', [acme], [{ ...acme, status: 'Archived' }]);
    await vi.waitFor(() => expect(laptop.deps.cache.read().clients[0]?.status).toBe('Archived'), {
      timeout: 10_000,
    });
    await saved(phone.engine);

    // Each device's outbox is in its own storage, under the documented key, and empty now.
    for (const { deps } of devices) {
      const keys = [...deps.storage.map.keys()];
      expect(keys).toEqual([expect.stringMatching(/^hm\.sync\.asha\.[0-9a-f-]{36}$/)]);
      expect(JSON.parse(deps.storage.map.get(keys[0] ?? '') ?? '{}')).toMatchObject({
        outbox: [],
      });
    }

    for (const { engine } of devices) engine.dispose();
    // Nothing left running: no timer, every stream closed, no call to the server under way.
    for (const { deps, streams, calls } of devices) {
      expect((deps.clock as ReturnType<typeof countingClock>).pending()).toBe(0);
      expect([...streams].map((s) => s.readyState)).toEqual([2]);
      await vi.waitFor(() => expect(calls.underWay).toBe(0));
    }
    // A disposed engine starts nothing again.
    await laptop.engine.startSync(asha);
    expect(laptop.engine.currentOwner()).toBeNull();
  });
});
