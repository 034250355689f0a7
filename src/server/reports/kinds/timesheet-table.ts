import { addDays, formatDay } from '../../../lib/day';
import { wholeRange } from '../../../lib/report-spec';
import type { TableColumn, TableDocument, TableRow } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import type { Runner } from '../../sync/records';
import { reportEntries } from '../entries';
import { reportFrame } from '../export/report-document';

// The Timesheet as a file: the caller's own week, a row per project and task, a column per day,
// totals both ways, as the screen shows it (the screen draws it from the browser's cache; the
// file reads the same logs from the server, through the entries' query and visibility).

const weekday = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** The caller's week from `from` (its first day) as a table. */
export async function timesheetTable(
  runner: Runner,
  membership: Membership,
  from: string,
): Promise<TableDocument> {
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const filter = { ...wholeRange(from, addDays(from, 6)), memberIds: [membership.memberId ?? ''] };
  const [{ entries }, frame] = await Promise.all([
    reportEntries(runner, membership, filter, [], { sort: 'date', direction: 'asc', page: 0 }),
    reportFrame(runner, membership, filter),
  ]);
  const rows = new Map<string, number[]>();
  for (const e of entries) {
    const label = `${e.client || 'No client'} / ${e.project || 'No project'}${e.task ? ` · ${e.task}` : ''}`;
    const cells = rows.get(label) ?? days.map(() => 0);
    const i = days.indexOf(e.date);
    if (i >= 0) cells[i] = (cells[i] ?? 0) + e.seconds;
    rows.set(label, cells);
  }
  const sum = (cells: number[]) => cells.reduce((a, b) => a + b, 0);
  const byDay = days.map((_, i) => sum([...rows.values()].map((cells) => cells[i] ?? 0)));
  const columns: TableColumn[] = [
    { heading: 'Project and task', type: 'text', width: 150 },
    ...days.map((d): TableColumn => ({
      heading: weekday.format(new Date(`${d}T12:00:00Z`)),
      type: 'duration',
      width: 46,
    })),
    { heading: 'Total', type: 'duration', width: 50 },
  ];
  const body: TableRow[] = [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, cells]) => ({
      cells: [label, ...cells.map((s) => (s ? s : null)), sum(cells)],
    }));
  return {
    title: 'Timesheet',
    ...frame,
    range: `Week of ${formatDay(from)}`,
    columns,
    rows: [...body, { cells: ['Total', ...byDay, sum(byDay)], style: 'total' }],
  };
}
