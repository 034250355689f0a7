import { formatDay } from '../../../lib/day';
import { columnTotals, periodKeys, pivotRows, type Period } from '../../../lib/pivot';
import { groupLabel } from '../../../lib/report-labels';
import type { ReportFilter, ReportTotals } from '../../../lib/report-spec';
import type { TableColumn, TableDocument } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import type { Runner } from '../../sync/records';
import { detailedReport } from '../detailed';
import { reportFrame } from '../export/report-document';

// The Team pivot as a file: the same report the screen asks for (member, then the period), laid
// out the same way, every period a column, totals both ways.

const heading = (period: Period, key: string) =>
  period === 'day'
    ? formatDay(key)
    : period === 'week'
      ? `Week of ${formatDay(key)}`
      : groupLabel('month', key);

/** The pivot of `filter` by `period`, of hours or (for those who see amounts) billable amounts. */
export async function pivotTable(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  period: Period,
  show: 'hours' | 'amount',
): Promise<TableDocument> {
  const [report, frame] = await Promise.all([
    detailedReport(runner, membership, filter, ['member', period]),
    reportFrame(runner, membership, filter),
  ]);
  const amounts = show === 'amount' && membership.seesAmounts;
  const type = amounts ? 'money' : 'duration';
  const value = (t: ReportTotals) => (amounts ? (t.billableMinor ?? 0) : t.seconds);
  const keys = periodKeys(period, filter.from, filter.to, membership.rules.weekStart);
  const rows = pivotRows(report.groups, keys);
  const columns: TableColumn[] = [
    { heading: 'Team member', type: 'text', width: 90 },
    ...keys.map((k): TableColumn => ({ heading: heading(period, k), type, width: 50 })),
    { heading: 'Total', type, width: 70 },
  ];
  return {
    title: amounts ? 'Team pivot, billable amount' : 'Team pivot, hours',
    ...frame,
    columns,
    rows: [
      ...rows.map((r) => ({
        cells: [
          groupLabel('member', r.label),
          ...r.cells.map((c) => (c ? value(c) : null)),
          value(r.total),
        ],
      })),
      {
        cells: ['Total', ...columnTotals(rows, keys.length, value), value(report.totals)],
        style: 'total' as const,
      },
    ],
  };
}
