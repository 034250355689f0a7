import { addDays } from '../day';

/**
 * The browser's cache keeps the time logs of the last 8 weeks (plus logs with changes not yet
 * pushed and logs fetched for a day being looked at); older logs stay on the server, which
 * answers every figure that needs them (docs/data-model.md, "The browser's cache").
 */
export const CACHE_WINDOW_DAYS = 56;

/** The first day whose logs the cache holds, for a device whose today is `today`. */
export function cacheWindowStart(today: string): string {
  return addDays(today, -CACHE_WINDOW_DAYS);
}

/**
 * The logs a cache keeps when it opens: those of the window, undated ones from the original app,
 * those that changes not yet confirmed touch, and those `also` names (fetched to be looked at).
 */
export function logsInWindow<T extends { id: string; date: string }>(
  logs: readonly T[],
  start: string,
  pendingRecords: ReadonlySet<string>,
  also: ReadonlySet<string> = new Set(),
): T[] {
  return logs.filter(
    (log) =>
      !log.date || log.date >= start || pendingRecords.has(`timeLog:${log.id}`) || also.has(log.id),
  );
}
