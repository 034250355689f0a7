import { sql, type SQL } from 'drizzle-orm';
import type {
  Grouping,
  Report,
  ReportFilter,
  ReportGroup,
  ReportTotals,
} from '../../lib/report-spec';
import type { Membership } from '../sync/permissions';
import { rows, type Runner } from '../sync/records';
import { visibleCondition } from '../sync/visibility';

// The detailed report: the logs a filter matches, summed in SQL from the amounts stored with
// each log (src/server/sync/amounts.ts), so it agrees with /allHours and /projects to the paisa.

/** How a log's key and label read for each grouping ('' when it has none, e.g. no project). */
function dimension(g: Grouping, weekStart: number): { key: SQL; label: SQL } {
  switch (g) {
    case 'client':
      return { key: sql`coalesce(p.client_id, '')`, label: sql`coalesce(c.data->>'name', '')` };
    case 'project':
      return {
        key: sql`coalesce(l.project_id, '')`,
        label: sql`coalesce(p.data->>'projectName', '')`,
      };
    case 'task':
      return { key: sql`coalesce(l.task_id, '')`, label: sql`coalesce(t.data->>'task', '')` };
    case 'member':
      return { key: sql`coalesce(l.member_id, '')`, label: sql`coalesce(m.data->>'name', '')` };
    case 'tag':
      return { key: sql`tg.tag`, label: sql`tg.tag` };
    case 'day':
      return { key: sql`l.date::text`, label: sql`l.date::text` };
    case 'week': {
      // The first day of the log's week, for weeks that start on the workspace's weekday.
      // Inlined (a checked 0–6), so the key reads the same wherever it appears in the query.
      const first = sql.raw(String(Math.min(6, Math.max(0, Math.trunc(weekStart)))));
      const start = sql`(l.date - ((extract(dow from l.date)::int - ${first} + 7) % 7))::text`;
      return { key: start, label: start };
    }
    case 'month':
      return { key: sql`to_char(l.date, 'YYYY-MM')`, label: sql`to_char(l.date, 'YYYY-MM')` };
    case 'billable':
      return {
        key: sql`CASE WHEN l.billable_minor > 0 THEN 'yes' ELSE 'no' END`,
        label: sql`CASE WHEN l.billable_minor > 0 THEN 'Billable' ELSE 'Non-billable' END`,
      };
  }
}

/** A log's tags, lower-cased and trimmed ('' for a log without any). */
const TAGS = sql`CASE WHEN trim(coalesce(l.data->>'tags', '')) = '' THEN ARRAY['']::text[] ELSE regexp_split_to_array(lower(trim(l.data->>'tags')), '\\s*,\\s*') END`;

