import { sql } from 'drizzle-orm';
import { addDays } from '../../../lib/day';
import { economyRows, marginPercent } from '../../../lib/economy';
import { groupLabel } from '../../../lib/report-labels';
import {
  groupingLabels,
  wholeRange,
  type ReportFilter,
  type ReportTotals,
} from '../../../lib/report-spec';
import type { TableColumn, TableDocument } from '../../../lib/report-table';
import type { Membership } from '../../sync/permissions';
import { rows, type Runner } from '../../sync/records';
import { visibleCondition } from '../../sync/visibility';
import { detailedReport } from '../detailed';
import { reportFrame } from '../export/report-document';

// The Economy report as a file: per client, project or member what the time earned and cost,
// the margin, and for projects the budget used over the whole history, as the screen shows it.

export const economyViews = ['client', 'project', 'member'] as const;
export type EconomyView = (typeof economyViews)[number];

/** Each visible project's budget in hours and the seconds tracked on it in ten years to `today`. */
async function budgets(runner: Runner, membership: Membership, today: string) {
  const [all, found] = await Promise.all([
    detailedReport(runner, membership, wholeRange(addDays(today, -3650), today), ['project']),
    rows<{ id: string; hours: string | null }>(
      runner,
      sql`SELECT id, data->>'hours' AS hours FROM projects
        WHERE workspace_id = ${membership.workspaceId} AND NOT deleted
        AND ${visibleCondition(membership, 'project')}`,
    ),
  ]);
  const used = new Map(all.groups.map((g) => [g.key, g.totals.seconds]));
  return new Map(
    found.map((p) => [p.id, { hours: Number(p.hours ?? 0) || 0, seconds: used.get(p.id) ?? 0 }]),
  );
}

/** The Economy report of `filter` by `view` for `membership`, on `today`. */
export async function economyTable(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  view: EconomyView,
  today: string,
): Promise<TableDocument> {
  const [report, frame, budget] = await Promise.all([
    detailedReport(runner, membership, filter, [view]),
    reportFrame(runner, membership, filter),
    view === 'project' ? budgets(runner, membership, today) : Promise.resolve(undefined),
  ]);
  const money = membership.seesAmounts;
  const withBudget = view === 'project';
  const columns: TableColumn[] = [
    { heading: groupingLabels[view], type: 'text', width: 120 },
    { heading: 'Billable hours', type: 'duration', width: 56 },
    ...(money
      ? ([
          { heading: 'Billable amount', type: 'money', width: 70 },
          { heading: 'Labour cost', type: 'money', width: 66 },
        ] as const)
      : []),
    { heading: 'Expenses', type: 'money', width: 62 },
    ...(money
      ? ([
          { heading: 'Profit', type: 'money', width: 66 },
          { heading: 'Margin', type: 'percent', width: 44 },
        ] as const)
      : []),
    ...(withBudget ? [{ heading: 'Budget used', type: 'text', width: 90 } as const] : []),
  ];
  const figures = (t: ReportTotals) => [
    t.billableSeconds,
    ...(money ? [t.billableMinor, t.costMinor] : []),
    t.expensesMinor,
    ...(money ? [t.profitMinor, marginPercent(t)] : []),
  ];
  const labelled = report.groups.map((g) => ({ ...g, label: groupLabel(view, g.label) }));
  return {
    title: `Economy by ${groupingLabels[view].toLowerCase()}`,
    ...frame,
    columns,
    rows: [
      ...economyRows(labelled, budget).map((r) => ({
        cells: [
          r.label,
          ...figures(r.totals),
          ...(withBudget
            ? [
                r.budget && r.budget.status !== 'none'
                  ? `${r.budget.used} of ${r.budget.budget} h${r.budget.status === 'over' ? `, ${r.budget.over} h over` : ''}`
                  : '',
              ]
            : []),
        ],
      })),
      {
        cells: ['Total', ...figures(report.totals), ...(withBudget ? [''] : [])],
        style: 'total' as const,
      },
    ],
  };
}
