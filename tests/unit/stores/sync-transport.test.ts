import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../src/stores/sync/engine';
import { createBackoff, createTransport, worthRetrying } from '../../../src/stores/sync/transport';
import { asFetch, fakeDeps, manualClock } from './sync-fakes';
import { fakeFetch, resetServer, server, user } from './sync-server-stand-in';

// The transport speaks the server's wire format (docs/api.md) and nothing else; network
// failures come back as results, and the engine tries again with doubling waits.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A pulled client row, as the server writes each change. */
const change = (id: string) => ({
  kind: 'client',
  id,
  deleted: false,
  data: { name: id },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});
/** The caller's access as the server sends it (the pull contract checks every key). */
const access = {
  role: 'Normal',
  memberId: 'm1',
  seesAmounts: false,
  rules: {
    timeZone: 'UTC',
    weekStart: 1,
    lockedUpTo: null,
    autoLock: null,
    managersSeeAmounts: false,
    requireProjectAndTask: false,
    durationFormat: 'clock',
  },
  currency: 'INR',
  teamMembers: null,
};

describe('sync transport', () => {
  it('sends a push as the server reads it, to be delivered even if the tab closes', async () => {
    const sent: { url: string; init?: RequestInit }[] = [];
    const transport = createTransport({
      apiBase: 'https://api.hourmark.test',
      fetch: (input, init) => {
        sent.push({ url: input as string, ...(init ? { init } : {}) });
        return Promise.resolve(
          json({ results: [{ id: 4, outcome: 'ok' }], lastMutationId: 4, version: 12 }),
        );
      },
    });
    const result = await transport.push('w1', 'c1', [
      { id: 4, name: 'createClient', record: 'client:a', args: { id: 'a' } },
    ]);
    expect(result).toMatchObject({ ok: true, data: { results: [{ id: 4, outcome: 'ok' }] } });
    expect(sent[0]?.url).toBe('https://api.hourmark.test/sync/push');
    expect(sent[0]?.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'include',
    });
    expect(JSON.parse(sent[0]?.init?.body as string)).toEqual({
      workspaceId: 'w1',
      clientId: 'c1',
      mutations: [{ id: 4, name: 'createClient', args: { id: 'a' } }],
    });
  });

  it('reads a pull in pages pinned to the first, confirming with the first page’s ids', async () => {
    const asked: URLSearchParams[] = [];
    const pages = [
      { cookie: '9', reset: false, changes: [change('a')], next: '1', lastMutationIds: { c1: 3 } },
      { cookie: '9', reset: false, changes: [change('b')], next: null, lastMutationIds: { c1: 5 } },
    ];
    const transport = createTransport({
      apiBase: '',
      fetch: asFetch((url) => {
        asked.push(new URL(url, 'https://hourmark.test').searchParams);
        return Promise.resolve(json({ ...pages[asked.length - 1], access }));
      }),
    });
    const result = await transport.pull('w1', '7', '2026-10-01');
    expect(result).toMatchObject({
      ok: true,
      pulled: { cookie: '9', changes: [{ id: 'a' }, { id: 'b' }], acknowledged: { c1: 3 } },
    });
    expect(asked.map((q) => Object.fromEntries(q))).toEqual([
      { workspace: 'w1', logsFrom: '2026-10-01', cookie: '7' },
      { workspace: 'w1', logsFrom: '2026-10-01', cookie: '7', upTo: '9', cursor: '1' },
    ]);
  });

  it('turns a network failure into a result worth retrying, and a refusal into one that is not', async () => {
    const offline = createTransport({
      apiBase: '',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const failed = await offline.workspaces();
    expect(failed).toMatchObject({ ok: false, status: 0, error: 'network' });
    expect(worthRetrying({ status: 0 })).toBe(true);
    expect(worthRetrying({ status: 503 })).toBe(true);
    expect(worthRetrying({ status: 429 })).toBe(true);
    expect(worthRetrying({ status: 403 })).toBe(false);
    expect(worthRetrying({ status: 409 })).toBe(false);
  });

  it('abandons calls under way when disposed', async () => {
    let signal: AbortSignal | undefined;
    const transport = createTransport({
      apiBase: '',
      fetch: (_input, init) => {
        signal = init?.signal ?? undefined;
        return new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('gone', 'AbortError'))),
        );
      },
    });
    const pending = transport.workspaces();
    transport.dispose();
    expect(signal?.aborted).toBe(true);
    expect(await pending).toMatchObject({ ok: false, status: 0 });
  });

  it('waits twice as long after each failure, from 1 s up to 60 s, and again 1 s once answered', () => {
    const clock = manualClock();
    const backoff = createBackoff(clock);
    const waits: number[] = [];
    let tries = 0;
    for (let i = 0; i < 8; i += 1) {
      waits.push(backoff.next());
      backoff.schedule(() => (tries += 1));
      clock.advance(backoff.next());
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(tries).toBe(8);
    backoff.reset();
    expect(backoff.next()).toBe(1000);
    backoff.schedule(() => (tries += 1));
    backoff.cancel();
    clock.advance(120_000);
    expect(tries).toBe(8);
    expect(clock.pending()).toBe(0);
  });
});

