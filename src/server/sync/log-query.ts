import { sql, type SQL } from 'drizzle-orm';
import type { TimeLog } from '../../lib/entities/time-log';
import { filterLogs } from '../../lib/log-filter';
import { buildLookups } from '../../lib/totals';
import type { Db } from '../db/connect';
import type { Runner } from './records';
import { labelledLogs, labelSources, recordOfRow } from './workspace-records';
import { membershipOf } from './workspaces';

/** What /allHours (and Track, for one day) asks the server for: logs older than the cache. */
export interface LogQuery {
  workspaceId: string;
  /** Inclusive days 'YYYY-MM-DD'. */
  from?: string | undefined;
  to?: string | undefined;
  /** Only days before this one (the start of the browser's cache window). */
  before?: string | undefined;
  clientId?: string | undefined;
  projectId?: string | undefined;
  taskId?: string | undefined;
  memberId?: string | undefined;
  tag?: string | undefined;
  text?: string | undefined;
  /** Logs per page (newest day first) and how many to skip. */
  limit: number;
  offset: number;
}

/** Sums of stored figures: what /allHours shows above the list. */
export interface LogTotals {
  logs: number;
  seconds: number;
  billableSeconds: number;
  billableMinor: number;
  costMinor: number;
  expensesMinor: number;
}

export type LogQueryOutcome =
  { kind: 'forbidden' } | { kind: 'ok'; logs: TimeLog[]; totals: LogTotals };

interface LogRow {
  id: string;
  data: Record<string, unknown>;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  seconds: number;
  billable_seconds: number;
  billable_minor: string | number;
  cost_minor: string | number;
  expense_minor: string | number;
}

async function rows<T>(runner: Runner, query: SQL): Promise<T[]> {
  const result: unknown = await runner.execute(query);
  return (result as { rows: T[] }).rows;
}

function conditions(q: LogQuery): SQL {
  const parts: SQL[] = [sql`l.workspace_id = ${q.workspaceId}`, sql`NOT l.deleted`];
  if (q.from) parts.push(sql`l.date >= ${q.from}`);
  if (q.to) parts.push(sql`l.date <= ${q.to}`);
  if (q.before) parts.push(sql`l.date < ${q.before}`);
  if (q.projectId) parts.push(sql`l.project_id = ${q.projectId}`);
  if (q.taskId) parts.push(sql`l.task_id = ${q.taskId}`);
  if (q.memberId) parts.push(sql`l.member_id = ${q.memberId}`);
  if (q.clientId)
    parts.push(
      sql`l.project_id IN (SELECT id FROM projects WHERE workspace_id = ${q.workspaceId} AND client_id = ${q.clientId})`,
    );
  return sql.join(parts, sql` AND `);
}

const ORDER = sql`ORDER BY l.date DESC, l.created_at DESC, l.id DESC`;
const COLUMNS = sql`l.id, l.data, l.deleted, l.created_at, l.updated_at, l.seconds, l.billable_seconds, l.billable_minor, l.cost_minor, l.expense_minor`;

function addUp(found: LogRow[]): LogTotals {
  const totals: LogTotals = {
    logs: found.length,
    seconds: 0,
    billableSeconds: 0,
    billableMinor: 0,
    costMinor: 0,
    expensesMinor: 0,
  };
  for (const row of found) {
    totals.seconds += Number(row.seconds);
    totals.billableSeconds += Number(row.billable_seconds);
    totals.billableMinor += Number(row.billable_minor);
    totals.costMinor += Number(row.cost_minor);
    totals.expensesMinor += Number(row.expense_minor);
  }
  return totals;
}

/**
 * A page of the workspace's logs matching the query, labelled, newest day first, with the totals
 * of every match summed from the figures stored with each log (src/lib computed them when the
 * log was written), so they equal what the browser computes for the same logs. Dates, client,
 * project, task and member are filtered in SQL; a tag or text filter needs the shown labels and
 * the description's text, so those matches are found with the browser's own filter.
 */
export async function queryLogs(db: Db, userId: string, q: LogQuery): Promise<LogQueryOutcome> {
  const membership = await membershipOf(db, userId, q.workspaceId);
  if (!membership) return { kind: 'forbidden' };
  const { sources } = await labelSources(db, q.workspaceId);
  const where = conditions(q);
  const label = (found: LogRow[]) =>
    labelledLogs(
      sources,
      found.map((row) => recordOfRow('timeLog', row) as TimeLog),
    );
  if (!q.tag && !q.text) {
    const [sums] = await rows<Record<keyof LogTotals, string | number>>(
      db,
      sql`SELECT count(*) AS logs, coalesce(sum(l.seconds), 0) AS seconds, coalesce(sum(l.billable_seconds), 0) AS "billableSeconds", coalesce(sum(l.billable_minor), 0) AS "billableMinor", coalesce(sum(l.cost_minor), 0) AS "costMinor", coalesce(sum(l.expense_minor), 0) AS "expensesMinor" FROM time_logs l WHERE ${where}`,
    );
    const page = await rows<LogRow>(
      db,
      sql`SELECT ${COLUMNS} FROM time_logs l WHERE ${where} ${ORDER} LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const totals = Object.fromEntries(
      Object.entries(sums ?? {}).map(([key, value]) => [key, Number(value)]),
    ) as unknown as LogTotals;
    return { kind: 'ok', logs: label(page), totals };
  }
  const found = await rows<LogRow>(
    db,
    sql`SELECT ${COLUMNS} FROM time_logs l WHERE ${where} ${ORDER}`,
  );
  const labelled = label(found);
  const lookups = buildLookups(sources);
  const matching = new Set(
    filterLogs(
      labelled,
      { ...(q.tag ? { tag: q.tag } : {}), ...(q.text ? { text: q.text } : {}) },
      lookups,
    ).map((log) => log.id),
  );
  const matchedRows = found.filter((row) => matching.has(row.id));
  const matchedLogs = labelled.filter((log) => matching.has(log.id));
  return {
    kind: 'ok',
    logs: matchedLogs.slice(q.offset, q.offset + q.limit),
    totals: addUp(matchedRows),
  };
}

/** Per project: the sums of its logs before `before` (all when absent), for /projects. */
export async function projectTotals(
  db: Db,
  userId: string,
  workspaceId: string,
  before: string | undefined,
): Promise<
  { kind: 'forbidden' } | { kind: 'ok'; projects: (LogTotals & { projectId: string })[] }
> {
  const membership = await membershipOf(db, userId, workspaceId);
  if (!membership) return { kind: 'forbidden' };
  const found = await rows<Record<string, string | number>>(
    db,
    sql`SELECT l.project_id AS "projectId", count(*) AS logs, sum(l.seconds) AS seconds, sum(l.billable_seconds) AS "billableSeconds", sum(l.billable_minor) AS "billableMinor", sum(l.cost_minor) AS "costMinor", sum(l.expense_minor) AS "expensesMinor" FROM time_logs l WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted AND l.project_id IS NOT NULL${before ? sql` AND l.date < ${before}` : sql``} GROUP BY l.project_id ORDER BY l.project_id`,
  );
  return {
    kind: 'ok',
    projects: found.map(({ projectId, ...sums }) => ({
      projectId: String(projectId),
      ...(Object.fromEntries(
        Object.entries(sums).map(([key, value]) => [key, Number(value)]),
      ) as unknown as LogTotals),
    })),
  };
}
