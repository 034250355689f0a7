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
  const calls = { underWay: 0, pulls: 0 };
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
    if (url.pathname === '/sync/pull') calls.pulls += 1;
    try {
      return await handler(request, context(database, clock));
    } finally {
      calls.underWay -= 1;
    }
  };
  return { fetcher, calls };
}

/** The browser's EventSource for one device, reading the real /sync/poke stream over `fetcher`. */
function deviceEventSource(
  fetcher: typeof fetch,
  streams: Set<{ readyState: number; heardReady?: boolean }>,
) {
  return class implements PokeSource {
    readyState = 0;
    /** The server said the stream is live (the device pulls on it). */
    heardReady = false;
    private readonly listeners = new Map<string, ((event: Event) => void)[]>();
    private readonly abort = new AbortController();
    constructor(url: string) {
      streams.add(this);
      void this.read(url);
    }
    addEventListener(type: string, listener: (event: Event) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close() {
      this.readyState = 2;
      this.abort.abort();
    }
    private emit(type: string, data?: string) {
      if (type === 'ready') this.heardReady = true;
      for (const listener of this.listeners.get(type) ?? [])
        listener(new MessageEvent(type, { data }));
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
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) this.emit(event, data);
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
  vatNumber: '',
  city: '',
  postCode: '',
  eInvoiceProfile: '',
  electronicAddress: '',
  electronicAddressScheme: '',
  buyerReference: '',
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
      const streams = new Set<{ readyState: number; heardReady?: boolean }>();
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
    // (The stream opens on its own time: 'saved' can come from the first pull before it does.)
    // Once each has said `ready` and the pull it asks for is over, both devices are at rest.
    for (const { streams, calls } of devices)
      await vi.waitFor(
        () => {
          expect([...streams].map((s) => [s.readyState, s.heardReady])).toEqual([[1, true]]);
          expect(calls.underWay).toBe(0);
        },
        { timeout: 10_000 },
      );

    const phonePulls = phone.calls.pulls;
    const acme = client('Acme Ltd');
    laptop.deps.cache.change('clients', [], [acme]);
    expect(laptop.engine.$status.get().pending).toBe(1);
    await saved(laptop.engine);
    // The phone's stream brought Acme's row itself: it is in the phone's cache, and the phone
    // did not pull for it (issue 34).
    await vi.waitFor(
      () => expect(phone.deps.cache.read().clients.map((c) => c.name)).toEqual(['Acme Ltd']),
      { timeout: 10_000 },
    );
    expect(phone.calls.pulls).toBe(phonePulls);

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
  it('sends a stopwatch run as the commands startTimer and stopTimer, and the server’s answer replaces the guess', async () => {
    const clock = fakeClock(new Date());
    const email = `two-engines-cmd-${randomUUID().slice(0, 8)}@example.com`;
    const { cookie: laptopCookie } = await signUp(database, { name: 'Ravi', email }, clock);
    const signedIn = await handleLogin(
      post('/user/login', { email, password: 'a good password' }),
      context(database, clock, freshAddress()),
    );
    const ravi = { id: 'ravi', name: 'Ravi', email, createdAt: '2026-11-25T09:00:00.000Z' };
    const pushed: string[] = [];
    const devices = [laptopCookie, cookieOf(signedIn)].map((cookie) => {
      const { fetcher: real } = deviceFetch(database, clock, cookie);
      // What each push sends, by name: the commands themselves, not their stored changes.
      const fetcher: typeof fetch = (input, init) => {
        if (
          typeof input === 'string' &&
          input.includes('/sync/push') &&
          typeof init?.body === 'string'
        ) {
          const sent = JSON.parse(init.body) as { mutations: { name: string }[] };
          pushed.push(...sent.mutations.map((m) => m.name));
        }
        return real(input, init);
      };
      const deps = fakeDeps({
        fetch: fetcher,
        clock: countingClock(),
        EventSource: deviceEventSource(fetcher, new Set()),
      });
      return { deps, engine: createSyncEngine(deps) };
    });
    const [laptop, phone] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const saved = (engine: SyncEngine) =>
      vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'), { timeout: 10_000 });
    await Promise.all(devices.map(({ engine }) => engine.startSync(ravi)));
    await Promise.all(devices.map(({ engine }) => saved(engine)));

    // 09:00 to 09:45 UTC on 25 Nov 2026, on a device whose clock is UTC.
    const startedAt = Date.parse('2026-11-25T09:00:00Z');
    const entry = {
      projectId: null,
      taskId: null,
      memberId: null,
      tags: '',
      desc: 'Call with Acme',
    };
    const running = {
      status: 'running',
      startedAt,
      day: '2026-11-25',
      continueLogId: null,
      runId: 'run-call',
      entry,
    };
    laptop.deps.cache.command(
      'startTimer',
      {
        startedAt,
        day: '2026-11-25',
        runId: 'run-call',
        utcOffsetMinutes: 0,
        entry: {
          projectId: null,
          taskId: null,
          memberId: null,
          tags: '',
          description: 'Call with Acme',
        },
      },
      [{ key: 'runningTimer', before: { status: 'idle' }, after: running }],
    );
    // The device's guess of the log differs from what the server will save (its words).
    const guess = {
      id: 'run-call',
      date: '2026-11-25',
      client: '',
      projectId: null,
      task: '',
      taskId: null,
      tags: '',
      desc: '<p>guessed on the laptop</p>',
      dur: 2700,
      st: '09:00',
      end: '09:45',
      exp: 0,
      memberId: null,
      status: 'approved' as const,
    };
    laptop.deps.cache.command(
      'stopTimer',
      { stoppedAt: startedAt + 45 * 60_000, utcOffsetMinutes: 0 },
      [
        { key: 'runningTimer', before: running, after: { status: 'idle' } },
        { key: 'taskData', before: [], after: [guess] },
      ],
    );
    await saved(laptop.engine);
    // Each went to the server as the one command it is (the phone pushed nothing).
    expect(pushed).toEqual(['startTimer', 'stopTimer']);
    // The phone gets the log the server saved for the run: 45 minutes, in the stopwatch's words.
    await vi.waitFor(
      () =>
        expect(phone.deps.cache.read().logs).toEqual([
          expect.objectContaining({
            id: 'run-call',
            dur: 2700,
            st: '09:00',
            end: '09:45',
            desc: '<p>Call with Acme</p>',
          }),
        ]),
      { timeout: 10_000 },
    );
    // And the laptop's guess is replaced by it once its pull carries the server's row.
    await laptop.engine.pullNow();
    expect(laptop.deps.cache.read().logs).toEqual([
      expect.objectContaining({ id: 'run-call', desc: '<p>Call with Acme</p>' }),
    ]);
    expect(laptop.deps.cache.timer()).toEqual({ status: 'idle' });
    for (const { engine } of devices) engine.dispose();
  });
  it('sends an outbox a bundle from before commands left (stored changes) as it is, and its own edits as commands', async () => {
    const clock = fakeClock(new Date());
    const email = `two-engines-old-${randomUUID().slice(0, 8)}@example.com`;
    const { cookie } = await signUp(database, { name: 'Meera', email }, clock);
    const meera = { id: 'meera', name: 'Meera', email, createdAt: '2026-11-25T09:00:00.000Z' };
    const { fetcher: real } = deviceFetch(database, clock, cookie);
    const pushed: string[] = [];
    const fetcher: typeof fetch = (input, init) => {
      if (
        typeof input === 'string' &&
        input.includes('/sync/push') &&
        typeof init?.body === 'string'
      )
        pushed.push(
          ...(JSON.parse(init.body) as { mutations: { name: string }[] }).mutations.map(
            (m) => m.name,
          ),
        );
      return real(input, init);
    };
    const listed = (await (await real('/sync/workspaces')).json()) as {
      workspaces: { id: string }[];
    };
    const workspaceId = listed.workspaces[0]?.id ?? '';
    // What the bundle before commands wrote under the documented key: two stored changes queued
    // offline (a new client, then its new name), not yet pushed.
    const acme = client('Acme Ltd');
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = acme;
    const deps = fakeDeps({
      fetch: fetcher,
      clock: countingClock(),
      EventSource: deviceEventSource(fetcher, new Set()),
    });
    deps.storage.map.set(
      `hm.sync.meera.${workspaceId}`,
      JSON.stringify({
        clientId: 'bundle-before-commands',
        cookie: null,
        nextMutationId: 3,
        outbox: [
          {
            id: 1,
            name: 'createClient',
            args: { id: acme.id, fields },
            record: `client:${acme.id}`,
          },
          {
            id: 2,
            name: 'updateClient',
            args: { id: acme.id, changes: { name: 'Acme Limited' } },
            record: `client:${acme.id}`,
          },
        ],
        bases: { [`client:${acme.id}`]: null },
        refusals: [],
      }),
    );
    const engine = createSyncEngine(deps);
    await engine.startSync(meera);
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'), { timeout: 10_000 });
    expect(engine.$status.get().refusals).toEqual([]);
    const renamed = deps.cache.read().clients[0];
    expect(renamed).toMatchObject({ id: acme.id, name: 'Acme Limited', status: 'Active' });

    // The new engine's own edit of the same client goes as the command that means it.
    deps.cache.change('clients', [renamed], [{ ...renamed, status: 'Archived' }]);
    await vi.waitFor(() => expect(engine.$status.get().phase).toBe('saved'), { timeout: 10_000 });
    expect(pushed).toEqual(['createClient', 'updateClient', 'editClient']);
    await engine.pullNow();
    expect(deps.cache.read().clients).toEqual([
      expect.objectContaining({ id: acme.id, name: 'Acme Limited', status: 'Archived' }),
    ]);
    engine.dispose();
  });
});
