import type { WritableAtom } from 'nanostores';
import type { Access } from '../../lib/abilities';
import type { LocalRecords } from '../../lib/sync/local-records';
import type { Timer } from '../../lib/sync/rebase';
import type { LocalEvent } from '../local-changes';
import type { CacheOwner } from './owner';
import type { Refusal } from './state';

/**
 * What the sync engine is built from. The app passes the browser's own (./browser-deps.ts);
 * tests pass stand-ins, so two engines can share one process, each with its own storage, server
 * connection and clock, and be disposed without leaving work behind.
 */

/** Key-value storage for the sync state (localStorage in the browser). */
export interface SyncStorage {
  read: (key: string) => string | null;
  write: (key: string, value: string) => void;
  remove: (key: string) => void;
  /** Every key stored (the leader looks for other tabs' hand-offs, ./hand-off.ts). */
  keys: () => string[];
}

/** Timers and the time, so tests can move them. */
export interface Clock {
  now: () => Date;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** The part of the Web Locks API the leader tab uses. */
export interface Locks {
  request: (
    name: string,
    options: { signal: AbortSignal },
    granted: () => Promise<void>,
  ) => Promise<unknown>;
}

/** The part of an EventSource the poke stream uses. */
export interface PokeSource {
  readonly readyState: number;
  close: () => void;
  /** A listener hears the event: for `poke` and `changes`, a MessageEvent with its `data` text. */
  addEventListener: (type: string, listener: (event: Event) => void) => void;
}

/** Opens a Server-Sent Events stream (the browser's EventSource). */
export type OpenPokeSource = new (url: string, init: { withCredentials: boolean }) => PokeSource;

/**
 * The device's cache of the workspace as the engine reads and replaces it: the records under the
 * documented keys, the stopwatch, the owner marker, and the changes a person makes to them.
 */
export interface DeviceCache {
  read: () => LocalRecords;
  timer: () => Timer;
  /** Stores records that came from the server (not reported as changes). */
  write: (records: LocalRecords, timer?: Timer) => void;
  /**
   * While another tab leads, this tab's writes to the shared keys stay in its memory (the leader
   * writes them, with this tab's changes taken from its hand-off); `write` stops holding and
   * writes what was held (this tab leads now), `drop` stops holding and forgets it (sync ended).
   */
  holdWrites: (mode: 'hold' | 'write' | 'drop') => void;
  /** The account and workspace the cache belongs to (shared by every tab in the browser). */
  owner: WritableAtom<CacheOwner | null>;
  /** Changes a person made (key, before, after); the returned function stops listening. */
  onChange: (receive: (event: LocalEvent) => void) => () => void;
  /** The first day of the cache window (a first pull brings logs from it on). */
  windowStart: () => string;
  /** Drops logs older than the window that no pending change touches. */
  trimOldLogs: (owner: CacheOwner) => void;
  /** After a first pull replaced the cache: logs fetched to show an old day come back. */
  keepFetchedLogs: (before: LocalRecords, after: LocalRecords) => void;
  /** A pull brought changes: screens showing the server's figures ask again. */
  pulled: () => void;
  /** Records found without an owner, set aside for the person to upload. */
  stashLegacy: (records: LocalRecords) => void;
}

/** The signed-in person's session and role, as a push or pull answer changes them. */
export interface AccountHooks {
  /** The server said 401: the session is gone. */
  signedOut: () => void;
  /** The server said 403: no longer a member, so no role to act in. */
  forgetAccess: () => void;
  /** What the last pull said about the person's place in the workspace. */
  rememberAccess: (owner: CacheOwner, access: Access) => void;
}

/** The page around the engine: network and storage events, and reloading. */
export interface PageHooks {
  /** Where `online`, `offline` and `storage` events arrive (the window). */
  events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isOnline: () => boolean;
  /** Every screen starts again (after the workspace changed). */
  reload: () => void;
  /** A notice for this person arrived on the poke stream (the bell reads its notices again). */
  noticed?: () => void;
}

/** The window event the app's engine raises when a notice arrives (src/ui/shell/NoticesBell.tsx). */
export const NOTICES_ARRIVED = 'hourmark:notices-arrived';

/** What the shell says about sync. */
export interface SyncStatus {
  phase: 'starting' | 'saved' | 'saving' | 'offline' | 'error';
  /** Changes made here that the server has not confirmed. */
  pending: number;
  /** What the server refused, for the person to read. */
  refusals: Refusal[];
  /** A problem that stops syncing (signed out elsewhere, no access), in words. */
  problem: string | null;
}

/** The status before the engine has said anything. */
export const startingStatus = (): SyncStatus => ({
  phase: 'starting',
  pending: 0,
  refusals: [],
  problem: null,
});

/** Everything `createSyncEngine` needs. */
export interface SyncDeps {
  /** This tab's id among the browser's tabs (a new one per page load when not given). */
  tabId?: string;
  fetch: typeof fetch;
  /** Origin of the API ('' for the page's own). */
  apiBase: string;
  storage: SyncStorage;
  /** Reports an unreadable stored sync state, once; the outbox has copied it aside already. */
  onCorrupt: (key: string, raw: string) => void;
  clock: Clock;
  /** Absent: this tab leads alone (no Web Locks). */
  locks: Locks | null;
  /** Absent: the device asks every 30 s instead of holding a stream. */
  EventSource: OpenPokeSource | null;
  cache: DeviceCache;
  account: AccountHooks;
  page: PageHooks;
  /** Where the status is published (the app passes its `$syncStatus`); a new atom otherwise. */
  status?: WritableAtom<SyncStatus>;
}
