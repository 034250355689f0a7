import { atom, computed } from 'nanostores';
import { filterLogs, groupByDay, type LogFilter } from '../lib/log-filter';
import { sumTotals } from '../lib/totals';
import { $economyContext } from './economy';
import { $timeLogs } from './time-logs';

/** The /allHours filter (date range, client, project, task, member, tag, text). */
export const $allHoursFilter = atom<LogFilter>({});

/** Logs matching the filter, grouped by day newest first, with totals of what is shown. */
export const $allHoursView = computed([$timeLogs, $allHoursFilter, $economyContext], (logs, filter, context) => {
  const shown = filterLogs(logs, filter, context);
  return { shown, groups: groupByDay(shown), totals: sumTotals(shown, context) };
});

/** Changes one part of the filter; an empty value clears it. */
export function setAllHoursFilter<K extends keyof LogFilter>(key: K, value: LogFilter[K] | ''): void {
  const next = { ...$allHoursFilter.get() };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  $allHoursFilter.set(next);
}
