import { addDays } from './day';

// The Timesheet report's week grid: a row per project and task, a column per day of the week
// (from the workspace's week start), each cell the logs of that row on that day.

interface LogLike {
  id: string;
  date: string;
  projectId?: string | null;
  taskId?: string | null;
  memberId: string | null;
  dur: number;
}

/** A row of the grid: which project and task it is for. */
export interface RowKey {
  projectId: string;
  taskId: string | null;
}

export interface TimesheetRow<T extends LogLike> extends RowKey {
  key: string;
  /** Seven cells, first day of the week first: the row's logs of that day. */
  cells: T[][];
  seconds: number;
}

export const rowKey = (r: RowKey) => `${r.projectId}|${r.taskId ?? ''}`;

/** The seven days of the week that starts on `from`. */
export function weekDays(from: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(from, i));
}

/**
 * The grid of `memberId`'s logs in the week from `from`: a row for each project and task they
 * logged, plus `extraRows` (rows added by hand or copied from last week) even while empty,
 * ordered by `label`. Logs without a project are not on the grid.
 */
export function timesheetRows<T extends LogLike>(
  logs: readonly T[],
  options: {
    memberId: string | null;
    from: string;
    extraRows?: readonly RowKey[];
    label: (row: RowKey) => string;
  },
): TimesheetRow<T>[] {
  const days = weekDays(options.from);
  const index = new Map(days.map((d, i) => [d, i]));
  const rows = new Map<string, TimesheetRow<T>>();
  const rowFor = (r: RowKey) => {
    const key = rowKey(r);
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        projectId: r.projectId,
        taskId: r.taskId,
        cells: days.map(() => []),
        seconds: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const r of options.extraRows ?? []) rowFor(r);
  for (const log of logs) {
    const at = index.get(log.date);
    if (at === undefined || !log.projectId || log.memberId !== options.memberId) continue;
    const row = rowFor({ projectId: log.projectId, taskId: log.taskId ?? null });
    row.cells[at]?.push(log);
    row.seconds += log.dur;
  }
  return [...rows.values()].sort(
    (a, b) => options.label(a).localeCompare(options.label(b)) || a.key.localeCompare(b.key),
  );
}

/** Seconds of each day across `rows`, and of the whole week. */
export function dayTotals(rows: readonly TimesheetRow<LogLike>[]): {
  days: number[];
  week: number;
} {
  const days = Array.from({ length: 7 }, (_, i) =>
    rows.reduce((sum, row) => sum + (row.cells[i] ?? []).reduce((s, log) => s + log.dur, 0), 0),
  );
  return { days, week: days.reduce((a, b) => a + b, 0) };
}

/** The project and task rows `memberId` logged in the week before `from`, to start this week with. */
export function lastWeekRows(
  logs: readonly LogLike[],
  memberId: string | null,
  from: string,
): RowKey[] {
  const start = addDays(from, -7);
  const seen = new Map<string, RowKey>();
  for (const log of logs) {
    if (log.memberId !== memberId || !log.projectId || log.date < start || log.date >= from)
      continue;
    const row = { projectId: log.projectId, taskId: log.taskId ?? null };
    seen.set(rowKey(row), row);
  }
  return [...seen.values()];
}

/** What typing into a cell does: add a log, change its one log, or nothing (several logs). */
export type CellAction =
  | { kind: 'add'; seconds: number }
  | { kind: 'change'; id: string; seconds: number }
  | { kind: 'remove'; id: string }
  | { kind: 'none' };

/** The action for a cell holding `logs` when the person commits `seconds` (0: cleared). */
export function cellAction(logs: readonly LogLike[], seconds: number): CellAction {
  if (logs.length > 1) return { kind: 'none' };
  const [only] = logs;
  if (!only) return seconds > 0 ? { kind: 'add', seconds } : { kind: 'none' };
  if (seconds === 0) return { kind: 'remove', id: only.id };
  return seconds === only.dur ? { kind: 'none' } : { kind: 'change', id: only.id, seconds };
}
