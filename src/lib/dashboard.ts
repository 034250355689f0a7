// What the dashboard draws from the server's reports: the days of a week with billable and
// non-billable hours, and the first entries of a ranking.
import { addDays } from './day';
import type { ReportGroup } from './report-spec';

export interface DayBar {
  day: string;
  billableSeconds: number;
  otherSeconds: number;
}

/**
 * Seven days from `from`, each with its billable and non-billable tracked seconds, from a report
 * grouped by day and then billable (days without logs are zero).
 */
export function weekBars(from: string, groups: readonly ReportGroup[]): DayBar[] {
  const byDay = new Map(groups.map((g) => [g.key, g]));
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(from, i);
    const children = byDay.get(day)?.children ?? [];
    const seconds = (key: string) => children.find((c) => c.key === key)?.totals.seconds ?? 0;
    return { day, billableSeconds: seconds('yes'), otherSeconds: seconds('no') };
  });
}

/** The `n` groups with the most tracked time, most first. */
export function topGroups(groups: readonly ReportGroup[], n: number): ReportGroup[] {
  return [...groups]
    .sort((a, b) => b.totals.seconds - a.totals.seconds || a.label.localeCompare(b.label))
    .slice(0, n);
}
