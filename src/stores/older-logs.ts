import { cacheWindowStart, logsInWindow } from '../lib/sync/cache-window';
import type { TimeLog } from '../lib/entities/time-log';
import { toDay } from '../lib/day';
import { newestLogFirst } from '../lib/sync/local-records';
import { readCache, writeCache } from './sync/cache';
import { $cacheOwner, type CacheOwner } from './sync/owner';
import { readSyncState } from './sync/state';

/**
 * Logs older than the cache window, as the page uses them (Track on an old day, All hours,
 * Projects). What this page fetched is page-wide state, so this module lives beside the stores
 * rather than in src/stores/sync, whose parts hold no module-level state.
 */

/** Sent on `window` after a pull brought changes: the server's figures may be new too. */
export const PULLED_EVENT = 'hourmark:pulled';

/** The first day of the cache window today. */
export const windowStart = (now = new Date()) => cacheWindowStart(toDay(now));

/** Record keys (`timeLog:id`) that changes not yet confirmed by the server touch. */
function pendingKeys(owner: CacheOwner): Set<string> {
  const state = readSyncState(owner);
  return new Set([
    ...state.outbox.flatMap((m) => m.steps ?? [m]).map((m) => m.record),
    ...Object.keys(state.bases),
  ]);
}

/**
 * Drops cached logs older than the window that no pending change touches (logs fetched to look
 * at an old day, or edited on another device, come back to the server's keeping this way).
 */
export function trimOldLogs(owner: CacheOwner, now = new Date()): void {
  const start = windowStart(now);
  const pending = pendingKeys(owner);
  const cache = readCache();
  const kept = logsInWindow(cache.logs, start, pending, fetchedHere);
  if (kept.length !== cache.logs.length) writeCache({ ...cache, logs: kept });
}

/** Logs this page fetched to show an old day: kept until the page is left, even by a trim. */
const fetchedHere = new Set<string>();

/**
 * Logs of old days this page fetched that are not in `logs` (the cache after a first pull, which
 * brings only the window's logs), to add back: they were not deleted, only left out.
 */
export function fetchedLogsMissingFrom(
  before: readonly TimeLog[],
  after: readonly TimeLog[],
): TimeLog[] {
  const present = new Set(after.map((log) => log.id));
  return before.filter((log) => fetchedHere.has(log.id) && !present.has(log.id));
}

/** Whether this page fetched the log into the cache (so its absence now means it was removed). */
export const fetchedThisPage = (id: string): boolean => fetchedHere.has(id);

/** Adds logs fetched from the server to the cache, unless it holds them or changes wait on them. */
export function mergeServerLogs(logs: readonly TimeLog[]): void {
  const owner = $cacheOwner.get();
  if (!owner || logs.length === 0) return;
  const pending = pendingKeys(owner);
  const cache = readCache();
  const have = new Set(cache.logs.map((log) => log.id));
  const added = logs.filter((log) => !have.has(log.id) && !pending.has(`timeLog:${log.id}`));
  for (const log of logs) fetchedHere.add(log.id);
  if (added.length > 0)
    writeCache({ ...cache, logs: [...cache.logs, ...added].sort(newestLogFirst) });
}
