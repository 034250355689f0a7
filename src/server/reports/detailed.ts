import { sql, type SQL } from 'drizzle-orm';
import type {
  Grouping,
  Report,
  ReportFilter,
  ReportGroup,
  ReportTotals,
} from '../../lib/report-spec';
import type { RecordKind } from '../../lib/sync/mutations';
import type { Membership } from '../sync/permissions';
import { rows, table, type Runner } from '../sync/records';
import { visibleCondition } from '../sync/visibility';

// The detailed report: the logs a filter matches, summed in SQL from the amounts stored with
// each log (src/server/sync/amounts.ts), so it agrees with /allHours and /projects to the paisa.

/** A log's key for each grouping ('' when it has none, e.g. no project). */
export function keyOf(g: Grouping, weekStart: number): SQL {
  switch (g) {
    case 'client':
      return sql`coalesce(p.client_id, '')`;
    case 'project':
      return sql`coalesce(l.project_id, '')`;
    case 'task':
      return sql`coalesce(l.task_id, '')`;
    case 'member':
      return sql`coalesce(l.member_id, '')`;
    case 'tag':
      return sql`tg.tag`;
    case 'day':
      return sql`l.date::text`;
    case 'week': {
      // The first day of the log's week, for weeks that start on the workspace's weekday;
      // inlined (a checked 0–6), so the key reads the same wherever it appears in the query.
      const first = sql.raw(String(Math.min(6, Math.max(0, Math.trunc(weekStart)))));
      return sql`(l.date - ((extract(dow from l.date)::int - ${first} + 7) % 7))::text`;
    }
    case 'month':
      return sql`to_char(l.date, 'YYYY-MM')`;
    case 'billable':
      return sql`CASE WHEN l.billable_minor > 0 THEN 'yes' ELSE 'no' END`;
  }
}

/** Where the names of records a report groups by are, and the field that holds each. */
const named: Partial<Record<Grouping, { field: string; kind: RecordKind }>> = {
  client: { field: 'name', kind: 'client' },
  project: { field: 'projectName', kind: 'project' },
  task: { field: 'task', kind: 'task' },
  member: { field: 'name', kind: 'member' },
};

/**
 * Labels of `keys` for grouping `g` (names looked up once per group, not joined per log);
 * with `visibleTo`, only of records that person may see (ids they typed into a filter).
 */
export async function labelsOf(
  runner: Runner,
  workspaceId: string,
  g: Grouping,
  keys: string[],
  visibleTo?: Membership,
): Promise<Map<string, string>> {
  const source = named[g];
  if (!source) {
    const fixed = (key: string) =>
      g === 'billable' ? (key === 'yes' ? 'Billable' : 'Non-billable') : key;
    return new Map(keys.map((key) => [key, fixed(key)]));
  }
  const ids = keys.filter(Boolean);
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; label: string | null }>(
    runner,
    sql`SELECT id, data->>${source.field} AS label FROM ${table(source.kind)} WHERE workspace_id = ${workspaceId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND ${visibleTo ? visibleCondition(visibleTo, source.kind) : sql`true`}`,
  );
  return new Map(found.map((r) => [r.id, r.label ?? '']));
}

/** A log's tags, lower-cased and trimmed ('' for a log without any). */
export const TAGS = sql`CASE WHEN trim(coalesce(l.data->>'tags', '')) = '' THEN ARRAY['']::text[] ELSE regexp_split_to_array(lower(trim(l.data->>'tags')), '\\s*,\\s*') END`;

/** The logs `f` matches that `membership` may see (aliases: l for logs, p for their project). */
export function conditions(membership: Membership, f: ReportFilter): SQL {
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
  if (f.invoiced !== 'any') {
    // A log imported as invoiced in another tool (issue 32) counts as invoiced: it is not left to bill.
    const onIssued = sql`(EXISTS (SELECT 1 FROM invoice_logs il JOIN invoices i ON i.id = il.invoice_id WHERE il.workspace_id = l.workspace_id AND il.log_id = l.id AND i.status = 'issued') OR coalesce(l.data->>'invoicedElsewhere', 'false') = 'true')`;
    parts.push(f.invoiced === 'yes' ? onIssued : sql`NOT ${onIssued}`);
  }
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

/** The logs, with their project only when a client is asked about (the one join needed). */
function source(withProject: boolean, withTags: boolean): SQL {
  const logs = withProject
    ? sql`time_logs l LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id`
    : sql`time_logs l`;
  return withTags ? sql`${logs} CROSS JOIN LATERAL unnest(${TAGS}) AS tg(tag)` : logs;
}

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
  const withProject = filter.clientIds.length > 0 || groups.includes('client');
  const byTag = groups.includes('tag');
  // Grouped by tag a log counts once per tag, so the total is its own (one more scan).
  let totals = zero();
  if (byTag || groups.length === 0) {
    const [grand] = await rows<SumRow>(
      runner,
      sql`SELECT ${SUMS} FROM ${source(withProject, false)} WHERE ${where}`,
    );
    if (grand) totals = totalsOf(grand);
    if (groups.length === 0) return redact(membership, { groups: [], totals });
  }

  const keys = sql.join(
    groups.map((g, i) => sql`${keyOf(g, membership.rules.weekStart)} AS ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const by = sql.raw(groups.map((_, i) => String(i + 1)).join(', '));
  const found = await rows<SumRow & { k0: string; k1?: string }>(
    runner,
    sql`SELECT ${keys}, ${SUMS} FROM ${source(withProject, byTag)} WHERE ${where} GROUP BY ${by}`,
  );
  const labels = await Promise.all(
    groups.map((g, i) =>
      labelsOf(runner, membership.workspaceId, g, [
        ...new Set(found.map((r) => (i === 0 ? r.k0 : (r.k1 ?? '')))),
      ]),
    ),
  );
  const label = (level: number, key: string) => labels[level]?.get(key) ?? '';
  const top = new Map<string, ReportGroup>();
  for (const row of found) {
    let group = top.get(row.k0);
    if (!group) {
      group = {
        key: row.k0,
        label: label(0, row.k0),
        totals: zero(),
        ...(groups.length > 1 ? { children: [] } : {}),
      };
      top.set(row.k0, group);
    }
    const sums = totalsOf(row);
    add(group.totals, sums);
    if (!byTag) add(totals, sums);
    if (groups.length > 1)
      group.children?.push({ key: row.k1 ?? '', label: label(1, row.k1 ?? ''), totals: sums });
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
