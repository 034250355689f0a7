import { sql, type SQL } from 'drizzle-orm';
import type { Member } from '../../lib/entities/member';
import type { Project } from '../../lib/entities/project';
import type { Task } from '../../lib/entities/task';
import { logEconomy } from '../../lib/totals';
import { amountsMayChange } from './frozen-amounts';
import { serverKindOf } from '../records/kinds';
import type { Fields, Runner } from './records';

/**
 * Keeps each time log's stored money (billable seconds after rounding, billable amount and
 * labour cost in minor units) equal to what src/lib computes for it, so the server sums stored
 * integers in SQL and agrees with every screen to the paisa. Deleted projects, tasks and
 * members still count: a log keeps the amounts and rate settings it was made under. A log an
 * issued invoice holds keeps the amounts it was billed at (frozen-amounts.ts).
 */

/** Which logs to compute again. */
export type LogScope =
  | { logId: string }
  | { logIds: string[] }
  | { projectId: string }
  | { taskId: string }
  | { memberId: string }
  | { invoiceId: string }
  | { stale: true };

interface Row {
  workspace_id: string;
  id: string;
  log: Fields;
  project: Fields | null;
  task: Fields | null;
  member: Fields | null;
}

const BATCH = 1000;

function condition(scope: LogScope): SQL {
  if ('logId' in scope) return sql`l.id = ${scope.logId}`;
  if ('logIds' in scope)
    return scope.logIds.length === 0
      ? sql`false`
      : sql`l.id IN (${sql.join(
          scope.logIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  if ('projectId' in scope) return sql`l.project_id = ${scope.projectId}`;
  if ('taskId' in scope) return sql`l.task_id = ${scope.taskId}`;
  if ('memberId' in scope) return sql`l.member_id = ${scope.memberId}`;
  if ('invoiceId' in scope)
    return sql`l.id IN (SELECT il.log_id FROM invoice_logs il WHERE il.workspace_id = l.workspace_id AND il.invoice_id = ${scope.invoiceId})`;
  return sql`l.amounts_stale`;
}

/**
 * A log's money from its stored fields and those of its project, task and member (null: none),
 * as src/lib computes it. Only the fields the money depends on are read; stored shapes have them.
 */
export function economyOfLog(
  data: Fields,
  project: Fields | null,
  task: Fields | null,
  member: Fields | null,
) {
  const log = data as {
    date: string;
    dur: number;
    projectId: string | null;
    taskId: string | null;
    memberId: string | null;
    billable?: boolean;
  };
  return logEconomy(log, {
    projectsById: new Map(
      project && log.projectId ? [[log.projectId, project as unknown as Project]] : [],
    ),
    tasksById: new Map(task && log.taskId ? [[log.taskId, task as unknown as Task]] : []),
    membersById: new Map(
      member && log.memberId ? [[log.memberId, member as unknown as Member]] : [],
    ),
    clientsById: new Map(),
  });
}

/**
 * Computes the logs in `scope` again (in `workspaceId`, or in every workspace when null) and
 * stores the figures, leaving those an issued invoice holds; returns how many logs it wrote.
 */
export async function recomputeLogAmounts(
  runner: Runner,
  workspaceId: string | null,
  scope: LogScope,
): Promise<number> {
  const inWorkspace = workspaceId === null ? sql`true` : sql`l.workspace_id = ${workspaceId}`;
  const result: unknown = await runner.execute(sql`
    SELECT l.workspace_id, l.id, l.data AS log, p.data AS project, t.data AS task, m.data AS member
    FROM time_logs l
    LEFT JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
    LEFT JOIN tasks t ON t.workspace_id = l.workspace_id AND t.id = l.task_id
    LEFT JOIN members m ON m.workspace_id = l.workspace_id AND m.id = l.member_id
    WHERE ${inWorkspace} AND ${condition(scope)} AND ${amountsMayChange}`);
  // Both drivers answer with `{ rows }`; drizzle types the two results differently.
  const rows = (result as { rows: Row[] }).rows;
  for (let at = 0; at < rows.length; at += BATCH) {
    const values = rows.slice(at, at + BATCH).map((row) => {
      const economy = economyOfLog(row.log, row.project, row.task, row.member);
      return sql`(${row.workspace_id}::uuid, ${row.id}, ${economy.billableSeconds}::integer, ${economy.billableMinor}::bigint, ${economy.costMinor}::bigint)`;
    });
    await runner.execute(sql`
      UPDATE time_logs SET billable_seconds = v.s, billable_minor = v.b, cost_minor = v.c, amounts_stale = false
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(w, id, s, b, c)
      WHERE time_logs.workspace_id = v.w AND time_logs.id = v.id`);
  }
  return rows.length;
}

/** The logs whose money a written record changes (its kind's `moneyScope`), or null when none. */
export function scopeOfChange(
  kind: string,
  op: 'create' | 'update' | 'delete',
  id: string,
  changed: Fields,
): LogScope | null {
  return serverKindOf(kind).moneyScope?.(op, id, changed) ?? null;
}

/**
 * Computes, once, the logs that a push's mutations touched (collected while they ran): the new
 * and changed logs in one query, then each project, task and member whose money fields changed.
 * Run at the end of the push, it reads the final state of everything the push wrote.
 */
export async function recomputeTouched(
  runner: Runner,
  workspaceId: string,
  touched: readonly LogScope[],
): Promise<void> {
  const logIds = new Set<string>();
  const others = new Map<string, LogScope>();
  for (const scope of touched) {
    if ('logId' in scope) logIds.add(scope.logId);
    else others.set(JSON.stringify(scope), scope);
  }
  const ids = [...logIds];
  for (let at = 0; at < ids.length; at += BATCH)
    await recomputeLogAmounts(runner, workspaceId, { logIds: ids.slice(at, at + BATCH) });
  for (const scope of others.values()) await recomputeLogAmounts(runner, workspaceId, scope);
}
