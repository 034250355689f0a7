import { topGroups, weekBars } from '../../../lib/dashboard';
import { formatDay } from '../../../lib/day';
import { presetRange } from '../../../lib/date-presets';
import { groupLabel } from '../../../lib/report-labels';
import { wholeRange, type ReportTotals } from '../../../lib/report-spec';
import type { TableColumn, TableDocument, TableRow } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import type { Runner } from '../../sync/records';
import { detailedReport } from '../detailed';
import { reportFrame } from '../export/report-document';

// The Dashboard as a file: this week and this month, hours per day of the week, and the top
// five projects and clients of the month, from the same reports the screen asks for.

/** The dashboard of `membership` on `today`. */
export async function dashboardTable(
  runner: Runner,
  membership: Membership,
  today: string,
): Promise<TableDocument> {
  const weekStart = membership.rules.weekStart;
  const week = presetRange('this-week', today, weekStart) ?? { from: today, to: today };
  const month = presetRange('this-month', today, weekStart) ?? { from: today, to: today };
  const ask = (range: { from: string; to: string }, groups: Parameters<typeof detailedReport>[3]) =>
    detailedReport(runner, membership, wholeRange(range.from, range.to), groups);
  const [w, m, days, projects, clients, frame] = await Promise.all([
    ask(week, []),
    ask(month, []),
    ask(week, ['day', 'billable']),
    ask(month, ['project']),
    ask(month, ['client']),
    reportFrame(runner, membership, wholeRange(month.from, month.to)),
  ]);
  const money = membership.seesAmounts;
  const columns: TableColumn[] = [
    { heading: '', type: 'text', width: 150 },
    { heading: 'Hours', type: 'duration', width: 56 },
    { heading: 'Billable hours', type: 'duration', width: 56 },
    ...(money
      ? ([
          { heading: 'Billable amount', type: 'money', width: 70 },
          { heading: 'Labour cost', type: 'money', width: 66 },
          { heading: 'Profit', type: 'money', width: 66 },
        ] as const)
      : []),
    { heading: 'Expenses', type: 'money', width: 62 },
  ];
  const line = (label: string, t: ReportTotals): TableRow => ({
    cells: [
      label,
      t.seconds,
      t.billableSeconds,
      ...(money ? [t.billableMinor, t.costMinor, t.profitMinor] : []),
      t.expensesMinor,
    ],
  });
  const heading = (label: string): TableRow => ({ cells: [label], style: 'group', span: 1 });
  const bars = weekBars(week.from, days.groups);
  const blank = columns.length - 3;
  return {
    title: 'Dashboard',
    ...frame,
    range: `Week of ${formatDay(week.from)}; ${frame.range}`,
    filterLines: ['This week and this month'],
    columns,
    rows: [
      heading('At a glance'),
      line('This week', w.totals),
      line('This month', m.totals),
      heading('Hours per day this week'),
      ...bars.map((b) => ({
        cells: [
          formatDay(b.day),
          b.billableSeconds + b.otherSeconds,
          b.billableSeconds,
          ...Array.from({ length: blank }, () => null),
        ],
      })),
      heading('Top projects this month'),
      ...topGroups(projects.groups, 5).map((g) => line(groupLabel('project', g.label), g.totals)),
      heading('Top clients this month'),
      ...topGroups(clients.groups, 5).map((g) => line(groupLabel('client', g.label), g.totals)),
    ],
  };
}
