import { sql, type SQL } from 'drizzle-orm';
import type { TimeLog } from '../../lib/entities/time-log';
import { filterLogs } from '../../lib/log-filter';
import type { LogTotals } from '../../lib/sync/log-totals';
import { buildLookups } from '../../lib/totals';
import type { Db } from '../db/connect';
import { logDataForDevices } from './frozen-amounts';
import { rows } from './records';
import { labelledLogs, labelSources, recordOfRow } from './workspace-records';
import type { Membership } from './permissions';
import { redacted, visibleCondition } from './visibility';
import { membershipOf } from './workspaces';

/** Totals as the person may see them: money only for those who may see amounts. */
function withoutAmounts(membership: Membership, totals: LogTotals): LogTotals {
  return membership.seesAmounts ? totals : { ...totals, billableMinor: 0, costMinor: 0 };
}

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
  status?: 'approved' | 'pending' | 'submitted' | 'rejected' | undefined;
  tag?: string | undefined;
  text?: string | undefined;
  /** Newest day first (the default), or most recently added or changed first (Activity). */
  order?: 'day' | 'recent' | undefined;
  /** Logs per page and how many to skip. */
  limit: number;
  offset: number;
}

export type LogQueryOutcome =
  | { kind: 'forbidden' }
  | {
      kind: 'ok';
      logs: TimeLog[];
      totals: LogTotals;
      /** Seconds of every match on each day the page shows (a day may go on in the next page). */
      daySeconds: Record<string, number>;
    };

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

function conditions(q: LogQuery, membership: Membership): SQL {
  const parts: SQL[] = [
    sql`l.workspace_id = ${q.workspaceId}`,
    sql`NOT l.deleted`,
    visibleCondition(membership, 'timeLog', 'l'),
  ];
  if (q.from) parts.push(sql`l.date >= ${q.from}`);
  if (q.to) parts.push(sql`l.date <= ${q.to}`);
  if (q.before) parts.push(sql`l.date < ${q.before}`);
  if (q.projectId) parts.push(sql`l.project_id = ${q.projectId}`);
  if (q.taskId) parts.push(sql`l.task_id = ${q.taskId}`);
  if (q.memberId) parts.push(sql`l.member_id = ${q.memberId}`);
  if (q.status) parts.push(sql`l.data->>'status' = ${q.status}`);
  if (q.clientId)
    parts.push(
      sql`l.project_id IN (SELECT id FROM projects WHERE workspace_id = ${q.workspaceId} AND client_id = ${q.clientId})`,
    );
  return sql.join(parts, sql` AND `);
}

/** What a tag or text filter reads of a log, with its stored figures. */
interface SlimRow {
  id: string;
  date: string;
  projectId: string | null;
  taskId: string | null;
  tags: string;
  desc: string;
  client: string;
  task: string;
  seconds: number;
  billable_seconds: number;
  billable_minor: string | number;
  cost_minor: string | number;
  expense_minor: string | number;
}

const orderOf = (q: LogQuery) =>
  q.order === 'recent'
    ? sql`ORDER BY l.updated_at DESC, l.id DESC`
    : sql`ORDER BY l.date DESC, l.created_at DESC, l.id DESC`;
// An invoiced log goes with the figures its invoice froze, as in a pull (frozen-amounts.ts).
const COLUMNS = sql`l.id, ${logDataForDevices('l')} AS data, l.deleted, l.created_at, l.updated_at, l.seconds, l.billable_seconds, l.billable_minor, l.cost_minor, l.expense_minor`;

