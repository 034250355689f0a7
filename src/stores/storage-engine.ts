import { setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import { reportStorageNotice } from './storage-notices';

/** Reads a raw value from localStorage, or null when storage is unavailable. */
export function readRaw(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a raw value; returns false (and reports it) when the browser refuses, e.g. quota. */
export function writeRaw(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (error) {
    reportStorageNotice({
      id: `quota-${key}`,
      kind: 'quota',
      key,
      message:
        error instanceof DOMException && error.name === 'QuotaExceededError'
          ? 'Your browser storage is full, so your latest change is kept in this tab only. Export your data now so nothing is lost.'
          : 'Your browser refused to save your latest change, so it is kept in this tab only. Export your data now so nothing is lost.',
    });
    return false;
  }
}

function removeRaw(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to keep: a removal that fails leaves the old value, which is still readable.
  }
}

// @nanostores/persistent assigns to the engine directly, and a quota error thrown there would
// skip the in-memory update. This engine catches it: the change stays in memory and is reported.
const store: Record<string, string> = {};
const engine = new Proxy(store, {
  get: (_target, key) => (typeof key === 'string' ? (readRaw(key) ?? undefined) : undefined),
  set: (_target, key, value: string) => {
    if (typeof key === 'string') writeRaw(key, value);
    return true;
  },
  has: (_target, key) => typeof key === 'string' && readRaw(key) !== null,
  deleteProperty: (_target, key) => {
    if (typeof key === 'string') removeRaw(key);
    return true;
  },
});

let installed = false;
/** Routes every persistent store through the quota-safe engine (idempotent). */
export function installStorageEngine(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setPersistentEngine(engine, windowPersistentEvents);
}
