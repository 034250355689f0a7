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
