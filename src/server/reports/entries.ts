import { sql, type SQL } from 'drizzle-orm';
import { htmlToText } from '../../lib/html-text';
import {
  ENTRY_PAGE_SIZE,
  type EntryOrder,
  type EntryPage,
  type EntrySort,
  type ReportEntry,
} from '../../lib/report-entries';
import type { Grouping, ReportFilter } from '../../lib/report-spec';
import type { Membership } from '../sync/permissions';
import { rows, type Runner } from '../sync/records';
import { conditions, keyOf, labelsOf, TAGS } from './detailed';

// The detailed report's entries: the same logs as its sums (the same `conditions`, so the same
// visibility), each with its names, ordered by its groups and then as the person sorts them.

/** Names of a log's records, joined once (a log shows them all). */
const NAMES = sql`time_logs l
  LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
  LEFT JOIN clients c ON c.workspace_id = l.workspace_id AND c.id = p.client_id
  LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id
  LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id`;

const name = {
  client: sql`coalesce(c.data->>'name', '')`,
  project: sql`coalesce(p.data->>'projectName', '')`,
  task: sql`coalesce(t.data->>'task', '')`,
  member: sql`coalesce(m.data->>'name', '')`,
};

/** How a group level orders: by name for records (as the grouped sums do), else by key. */
function groupOrder(g: Grouping, weekStart: number): SQL {
  if (g === 'client' || g === 'project' || g === 'task' || g === 'member')
    return sql`${name[g]}, ${keyOf(g, weekStart)}`;
  return keyOf(g, weekStart);
}

function sortColumn(sort: EntrySort, seesAmounts: boolean): SQL {
  switch (sort) {
    case 'date':
      return sql`l.date`;
    case 'duration':
      return sql`l.seconds`;
    // Ordering by an amount would reveal it to those who may not see amounts.
    case 'amount':
      return seesAmounts ? sql`l.billable_minor` : sql`l.date`;
    default:
      return name[sort];
  }
}

interface EntryRow {
  id: string;
  date: string;
  seconds: number | string;
  billable_minor: number | string;
  description: string | null;
  tags: string | null;
  member: string;
  client: string;
  project: string;
  task: string;
  k0?: string;
  k1?: string;
}

/**
 * The entries of the detailed report `filter` and `groups` ask for that `membership` may see:
 * one page of `order`, or with `page` 0 every entry (for a file). Grouped by tag, a log with two
 * tags is listed under each, as it counts under each.
 */
export async function reportEntries(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  groups: Grouping[],
  order: EntryOrder,
): Promise<EntryPage> {
  const where = conditions(membership, filter);
  const weekStart = membership.rules.weekStart;
  const from = groups.includes('tag')
    ? sql`${NAMES} CROSS JOIN LATERAL unnest(${TAGS}) AS tg(tag)`
    : NAMES;
  const direction = sql.raw(order.direction === 'desc' ? 'DESC' : 'ASC');
  const by = sql.join(
    [
      ...groups.map((g) => groupOrder(g, weekStart)),
      sql`${sortColumn(order.sort, membership.seesAmounts)} ${direction}`,
      sql`l.date, l.created_at, l.id`,
    ],
    sql`, `,
  );
  const keys = groups.map((g, i) => sql`, ${keyOf(g, weekStart)} AS ${sql.raw(`k${i}`)}`);
  const page =
    order.page > 0
      ? sql`LIMIT ${ENTRY_PAGE_SIZE} OFFSET ${(order.page - 1) * ENTRY_PAGE_SIZE}`
      : sql``;
  const [found, [counted]] = await Promise.all([
    rows<EntryRow>(
      runner,
      sql`SELECT l.id, l.date::text AS date, l.seconds, l.billable_minor,
        l.data->>'desc' AS description, l.data->>'tags' AS tags, ${name.member} AS member,
        ${name.client} AS client, ${name.project} AS project, ${name.task} AS task${sql.join(keys, sql``)}
        FROM ${from} WHERE ${where} ORDER BY ${by} ${page}`,
    ),
    rows<{ n: number | string }>(runner, sql`SELECT count(*) AS n FROM ${from} WHERE ${where}`),
  ]);
  const keyAt = (r: EntryRow, i: number) => (i === 0 ? r.k0 : r.k1) ?? '';
  const labels = await Promise.all(
    groups.map((g, i) =>
      labelsOf(runner, membership.workspaceId, g, [...new Set(found.map((r) => keyAt(r, i)))]),
    ),
  );
  const entries = found.map((r): ReportEntry => ({
    id: r.id,
    date: r.date,
    member: r.member,
    client: r.client,
    project: r.project,
    task: r.task,
    description: htmlToText(r.description ?? ''),
    tags: r.tags ?? '',
    billable: Number(r.billable_minor) > 0,
    seconds: Number(r.seconds),
    amountMinor: membership.seesAmounts ? Number(r.billable_minor) : null,
    groupKeys: groups.map((_, i) => keyAt(r, i)),
    groupLabels: groups.map((_, i) => labels[i]?.get(keyAt(r, i)) ?? ''),
  }));
  return {
    entries,
    count: Number(counted?.n ?? 0),
    page: order.page,
    pageSize: order.page > 0 ? ENTRY_PAGE_SIZE : entries.length,
  };
}
