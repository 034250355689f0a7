import {
  setPersistentEngine,
  windowPersistentEvents,
  type PersistentListener as StorageListener,
} from '@nanostores/persistent';
import { dismissStorageNotice, reportStorageNotice } from './storage-notices';
import {
  guardUnsavedWrites,
  markSaved,
  markUnsaved,
  type WriteFailure,
  type WriteResult,
} from './unsaved-writes';

export type { WriteFailure, WriteResult };

// Values the browser refused to store, by key: this tab's only copy until a later write succeeds.
const heldInMemory = new Map<string, string>();

/** Reads a raw value from localStorage, or null when storage is unavailable. */
export function readRaw(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

// While another tab leads sync, this tab's writes to the keys it shares with it stay here (the
// leader writes those keys, with this tab's changes taken from its hand-off, ./sync/hand-off.ts):
// two tabs writing one key at once would keep only one of their changes.
let heldKeys: ReadonlySet<string> | null = null;
const heldForLeader = new Map<string, string>();

/**
 * Holds this tab's writes to `keys` in memory (another tab leads and writes them), or, given
 * null, stops holding and writes what it held (this tab leads now, and its view is the newest),
 * unless `write` is false (sync stopped in this tab: the leader's values stand).
 */
export function holdWritesOf(keys: ReadonlySet<string> | null, { write = true } = {}): void {
  heldKeys = keys;
  if (keys) return;
  const held = [...heldForLeader];
  heldForLeader.clear();
  if (write) for (const [key, value] of held) writeRaw(key, value);
}

/** The value this tab holds for `key`: one the browser refused (kept in memory), else the stored one. */
export function readKept(key: string): string | null {
  return heldForLeader.get(key) ?? heldInMemory.get(key) ?? readRaw(key);
}

/** Every key this tab holds a value for, stored or kept in memory after a refused write. */
export function keptKeys(): string[] {
  const keys = new Set(heldInMemory.keys());
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key !== null) keys.add(key);
    }
  } catch {
    // Storage unavailable: the values held in memory are all there is.
  }
  return [...keys];
}

function failureOf(error: unknown): WriteFailure {
  return error instanceof DOMException && error.name === 'QuotaExceededError'
    ? {
        reason: 'quota',
        message:
          'Your browser storage is full, so your latest change is kept in this tab only. Export your data now so nothing is lost.',
      }
    : {
        reason: 'refused',
        message:
          'Your browser refused to save your latest change, so it is kept in this tab only. Export your data now so nothing is lost.',
      };
}

/**
 * Writes a raw value. When the browser refuses (quota, storage disabled) the value is kept in
 * this tab's memory, the key counts as unsaved (so leaving the page asks first) and, unless
 * `report` is false, a storage notice tells the person. A later write that succeeds undoes all three.
 */
export function writeRaw(key: string, value: string, { report = true } = {}): WriteResult {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    const failure = failureOf(error);
    heldInMemory.set(key, value);
    markUnsaved(key, failure);
    if (report) {
      reportStorageNotice({ id: `quota-${key}`, kind: 'quota', key, message: failure.message });
    }
    return { saved: false, ...failure };
  }
  if (heldInMemory.delete(key)) {
    markSaved(key);
    dismissStorageNotice(`quota-${key}`);
  }
  return { saved: true };
}

/** Removes a stored value (and any value this tab held for it after a refused write). */
export function removeRaw(key: string): void {
  heldInMemory.delete(key);
  markSaved(key);
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to keep: a removal that fails leaves the old value, which is still readable.
  }
}

// @nanostores/persistent assigns to the engine directly, and a quota error thrown there would
// skip the in-memory update. This engine catches it: the change stays in memory and is reported.
// Reads see a refused value too, so the library never "restores" the stale stored one over it.
const store: Record<string, string> = {};
const engine = new Proxy(store, {
  get: (_target, key) => (typeof key === 'string' ? (readKept(key) ?? undefined) : undefined),
  set: (_target, key, value: string) => {
    if (typeof key !== 'string') return true;
    if (heldKeys?.has(key)) heldForLeader.set(key, value);
    else writeRaw(key, value);
    return true;
  },
  has: (_target, key) => typeof key === 'string' && readKept(key) !== null,
  deleteProperty: (_target, key) => {
    if (typeof key !== 'string') return true;
    heldForLeader.delete(key);
    if (!heldKeys?.has(key)) removeRaw(key);
    return true;
  },
});

// Stores stop listening a second after their last subscriber leaves; in a test environment
// that is torn down within that second, `window` is gone by then, so removal checks for it.
// The leader's write of a key replaces what this tab held for it (it carries this tab's changes).
const wrapped = new WeakMap<StorageListener, StorageListener>();
const leaderWrites = (listener: StorageListener): StorageListener => {
  let found = wrapped.get(listener);
  if (!found) {
    found = (event) => {
      // A storage event's key is null when another tab cleared all of storage.
      if (typeof event.key === 'string') heldForLeader.delete(event.key);
      else heldForLeader.clear();
      listener(event);
    };
    wrapped.set(listener, found);
  }
  return found;
};
const events: typeof windowPersistentEvents = {
  addEventListener: (key, listener, restore) =>
    windowPersistentEvents.addEventListener(key, leaderWrites(listener), restore),
  removeEventListener: (key, listener, restore) => {
    if (typeof window !== 'undefined')
      windowPersistentEvents.removeEventListener(key, leaderWrites(listener), restore);
  },
};

let installed = false;
/** Routes every persistent store through the quota-safe engine (idempotent). */
export function installStorageEngine(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setPersistentEngine(engine, events);
  guardUnsavedWrites();
}
