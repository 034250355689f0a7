import type { Client } from './entities/client';
import type { Project } from './entities/project';
import type { TimeLog } from './entities/time-log';
import { toCsv, type CsvColumn } from './csv';
import { formatCreated, toDay } from './day';
import { formatHours, showDuration, type DurationFormat } from './duration-format';
import { fromMinor } from './money';
import { totalsByProject, type Lookups, type Totals } from './totals';

/** One line of the projects table: the project with what its logs add up to. */
export interface ProjectRow {
  project: Project;
  clientName: string;
  totals: Totals;
  /** Logs waiting for approval on a project that requires it. */
  pendingLogIds: string[];
  /** Creation day as SPEC.md shows it, day-month-year. */
  created: string;
  /** Sortable creation time (ms). */
  createdAt: number;
}

const noTotals: Totals = { seconds: 0, billableMinor: 0, costMinor: 0, expensesMinor: 0 };

function createdOf(project: Project): { created: string; createdAt: number } {
  // The original app stored day, 0-based month and year; ours also keeps createdAt.
  const stamp = project.createdAt
    ? new Date(project.createdAt)
    : new Date(Number(project.year) || 1970, Number(project.month) || 0, Number(project.date) || 1);
  return { created: formatCreated(stamp), createdAt: stamp.getTime() };
}

/** The client's current name, or the name the project was saved with when the client is gone. */
export function clientNameOf(project: Project, clientsById: ReadonlyMap<string, Client>): string {
  return (project.clientId ? clientsById.get(project.clientId)?.name : undefined) ?? project.client;
}

/** Hours logged against a project's budget (hours, 0 = none), with the figures its row shows. */
export type BudgetUse =
  | { status: 'none'; used: string }
  | { status: 'within'; used: string; budget: string }
  | { status: 'over'; used: string; budget: string; over: string };

/**
 * Compares the logged time with the budget in the units the row shows, so the figures add up as
 * printed: '11.33 of 10 h, 1.33 h over budget' in decimal hours, '11:20 of 10:00 h, 1:20 h over
 * budget' on the clock (whole minutes; the workspace's choice, issue 47).
 */
export function budgetUse(
  seconds: number,
  budgetHours: number,
  format: DurationFormat = 'decimal',
): BudgetUse {
  const unit = format === 'clock' ? 60 : 36;
  const used = format === 'clock' ? showDuration(seconds, 'clock') : formatHours(seconds);
  if (!(budgetHours > 0)) return { status: 'none', used };
  const budgetUnits = Math.round((budgetHours * 3600) / unit);
  const budget =
    format === 'clock' ? showDuration(budgetUnits * unit, 'clock') : String(budgetHours);
  const usedUnits =
    format === 'clock' ? Math.floor(Math.max(0, seconds) / unit) : Math.round(Number(used) * 100);
  const over = usedUnits - budgetUnits;
  if (over <= 0) return { status: 'within', used, budget };
  return {
    status: 'over',
    used,
    budget,
    over: format === 'clock' ? showDuration(over * unit, 'clock') : (over / 100).toFixed(2),
  };
}

/** What the server says of a project's logs older than the browser's cache. */
export type OlderFigures = Totals & { logs?: number; pendingLogIds?: readonly string[] };

/** Rows for every project, with totals from one pass over the logs. */
export function projectRows(
  projects: readonly Project[],
  logs: readonly TimeLog[],
  lookups: Lookups,
  /** Figures of logs that are not in `logs` (older than the browser's cache), by project id. */
  older: ReadonlyMap<string, OlderFigures> = new Map(),
  /**
   * Whether the person may approve a pending log (the policy's rule of who reviews, through
   * `abilities.reviews`): a Manager's own logs, or a team lead's others', are not offered.
   */
  approves: (log: TimeLog, project: Project) => boolean = () => true,
): ProjectRow[] {
  const totals = totalsByProject(logs, lookups);
  for (const [projectId, sums] of older) {
    const mine = totals.get(projectId) ?? { ...noTotals };
    totals.set(projectId, {
      seconds: mine.seconds + sums.seconds,
      billableMinor: mine.billableMinor + sums.billableMinor,
      costMinor: mine.costMinor + sums.costMinor,
      expensesMinor: mine.expensesMinor + sums.expensesMinor,
    });
  }
  const pending = new Map<string, string[]>();
  const projectsById = new Map(projects.map((project) => [project.id, project]));
  for (const log of logs) {
    if (log.status !== 'pending' || !log.projectId) continue;
    const project = projectsById.get(log.projectId);
    if (!project || !approves(log, project)) continue;
    const ids = pending.get(log.projectId) ?? [];
    ids.push(log.id);
    pending.set(log.projectId, ids);
  }
  return projects.map((project) => ({
    project,
    clientName: clientNameOf(project, lookups.clientsById),
    totals: totals.get(project.id) ?? noTotals,
    pendingLogIds: [
      ...(pending.get(project.id) ?? []),
      ...(older.get(project.id)?.pendingLogIds ?? []),
    ],
    ...createdOf(project),
  }));
}

/** A client's rows with their subtotal, for Group by: Client. */
export interface ClientGroup {
  clientName: string;
  rows: ProjectRow[];
  subtotal: Totals;
}

/** Groups rows by client name, keeping the order rows arrive in within each group. */
export function groupByClient(rows: readonly ProjectRow[]): ClientGroup[] {
  const groups = new Map<string, ClientGroup>();
  for (const row of rows) {
    const name = row.clientName || 'No client';
    let group = groups.get(name);
    if (!group) {
      group = { clientName: name, rows: [], subtotal: { ...noTotals } };
      groups.set(name, group);
    }
    group.rows.push(row);
    group.subtotal.seconds += row.totals.seconds;
    group.subtotal.billableMinor += row.totals.billableMinor;
    group.subtotal.costMinor += row.totals.costMinor;
    group.subtotal.expensesMinor += row.totals.expensesMinor;
  }
  return [...groups.values()].sort((a, b) => a.clientName.localeCompare(b.clientName));
}

const money = (minor: number) => fromMinor(minor).toFixed(2);

/** The projects export: exactly the rows shown, with their figures in the workspace's `currency`. */
export function projectsCsv(
  rows: readonly ProjectRow[],
  currency: string,
  withAmounts = true,
): string {
  const amounts = new Set([`Billable amount (${currency})`, `Spend (${currency})`]);
  const columns: CsvColumn<ProjectRow>[] = [
    { header: 'Project', value: (r) => r.project.projectName },
    { header: 'Client', value: (r) => r.clientName },
    { header: 'Status', value: (r) => r.project.status },
    { header: 'Total hours', value: (r) => formatHours(r.totals.seconds) },
    { header: 'Budget hours', value: (r) => r.project.hours || '' },
    { header: `Billable amount (${currency})`, value: (r) => money(r.totals.billableMinor) },
    { header: `Spend (${currency})`, value: (r) => money(r.totals.costMinor) },
    { header: `Expenses (${currency})`, value: (r) => money(r.totals.expensesMinor) },
    // Every CSV writes days as YYYY-MM-DD, which spreadsheets read as dates in any locale.
    {
      header: 'Created',
      value: (r) => (Number.isFinite(r.createdAt) ? toDay(new Date(r.createdAt)) : ''),
    },
  ];
  // Those who may not see amounts get a file without them (docs/security.md, Roles).
  return toCsv(withAmounts ? columns : columns.filter((c) => !amounts.has(c.header)), rows);
}
