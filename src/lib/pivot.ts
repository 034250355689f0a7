// The team pivot: team members against days, weeks or months, from a report grouped by member
// and then by the period; every period of the range is a column, empty ones included.
import { addDays } from './day';
import type { ReportGroup, ReportTotals } from './report-spec';
import { weekStartOf } from './workspace-rules';

export type Period = 'day' | 'week' | 'month';

/** The keys of every period from `from` to `to`, as the report's keys read them. */
export function periodKeys(period: Period, from: string, to: string, weekStart: number): string[] {
  const keys: string[] = [];
  if (period === 'day') for (let d = from; d <= to; d = addDays(d, 1)) keys.push(d);
  else if (period === 'week')
    for (let d = weekStartOf(from, weekStart); d <= to; d = addDays(d, 7)) keys.push(d);
  else
    for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
      keys.push(m);
      const [year, month] = m.split('-').map(Number) as [number, number];
      m = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    }
  return keys;
}

export interface PivotRow {
  key: string;
  label: string;
  cells: (ReportTotals | null)[];
  total: ReportTotals;
}

/** Rows of members with a cell per period (null where they logged nothing), in `columns` order. */
export function pivotRows(groups: readonly ReportGroup[], columns: readonly string[]): PivotRow[] {
  return groups.map((g) => {
    const byKey = new Map((g.children ?? []).map((c) => [c.key, c.totals]));
    return {
      key: g.key,
      label: g.label,
      cells: columns.map((k) => byKey.get(k) ?? null),
      total: g.totals,
    };
  });
}

/** The last day of the period that starts `key` (a day, a week's first day or 'YYYY-MM'). */
export function periodEnd(period: Period, key: string): string {
  if (period === 'day') return key;
  if (period === 'week') return addDays(key, 6);
  const [year, month] = key.split('-').map(Number) as [number, number];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** The column totals: each period's figures summed over the rows. */
export function columnTotals(
  rows: readonly PivotRow[],
  columns: number,
  pick: (t: ReportTotals) => number,
): number[] {
  const sums = Array.from({ length: columns }, () => 0);
  for (const row of rows)
    row.cells.forEach((cell, i) => (sums[i] = (sums[i] ?? 0) + (cell ? pick(cell) : 0)));
  return sums;
}