function addUp(found: SlimRow[]): LogTotals {
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
  const where = conditions(q, membership);
  const label = (found: LogRow[]) =>
    labelledLogs(
      sources,
      found.map(
        (row) =>
          recordOfRow('timeLog', {
            ...row,
            data: redacted(membership, 'timeLog', row.data),
          }) as TimeLog,
      ),
    );
  if (!q.tag && !q.text) {
    const [sums] = await rows<Record<keyof LogTotals, string | number>>(
      db,
      sql`SELECT count(*) AS logs, coalesce(sum(l.seconds), 0) AS seconds, coalesce(sum(l.billable_seconds), 0) AS "billableSeconds", coalesce(sum(l.billable_minor), 0) AS "billableMinor", coalesce(sum(l.cost_minor), 0) AS "costMinor", coalesce(sum(l.expense_minor), 0) AS "expensesMinor" FROM time_logs l WHERE ${where}`,
    );
    const page = await rows<LogRow>(
      db,
      sql`SELECT ${COLUMNS} FROM time_logs l WHERE ${where} ${orderOf(q)} LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const totals = withoutAmounts(
      membership,
      Object.fromEntries(
        Object.entries(sums ?? {}).map(([key, value]) => [key, Number(value)]),
      ) as unknown as LogTotals,
    );
    const days = [...new Set(page.map((row) => String(row.data['date'])))];
    const perDay =
      days.length === 0
        ? []
        : await rows<{ day: string; seconds: string | number }>(
            db,
            sql`SELECT to_char(l.date, 'YYYY-MM-DD') AS day, sum(l.seconds) AS seconds FROM time_logs l WHERE ${where} AND l.date IN (${sql.join(
              days.map((day) => sql`${day}`),
              sql`, `,
            )}) GROUP BY l.date`,
          );
    return {
      kind: 'ok',
      logs: label(page),
      totals,
      daySeconds: Object.fromEntries(perDay.map((row) => [row.day, Number(row.seconds)])),
    };
  }
  // Only what the filter reads, for every candidate: the full records of the page come after.
  const found = await rows<SlimRow>(
    db,
    sql`SELECT l.id, to_char(l.date, 'YYYY-MM-DD') AS date, l.project_id AS "projectId", l.task_id AS "taskId", l.data->>'tags' AS tags, l.data->>'desc' AS "desc", '' AS client, '' AS task, l.seconds, l.billable_seconds, l.billable_minor, l.cost_minor, l.expense_minor FROM time_logs l WHERE ${where} ${orderOf(q)}`,
  );
  const slim = labelledLogs(sources, found as unknown as TimeLog[]);
  const matching = new Set(
    filterLogs(
      slim,
      { ...(q.tag ? { tag: q.tag } : {}), ...(q.text ? { text: q.text } : {}) },
      buildLookups(sources),
    ).map((log) => log.id),
  );
  const matched = found.filter((row) => matching.has(row.id));
  const pageIds = matched.slice(q.offset, q.offset + q.limit).map((row) => row.id);
  const page =
    pageIds.length === 0
      ? []
      : await rows<LogRow>(
          db,
          sql`SELECT ${COLUMNS} FROM time_logs l WHERE l.workspace_id = ${q.workspaceId} AND l.id IN (${sql.join(
            pageIds.map((id) => sql`${id}`),
            sql`, `,
          )}) ${orderOf(q)}`,
        );
  const shownDays = new Set(page.map((row) => String(row.data['date'])));
  const daySeconds: Record<string, number> = {};
  for (const row of matched)
    if (shownDays.has(row.date))
      daySeconds[row.date] = (daySeconds[row.date] ?? 0) + Number(row.seconds);
  return {
    kind: 'ok',
    logs: label(page),
    totals: withoutAmounts(membership, addUp(matched)),
    daySeconds,
  };
}

/** One project's figures in /api/totals. */
export type ProjectTotals = LogTotals & {
  projectId: string;
  /** Its logs waiting for approval (at most 1,000), so /projects can approve them. */
  pendingLogIds: string[];
};

/** Per project: the sums of its logs before `before` (all when absent), for /projects. */
export async function projectTotals(
  db: Db,
  userId: string,
  workspaceId: string,
  before: string | undefined,
): Promise<{ kind: 'forbidden' } | { kind: 'ok'; projects: ProjectTotals[] }> {
  const membership = await membershipOf(db, userId, workspaceId);
  if (!membership) return { kind: 'forbidden' };
  const found = await rows<Record<string, string | number> & { pending: string[] | null }>(
    db,
    sql`SELECT l.project_id AS "projectId", count(*) AS logs, sum(l.seconds) AS seconds, sum(l.billable_seconds) AS "billableSeconds", sum(l.billable_minor) AS "billableMinor", sum(l.cost_minor) AS "costMinor", sum(l.expense_minor) AS "expensesMinor", (array_agg(l.id ORDER BY l.date DESC, l.id) FILTER (WHERE l.data->>'status' = 'pending'))[1:1000] AS pending FROM time_logs l WHERE l.workspace_id = ${workspaceId} AND NOT l.deleted AND ${visibleCondition(membership, 'timeLog', 'l')} AND l.project_id IS NOT NULL${before ? sql` AND l.date < ${before}` : sql``} GROUP BY l.project_id ORDER BY l.project_id`,
  );
  return {
    kind: 'ok',
    projects: found.map(({ projectId, pending, ...sums }) => ({
      projectId: String(projectId),
      ...withoutAmounts(
        membership,
        Object.fromEntries(
          Object.entries(sums).map(([key, value]) => [key, Number(value)]),
        ) as unknown as LogTotals,
      ),
      pendingLogIds: pending ?? [],
    })),
  };
}

/** Every tag used on the workspace's logs, old or new, for /allHours' tag filter. */
export async function workspaceTags(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<{ kind: 'forbidden' } | { kind: 'ok'; tags: string[] }> {
  const membership = await membershipOf(db, userId, workspaceId);
  if (!membership) return { kind: 'forbidden' };
  return { kind: 'ok', tags: await tagsSeenBy(db, membership) };
}

/**
 * Every tag on the logs `membership` may see, sorted as the browser sorts the tags it holds
 * (src/lib/log-filter.ts allTags). Also the public API's GET /api/v1/tags.
 */
export async function tagsSeenBy(db: Db, membership: Membership): Promise<string[]> {
  const found = await rows<{ tag: string }>(
    db,
    sql`SELECT DISTINCT trim(t) AS tag FROM time_logs l, unnest(string_to_array(l.data->>'tags', ',')) AS t WHERE l.workspace_id = ${membership.workspaceId} AND NOT l.deleted AND ${visibleCondition(membership, 'timeLog', 'l')} AND trim(t) <> ''`,
  );
  return found.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}
