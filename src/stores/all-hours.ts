import { atom, computed } from 'nanostores';
import { filterLogs, groupByDay, type LogFilter } from '../lib/log-filter';
import { sumTotals } from '../lib/totals';
import { $economyContext } from './economy';
import { $timeLogs } from './time-logs';
import { $olderHours } from './all-hours-older';
import { fetchedThisPage } from './older-logs';
import type { TimeLog } from '../lib/entities/time-log';

/**
 * The server's older logs as this device has them now: a log fetched into the cache and
 * changed here (a bulk edit) shows the change, one removed here is gone, before the server's
 * next answer says the same.
 */
function olderAsCached(older: readonly TimeLog[], cached: readonly TimeLog[]): TimeLog[] {
  const byId = new Map(cached.map((log) => [log.id, log]));
  return older.flatMap((log) => byId.get(log.id) ?? (fetchedThisPage(log.id) ? [] : [log]));
}

/** The /allHours filter (date range, client, project, task, member, tag, text). */
export const $allHoursFilter = atom<LogFilter>({});

/** How many logs are drawn; more appear on request so 10,000 logs still open quickly. */
export const PAGE_SIZE = 200;
export const $allHoursLimit = atom(PAGE_SIZE);

/**
 * Logs matching the filter with totals of all of them; `groups` holds the first `limit` logs
 * grouped by day newest first (day totals always count the whole day). Logs of the
 * cache window come from the cache; older ones from the server ($olderHours), added after them.
 */
export const $allHoursView = computed(
  [$timeLogs, $allHoursFilter, $economyContext, $allHoursLimit, $olderHours],
  (logs, filter, context, limit, older) => {
    const recent = filterLogs(
      logs.filter((log) => !log.date || log.date >= older.before),
      filter,
      context,
    );
    const shown =
      older.logs.length > 0
        ? [...recent, ...filterLogs(olderAsCached(older.logs, logs), filter, context)]
        : recent;
    const count = recent.length + (older.totals?.logs ?? 0);
    let budget = limit;
    const groups = [];
    for (const whole of groupByDay(shown)) {
      if (budget <= 0) break;
      // An older day's total comes from the server: the page may hold only part of that day.
      const seconds = older.daySeconds[whole.day];
      const group = seconds === undefined ? whole : { ...whole, seconds };
      groups.push(
        budget >= group.logs.length ? group : { ...group, logs: group.logs.slice(0, budget) },
      );
      budget -= group.logs.length;
    }
    const totals = sumTotals(recent, context);
    if (older.totals) {
      totals.seconds += older.totals.seconds;
      totals.billableMinor += older.totals.billableMinor;
      totals.costMinor += older.totals.costMinor;
      totals.expensesMinor += older.totals.expensesMinor;
    }
    return { recent, shown, count, groups, hidden: Math.max(0, count - limit), totals, older };
  },
);

/** Draws the next page of logs. */
export function showMoreLogs(): void {
  $allHoursLimit.set($allHoursLimit.get() + PAGE_SIZE);
}

/** Changes one part of the filter; an empty value clears it. */
export function setAllHoursFilter<K extends keyof LogFilter>(
  key: K,
  value: LogFilter[K] | '',
): void {
  const next = { ...$allHoursFilter.get() };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  $allHoursFilter.set(next);
  $allHoursLimit.set(PAGE_SIZE);
}