describe('sync engine retries', () => {
  let failing = 0;
  beforeEach(() => {
    resetServer();
    failing = 0;
  });
  afterEach(() => resetServer());

  it('tries a push again after 1 s, then 2 s, and delivers it once the server answers', async () => {
    const clock = manualClock();
    const deps = fakeDeps({
      clock,
      fetch: asFetch((url, init) => {
        if (url.includes('/sync/push') && failing > 0) {
          failing -= 1;
          return Promise.resolve(json({ error: 'unavailable', message: 'Busy.' }, 503));
        }
        return fakeFetch(url, init);
      }),
    });
    const engine = createSyncEngine(deps);
    await engine.startSync(user);
    await expect.poll(() => engine.$status.get().phase).toBe('saved');
    failing = 2;
    engine.enqueueMutations([
      { name: 'createClient', record: 'client:a', args: { id: 'a', fields: { name: 'Acme' } } },
    ]);
    // Refused once: a retry waits beside the 30 s poll of a device without a poke stream.
    await expect.poll(() => clock.pending()).toBe(2);
    expect([failing, server.pushed.length]).toEqual([1, 0]);
    clock.advance(999);
    expect(failing).toBe(1);
    clock.advance(1);
    await expect.poll(() => failing).toBe(0);
    await expect.poll(() => clock.pending()).toBe(2);
    clock.advance(1999);
    expect(server.pushed).toEqual([]);
    clock.advance(1);
    await expect.poll(() => server.pushed.length).toBe(1);
    await expect.poll(() => engine.$status.get()).toMatchObject({ phase: 'saved', pending: 0 });
    engine.dispose();
    expect(clock.pending()).toBe(0);
  });

  it('says offline while the network is down, and pushes at once when it is back', async () => {
    const clock = manualClock();
    let down = false;
    const deps = fakeDeps({
      clock,
      fetch: asFetch((url, init) =>
        down ? Promise.reject(new TypeError('Failed to fetch')) : fakeFetch(url, init),
      ),
    });
    const engine = createSyncEngine(deps);
    await engine.startSync(user);
    await expect.poll(() => engine.$status.get().phase).toBe('saved');
    down = true;
    engine.enqueueMutations([
      { name: 'createClient', record: 'client:a', args: { id: 'a', fields: { name: 'Acme' } } },
    ]);
    await expect.poll(() => engine.$status.get()).toMatchObject({ phase: 'offline', pending: 1 });
    down = false;
    deps.events.dispatchEvent(new Event('online'));
    await expect.poll(() => server.pushed.length).toBe(1);
    await expect.poll(() => engine.$status.get()).toMatchObject({ phase: 'saved', pending: 0 });
    engine.dispose();
    expect(clock.pending()).toBe(0);
  });
});
