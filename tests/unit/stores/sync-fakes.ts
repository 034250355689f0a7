// Stand-ins for what the sync engine is built from (src/stores/sync/deps.ts): storage, a clock
// whose timers a test moves, Web Locks shared by "tabs", an EventSource the test drives, and a
// device cache in memory. Each engine gets its own, so tests can run several side by side.
import { atom } from 'nanostores';
import { toDay } from '../../../src/lib/day';
import { cacheWindowStart } from '../../../src/lib/sync/cache-window';
import type { LocalRecords } from '../../../src/lib/sync/local-records';
import type { Timer } from '../../../src/lib/sync/rebase';
import type { LocalChange, LocalEvent } from '../../../src/stores/local-changes';
import type { CommandName } from '../../../src/lib/commands/catalog';
import type {
  Clock,
  DeviceCache,
  Locks,
  PokeSource,
  SyncDeps,
  SyncStorage,
} from '../../../src/stores/sync/deps';
import type { CacheOwner } from '../../../src/stores/sync/owner';

/** Storage in a Map, with the map to look at. */
export function memoryStorage(): SyncStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    read: (key) => map.get(key) ?? null,
    write: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

/**
 * localStorage as tabs of one browser see it: each tab reads its own copy, which another tab's
 * write reaches only when the test calls `deliver()` (as the browser sends it on later), with a
 * storage event in each other tab, as the browser fires it.
 */
export function laggingStorage() {
  const views: { map: Map<string, string>; events: EventTarget }[] = [];
  let queued: { from: number; key: string; value: string | null }[] = [];
  return {
    tab(events: EventTarget): SyncStorage {
      const index = views.length;
      const map = new Map(views[0]?.map ?? []);
      views.push({ map, events });
      const put = (key: string, value: string | null) => {
        if (value === null) map.delete(key);
        else map.set(key, value);
        queued.push({ from: index, key, value });
      };
      return {
        read: (key) => map.get(key) ?? null,
        write: (key, value) => put(key, value),
        remove: (key) => put(key, null),
        keys: () => [...map.keys()],
      };
    },
    deliver(): void {
      const now = queued;
      queued = [];
      for (const { from, key, value } of now)
        views.forEach((view, index) => {
          if (index === from) return;
          if (value === null) view.map.delete(key);
          else view.map.set(key, value);
          view.events.dispatchEvent(Object.assign(new Event('storage'), { key }));
        });
    },
  };
}

/** A clock whose timers run only when the test moves it on, and that says what is pending. */
export function manualClock(start = new Date('2026-11-25T09:00:00Z')) {
  let now = start.getTime();
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number | null; run: () => void }>();
  const clock: Clock & { advance: (ms: number) => void; pending: () => number } = {
    now: () => new Date(now),
    setTimeout: (run, ms) => {
      timers.set(nextId, { at: now + ms, every: null, run });
      return nextId++;
    },
    setInterval: (run, ms) => {
      timers.set(nextId, { at: now + ms, every: ms, run });
      return nextId++;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    clearInterval: (id) => void timers.delete(id as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.run();
      }
      now = end;
    },
    pending: () => timers.size,
  };
  return clock;
}