function conditions(membership: Membership, f: ReportFilter): SQL {
  const parts: SQL[] = [
    sql`l.workspace_id = ${membership.workspaceId}`,
    sql`NOT l.deleted`,
    sql`l.date >= ${f.from}`,
    sql`l.date <= ${f.to}`,
    visibleCondition(membership, 'timeLog', 'l'),
  ];
  const anyOf = (column: SQL, values: string[]) =>
    sql`${column} IN (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  if (f.clientIds.length) parts.push(anyOf(sql`p.client_id`, f.clientIds));
  if (f.projectIds.length) parts.push(anyOf(sql`l.project_id`, f.projectIds));
  if (f.taskIds.length) parts.push(anyOf(sql`l.task_id`, f.taskIds));
  if (f.memberIds.length) parts.push(anyOf(sql`l.member_id`, f.memberIds));
  if (f.statuses.length) parts.push(anyOf(sql`l.data->>'status'`, f.statuses));
  if (f.billable !== 'any')
    parts.push(f.billable === 'yes' ? sql`l.billable_minor > 0` : sql`l.billable_minor = 0`);
  if (f.tags.length) {
    const wanted = sql`ARRAY[${sql.join(
      f.tags.map((t) => sql`${t.trim().toLowerCase()}`),
      sql`, `,
    )}]::text[]`;
    parts.push(f.tagMode === 'all' ? sql`${TAGS} @> ${wanted}` : sql`${TAGS} && ${wanted}`);
  }
  return sql.join(parts, sql` AND `);
}

const FROM = sql`time_logs l
  LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
  LEFT JOIN clients c ON c.workspace_id = l.workspace_id AND c.id = p.client_id
  LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id
  LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id`;

const SUMS = sql`count(*) AS logs, coalesce(sum(l.seconds), 0) AS seconds,
  coalesce(sum(l.billable_seconds), 0) AS billable_seconds,
  coalesce(sum(l.billable_minor), 0) AS billable_minor, coalesce(sum(l.cost_minor), 0) AS cost_minor,
  coalesce(sum(l.expense_minor), 0) AS expense_minor`;

interface SumRow {
  logs: number | string;
  seconds: number | string;
  billable_seconds: number | string;
  billable_minor: number | string;
  cost_minor: number | string;
  expense_minor: number | string;
}

const zero = (): ReportTotals => ({
  logs: 0,
  seconds: 0,
  billableSeconds: 0,
  billableMinor: 0,
  costMinor: 0,
  expensesMinor: 0,
  profitMinor: 0,
});

function totalsOf(row: SumRow): ReportTotals {
  const billable = Number(row.billable_minor);
  const cost = Number(row.cost_minor);
  return {
    logs: Number(row.logs),
    seconds: Number(row.seconds),
    billableSeconds: Number(row.billable_seconds),
    billableMinor: billable,
    costMinor: cost,
    expensesMinor: Number(row.expense_minor),
    profitMinor: billable - cost,
  };
}

function add(into: ReportTotals, more: ReportTotals): void {
  into.logs += more.logs;
  into.seconds += more.seconds;
  into.billableSeconds += more.billableSeconds;
  into.billableMinor = (into.billableMinor ?? 0) + (more.billableMinor ?? 0);
  into.costMinor = (into.costMinor ?? 0) + (more.costMinor ?? 0);
  into.expensesMinor += more.expensesMinor;
  into.profitMinor = (into.profitMinor ?? 0) + (more.profitMinor ?? 0);
}

/** Money leaves only for those who may see amounts. */
function redact(membership: Membership, report: Report): Report {
  if (membership.seesAmounts) return report;
  const hide = (t: ReportTotals): ReportTotals => ({
    ...t,
    billableMinor: null,
    costMinor: null,
    profitMinor: null,
  });
  const walk = (g: ReportGroup): ReportGroup => ({
    ...g,
    totals: hide(g.totals),
    ...(g.children ? { children: g.children.map(walk) } : {}),
  });
  return { groups: report.groups.map(walk), totals: hide(report.totals) };
}

/**
 * The detailed report for `membership`: the logs `filter` matches that the person may see, in
 * up to two levels of `groups` with subtotals, and the grand total. Grouped by tag, a log with
 * two tags counts under each (the grand total counts it once).
 */
export async function detailedReport(
  runner: Runner,
  membership: Membership,
  filter: ReportFilter,
  groups: Grouping[],
): Promise<Report> {
  const where = conditions(membership, filter);
  const needsTags = groups.includes('tag');
  const from = needsTags ? sql`${FROM} CROSS JOIN LATERAL unnest(${TAGS}) AS tg(tag)` : FROM;
  const [grand] = await rows<SumRow>(runner, sql`SELECT ${SUMS} FROM ${FROM} WHERE ${where}`);
  const totals = grand ? totalsOf(grand) : zero();
  if (groups.length === 0) return redact(membership, { groups: [], totals });

  const dims = groups.map((g) => dimension(g, membership.rules.weekStart));
  const select = sql.join(
    dims.flatMap((d, i) => [
      sql`${d.key} AS ${sql.raw(`k${i}`)}`,
      sql`max(${d.label}) AS ${sql.raw(`n${i}`)}`,
    ]),
    sql`, `,
  );
  // By position: the keys are the 1st and 3rd columns (each followed by its label).
  const by = sql.raw(dims.map((_, i) => String(i * 2 + 1)).join(', '));
  const found = await rows<SumRow & { k0: string; n0: string; k1?: string; n1?: string }>(
    runner,
    sql`SELECT ${select}, ${SUMS} FROM ${from} WHERE ${where} GROUP BY ${by} ORDER BY ${by}`,
  );
  const top = new Map<string, ReportGroup>();
  for (const row of found) {
    let group = top.get(row.k0);
    if (!group) {
      group = {
        key: row.k0,
        label: row.n0,
        totals: zero(),
        ...(dims.length > 1 ? { children: [] } : {}),
      };
      top.set(row.k0, group);
    }
    const sums = totalsOf(row);
    add(group.totals, sums);
    if (dims.length > 1)
      group.children?.push({ key: row.k1 ?? '', label: row.n1 ?? '', totals: sums });
  }
  const byTime = (g: Grouping) => g === 'day' || g === 'week' || g === 'month';
  const order = (level: number) => (a: ReportGroup, b: ReportGroup) =>
    byTime(groups[level] ?? 'project')
      ? a.key.localeCompare(b.key)
      : a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
  const sorted = [...top.values()].sort(order(0));
  for (const group of sorted) group.children?.sort(order(1));
  return redact(membership, { groups: sorted, totals });
}
