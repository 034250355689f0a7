import { mergeServerLogs, windowStart } from './older-logs';
import { fetchLogs } from './sync/log-reads';

// Fetching a day before the cache's window, loaded when Track shows one (issue 29's budget:
// a first visit shows today).

const loadedDays = new Set<string>();

/**
 * Makes sure the cache holds the logs of `day` when it lies before the window (Track showing an
 * old day): fetched once per page load, then edited like any other. Says whether it could.
 */
export async function loadOldDay(day: string): Promise<'cached' | 'loaded' | 'offline'> {
  if (!day || day >= windowStart() || loadedDays.has(day)) return 'cached';
  const result = await fetchLogs({ from: day, to: day, limit: 5000 });
  if (!result.ok) return 'offline';
  loadedDays.add(day);
  mergeServerLogs(result.data.logs);
  return 'loaded';
}
