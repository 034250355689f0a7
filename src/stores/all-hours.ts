import { atom, computed } from 'nanostores';
import { filterLogs, groupByDay, type LogFilter } from '../lib/log-filter';
import { sumTotals } from '../lib/totals';
import { $economyContext } from './economy';
import { $timeLogs } from './time-logs';

/** The /allHours filter (date range, client, project, task, member, tag, text). */
export const $allHoursFilter = atom<LogFilter>({});

/** How many logs are drawn; more appear on request so 10,000 logs still open quickly. */
export const PAGE_SIZE = 200;
export const $allHoursLimit = atom(PAGE_SIZE);

/**
 * Logs matching the filter with totals of all of them; `groups` holds the first `limit` logs
 * grouped by day newest first (day totals always count the whole day).
 */
export const $allHoursView = computed(
  [$timeLogs, $allHoursFilter, $economyContext, $allHoursLimit],
  (logs, filter, context, limit) => {
    const shown = filterLogs(logs, filter, context);
    let budget = limit;
    const groups = [];
    for (const group of groupByDay(shown)) {
      if (budget <= 0) break;
      groups.push(
        budget >= group.logs.length ? group : { ...group, logs: group.logs.slice(0, budget) },
      );
      budget -= group.logs.length;
    }
    return {
      shown,
      groups,
      hidden: Math.max(0, shown.length - limit),
      totals: sumTotals(shown, context),
    };
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
