import type { TimeLog } from './entities/time-log';
import { htmlToText } from './html-text';
import { inRange } from './day';
import type { Lookups } from './totals';

/** What /allHours can filter by; every part is optional. */
export interface LogFilter {
  from?: string;
  to?: string;
  clientId?: string;
  projectId?: string;
  taskId?: string;
  memberId?: string;
  tag?: string;
  text?: string;
}

/** The tags of a log (SPEC.md stores them as one comma-separated text). */
export function tagsOf(log: Pick<TimeLog, 'tags'>): string[] {
  return log.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Every distinct tag used, sorted. */
export function allTags(logs: readonly Pick<TimeLog, 'tags'>[]): string[] {
  return [...new Set(logs.flatMap(tagsOf))].sort((a, b) => a.localeCompare(b));
}

/** Logs matching every part of the filter, in their stored order. */
export function filterLogs<T extends TimeLog>(
  logs: readonly T[],
  filter: LogFilter,
  lookups: Lookups,
): T[] {
  const needle = filter.text?.trim().toLowerCase() ?? '';
  const tag = filter.tag?.toLowerCase();
  return logs.filter((log) => {
    // An undated old record ('' sorts before every day) is in no date range.
    if (
      (filter.from || filter.to) &&
      (log.date === '' || !inRange(log.date, filter.from, filter.to))
    )
      return false;
    if (filter.projectId && log.projectId !== filter.projectId) return false;
    if (filter.taskId && log.taskId !== filter.taskId) return false;
    if (filter.memberId && log.memberId !== filter.memberId) return false;
    if (filter.clientId) {
      const project = log.projectId ? lookups.projectsById.get(log.projectId) : undefined;
      if (project?.clientId !== filter.clientId) return false;
    }
    if (tag && !tagsOf(log).some((t) => t.toLowerCase() === tag)) return false;
    if (needle) {
      const haystack =
        `${log.client} ${log.task} ${log.tags} ${htmlToText(log.desc)}`.toLowerCase();
      if (!haystack.includes(needle)) return false;
    }
    return true;
  });
}

/** Logs grouped by day, newest day first (undated old records last), with each day's seconds. */
export function groupByDay<T extends Pick<TimeLog, 'date' | 'dur'>>(
  logs: readonly T[],
): { day: string; logs: T[]; seconds: number }[] {
  const groups = new Map<string, { day: string; logs: T[]; seconds: number }>();
  for (const log of logs) {
    let group = groups.get(log.date);
    if (!group) {
      group = { day: log.date, logs: [], seconds: 0 };
      groups.set(log.date, group);
    }
    group.logs.push(log);
    group.seconds += log.dur;
  }
  return [...groups.values()].sort((a, b) =>
    a.day === '' ? 1 : b.day === '' ? -1 : b.day.localeCompare(a.day),
  );
}