/** The real clock, with a count of the timers still set (none should be, after dispose). */
export function countingClock(): Clock & { pending: () => number } {
  const live = new Set<unknown>();
  return {
    now: () => new Date(),
    setTimeout: (run, ms) => {
      const handle: ReturnType<typeof setTimeout> = setTimeout(() => {
        live.delete(handle);
        run();
      }, ms);
      live.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      live.delete(handle);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    setInterval: (run, ms) => {
      const handle = setInterval(run, ms);
      live.add(handle);
      return handle;
    },
    clearInterval: (handle) => {
      live.delete(handle);
      clearInterval(handle as ReturnType<typeof setInterval>);
    },
    pending: () => live.size,
  };
}

/** Web Locks as one browser's tabs share them: one holder per name, the rest wait in line. */
export function sharedLocks(): Locks & { holders: () => number } {
  const lines = new Map<string, { granted: () => Promise<void>; done: () => void }[]>();
  const held = new Set<string>();
  function next(name: string): void {
    if (held.has(name)) return;
    const first = lines.get(name)?.shift();
    if (!first) return;
    held.add(name);
    void first.granted().then(() => {
      held.delete(name);
      first.done();
      next(name);
    });
  }
  return {
    request: (name, { signal }, granted) =>
      new Promise<void>((resolve, reject) => {
        const entry = { granted, done: resolve };
        lines.set(name, [...(lines.get(name) ?? []), entry]);
        signal.addEventListener('abort', () => {
          const line = lines.get(name) ?? [];
          if (!line.includes(entry)) return;
          lines.set(
            name,
            line.filter((e) => e !== entry),
          );
          reject(new DOMException('withdrawn', 'AbortError'));
        });
        next(name);
      }),
    holders: () => held.size,
  };
}

/** An EventSource the test drives: `accept()`, `poke()`, `refuse()`; every one opened is kept. */
export class FakeEventSource extends EventTarget implements PokeSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
  /** The server took the stream and said it is live. */
  accept() {
    this.readyState = 1;
    this.dispatchEvent(new Event('ready'));
  }
  poke() {
    this.dispatchEvent(new Event('poke'));
  }
  /** An event with `data` as the server writes it (JSON text, or whatever a test gives). */
  send(type: string, data: unknown) {
    this.dispatchEvent(
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  /** The server answered with something other than a stream: the browser gives up on it. */
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
}

const empty = (): LocalRecords => ({ clients: [], projects: [], tasks: [], members: [], logs: [] });

/** A device's cache in memory; `change` plays a person's edit, as a store action reports it. */
export function memoryCache(): DeviceCache & {
  change: (key: string, before: unknown, after: unknown) => void;
  command: (name: CommandName, args: Record<string, unknown>, changes: LocalChange[]) => void;
  pulls: number;
} {
  let records = empty();
  let timer: Timer = { status: 'idle' };
  const receivers = new Set<(event: LocalEvent) => void>();
  // What a store writes under each documented key, as the cache holds it.
  const apply = ({ key, after }: LocalChange) => {
    if (key === 'runningTimer') timer = after as Timer;
    if (key === 'clients') records = { ...records, clients: after as LocalRecords['clients'] };
    if (key === 'taskData') records = { ...records, logs: after as LocalRecords['logs'] };
  };
  const cache = {
    pulls: 0,
    read: () => records,
    timer: () => timer,
    write(next: LocalRecords, nextTimer?: Timer) {
      records = next;
      if (nextTimer) timer = nextTimer;
    },
    holdWrites: () => {},
    owner: atom<CacheOwner | null>(null),
    onChange(receive: (event: LocalEvent) => void) {
      receivers.add(receive);
      return () => void receivers.delete(receive);
    },
    windowStart: () => cacheWindowStart(toDay(new Date())),
    trimOldLogs: () => {},
    keepFetchedLogs: () => {},
    pulled() {
      cache.pulls += 1;
    },
    stashLegacy: () => {},
    change(key: string, before: unknown, after: unknown) {
      apply({ key, before, after });
      for (const receive of receivers) receive({ key, before, after });
    },
    /** A store action run as a named command: its changes applied here, sent as one command. */
    command(name: CommandName, args: Record<string, unknown>, changes: LocalChange[]) {
      changes.forEach(apply);
      for (const receive of receivers) receive({ command: { name, args }, changes });
    },
  };
  return cache;
}

/** Dependencies of one engine, all stand-ins; pass what a test needs instead. */
export function fakeDeps(overrides: Partial<SyncDeps> = {}): SyncDeps & {
  storage: ReturnType<typeof memoryStorage>;
  cache: ReturnType<typeof memoryCache>;
  events: EventTarget;
} {
  const events = new EventTarget();
  const base = {
    fetch: () => Promise.reject(new Error('no server in this test')),
    apiBase: '',
    storage: memoryStorage(),
    onCorrupt: () => {},
    clock: manualClock(),
    locks: null,
    EventSource: null,
    cache: memoryCache(),
    account: { signedOut: () => {}, forgetAccess: () => {}, rememberAccess: () => {} },
    page: { events, isOnline: () => true, reload: () => {} },
    events,
  };
  return { ...base, ...overrides } as SyncDeps & typeof base;
}

/** A fetch answered by `answer`, which gets the address as a string and the request's init. */
export function asFetch(
  answer: (url: string, init?: { body?: string; method?: string }) => Promise<Response>,
): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return answer(url, { ...(body === undefined ? {} : { body }), method: init?.method ?? 'GET' });
  };
}
