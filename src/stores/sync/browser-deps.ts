import { forgetAccess, rememberAccess } from '../access';
import { forgetSession } from '../auth';
import { keepAside } from '../keep-aside';
import { onLocalChange } from '../local-changes';
import {
  fetchedLogsMissingFrom,
  mergeServerLogs,
  PULLED_EVENT,
  trimOldLogs,
  windowStart,
} from '../older-logs';
import { holdWritesOf, keptKeys, readRaw, removeRaw, writeRaw } from '../storage-engine';
import { $timer, TIMER_KEY } from '../timer';
import { keyOfList, readCache, writeCache } from './cache';
import { NOTICES_ARRIVED, type DeviceCache, type SyncDeps, type SyncStatus } from './deps';
import { stashLegacyData } from './legacy-stash';
import { $cacheOwner } from './owner';
import type { WritableAtom } from 'nanostores';

/** The device's cache as the stores hold it: the documented keys, the stopwatch, the owner. */
export function browserCache(): DeviceCache {
  /** The keys the leading tab writes for every tab: the cached lists and the stopwatch. */
  const sharedKeys: ReadonlySet<string> = new Set([...Object.values(keyOfList), TIMER_KEY]);
  return {
    read: readCache,
    timer: () => $timer.get(),
    write: writeCache,
    holdWrites: (mode) =>
      holdWritesOf(mode === 'hold' ? sharedKeys : null, { write: mode === 'write' }),
    owner: $cacheOwner,
    onChange: onLocalChange,
    windowStart: () => windowStart(),
    trimOldLogs: (owner) => trimOldLogs(owner),
    keepFetchedLogs: (before, after) =>
      mergeServerLogs(fetchedLogsMissingFrom(before.logs, after.logs)),
    pulled: () => window.dispatchEvent(new Event(PULLED_EVENT)),
    stashLegacy: stashLegacyData,
  };
}

/**
 * The browser's own dependencies for the app's engine: fetch, the quota-safe localStorage, Web
 * Locks, EventSource, the window's timers and events. Each is read when called, so a test's
 * stand-in (a stubbed global) is the one used.
 */
export function browserDeps(status: WritableAtom<SyncStatus>): SyncDeps {
  return {
    fetch: (input, init) => fetch(input, init),
    apiBase: (import.meta.env.PUBLIC_API_URL as string | undefined) ?? '',
    storage: {
      read: readRaw,
      write: (key, value) => void writeRaw(key, value),
      remove: removeRaw,
      keys: keptKeys,
    },
    onCorrupt: (key, raw) => keepAside(key, raw, 0, null),
    clock: {
      now: () => new Date(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (run, ms) => setInterval(run, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
    locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null,
    EventSource: typeof EventSource === 'undefined' ? null : EventSource,
    cache: browserCache(),
    account: { signedOut: forgetSession, forgetAccess, rememberAccess },
    page: {
      events: window,
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
      reload: () => window.location.reload(),
      noticed: () => window.dispatchEvent(new Event(NOTICES_ARRIVED)),
    },
    status,
  };
}
