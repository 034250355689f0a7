import { sql } from 'drizzle-orm';
import { formatDay } from '../../../lib/day';
import { currencyOf, type Currency } from '../../../lib/money';
import { labelledGroups } from '../../../lib/report-labels';
import {
  groupingLabels,
  type Grouping,
  type Report,
  type ReportFilter,
} from '../../../lib/report-spec';
import type { RawRow } from '../../db/raw-row';
import type { workspaces } from '../../db/schema';
import type { Membership } from '../../sync/permissions';
import { rows, type Runner } from '../../sync/records';
import { detailedReport, labelsOf } from '../detailed';
import { reportEntries } from '../entries';
import type { EntryOrder, ReportEntry } from '../../../lib/report-entries';

/** A report as a file shows it: whose, which days, which filter, and the figures. */
export interface ReportDocument {
  /** 'Detailed report', or the saved report's name on a shared link. */
  title: string;
  workspaceName: string;
  /** '1 Nov 2026 – 30 Nov 2026'. */
  range: string;
  /** The filter in words, one line per narrowing ('All logs' when there is none). */
  filterLines: string[];
  /** The groupings, first level first, and the column heading of each. */
  levels: Grouping[];
  levelHeadings: string[];
  /** The figures, with the labels the server keeps (a day as YYYY-MM-DD): see `labelledGroups`. */
  report: Report;
  withAmounts: boolean;
  /** The workspace's currency (ISO 4217), which every amount of the file is written in. */
  currency: Currency;
  /** The logs themselves, in the order asked for, when the file lists entries. */
  entries?: ReportEntry[];
}

/** The names `ids` of grouping `g` stand for that the person may see; others read as 'unknown'. */
async function namesOf(runner: Runner, membership: Membership, g: Grouping, ids: string[]) {
  if (ids.length === 0) return '';
  const names = await labelsOf(runner, membership.workspaceId, g, ids, membership);
  return ids.map((id) => names.get(id) || 'unknown').join(', ');
}

async function describe(runner: Runner, membership: Membership, f: ReportFilter) {
  const lines: string[] = [];
  const named: [string, Grouping, string[]][] = [
    ['Clients', 'client', f.clientIds],
    ['Projects', 'project', f.projectIds],
    ['Tasks', 'task', f.taskIds],
    ['Team members', 'member', f.memberIds],
  ];
  for (const [heading, g, ids] of named) {
    const names = await namesOf(runner, membership, g, ids);
    if (names) lines.push(`${heading}: ${names}`);
  }
  if (f.tags.length)
    lines.push(
      `Tags (${f.tags.length > 1 && f.tagMode === 'all' ? 'all of' : 'any of'}): ${f.tags.join(', ')}`,
    );
  if (f.billable !== 'any')
    lines.push(f.billable === 'yes' ? 'Billable only' : 'Non-billable only');
  if (f.statuses.length) lines.push(`Status: ${f.statuses.join(', ')}`);
  if (f.invoiced !== 'any')
    lines.push(
      f.invoiced === 'yes' ? 'On an issued invoice or invoiced outside Hourmark' : 'Not invoiced',
    );
  return lines.length ? lines : ['All logs'];
}

/** What every report's file says about it: whose, which days, which filter, which currency. */
export interface ReportFrame {
  workspaceName: string;
  range: string;
  filterLines: string[];
  currency: Currency;
}

/** The frame of a report over `filter` for `membership` (names only of what they may see). */
export async function reportFrame(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
): Promise<ReportFrame> {
  const [[workspace], filterLines] = await Promise.all([
    rows<RawRow<typeof workspaces, 'name'>>(
      runner,
      sql`SELECT name FROM workspaces WHERE id = ${membership.workspaceId}`,
    ),
    describe(runner, membership, filter),
  ]);
  return {
    workspaceName: workspace?.name ?? '',
    range: `${formatDay(filter.from)} – ${formatDay(filter.to)}`,
    filterLines,
    // The workspace's currency as its membership carries it: chosen, else its country's.
    currency: currencyOf(membership.currency),
  };
}

/**
 * The detailed report `membership` may see, with what a file needs to say about it; with
 * `options.entries`, every entry too, in that order.
 */
export async function reportDocument(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  groups: Grouping[],
  options: { title?: string; entries?: Omit<EntryOrder, 'page'> } = {},
): Promise<ReportDocument> {
  const [report, frame, entries] = await Promise.all([
    detailedReport(runner, membership, filter, groups),
    reportFrame(runner, membership, filter),
    options.entries
      ? reportEntries(runner, membership, filter, groups, { ...options.entries, page: 0 })
      : undefined,
  ]);
  return {
    title: options.title ?? 'Detailed report',
    ...frame,
    levels: groups,
    levelHeadings: groups.map((g) => groupingLabels[g]),
    report,
    withAmounts: membership.seesAmounts,
    ...(entries ? { entries: entries.entries } : {}),
  };
}

/** The groups of `doc` with the labels people read ('16 Nov 2026', 'No project'). */
export function readableGroups(doc: ReportDocument) {
  return labelledGroups(doc.report.groups, doc.levels);
}

/**
 * 'hourmark-report-2026-11-01-to-2026-11-30.pdf' (or '-entries-', '-timesheet-' … for other
 * kinds): dated, so downloads do not overwrite.
 */
export function reportFileName(filter: ReportFilter, extension: string, kind = ''): string {
  return `hourmark-report-${kind ? `${kind}-` : ''}${filter.from}-to-${filter.to}.${extension}`;
}
