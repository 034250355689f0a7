import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toMinor } from '../../lib/money';
import { can, factsOf } from '../../lib/policy';
import { mutationSpecs } from '../../lib/sync/mutations';
import type { ApplyContext } from '../sync/apply';
import { economyOfLog } from '../sync/amounts';
import { protectingRules } from '../sync/audit';
import { teamMembersOf, type Membership } from '../sync/permissions';
import { rows, type Fields } from '../sync/records';

// The bulk write path of an import's logs (issue 32). applyMutation('addTimeLog') spends about
// ten statements on each log (its project and task read, its references checked, the row, the
// audit entry, its money), 10–15 ms a log on PGlite. Here a batch's logs are judged by the same
// steps in memory against rows read once per batch, and written with a few multi-row
// statements. The decisions are the one policy's: the addTimeLog schema, `can(actor, 'add',
// 'log', …)` with the facts refusalOf (permissions.ts) would load, the references check's
// words (apply.ts), protectingRules for the audit log (audit.ts). What applyMutation does
// besides does not apply to a new log with a fresh id: recordGuardProblem judges only deletes
// and ids used before, and followRecordChange only updates and members. Each log's money is
// computed by economyOfLog, as recomputeLogAmounts does, from the rows read once per batch, and
// written with the log (so no read back and update of every log, as recomputeTouched would).

/** A log a row asks for, before it is judged. */
export interface PlannedLog {
  line: number;
  id: string;
  fields: Fields;
  /** An audit entry the import itself asks for (issue 47: history it approved), besides the rules'. */
  audit?: { rules: string[]; reason: string };
}

/** Rows per INSERT: 13 parameters a row stays far below PostgreSQL's 65,535. */
const CHUNK = 500;

const inList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Live projects, tasks or members of the workspace among `ids`, by id. */
async function dataOf(
  ctx: ApplyContext,
  table: 'projects' | 'tasks' | 'members',
  ids: readonly string[],
): Promise<Map<string, Fields>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; data: Fields }>(
    ctx.runner,
    sql`SELECT id, data FROM ${sql.identifier(table)} WHERE workspace_id = ${ctx.membership.workspaceId} AND NOT deleted AND id IN (${inList(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r.data]));
}

const distinct = (logs: readonly { fields: Fields }[], field: string) => [
  ...new Set(
    logs.map((l) => l.fields[field]).filter((v): v is string => typeof v === 'string' && v !== ''),
  ),
];

const KIND_NAMES = { projectId: 'project', taskId: 'task', memberId: 'team member' } as const;

/**
 * Judges and writes a batch's new logs in `ctx`'s transaction: the ones written, and the
 * refused ones with the words applyMutation would have answered.
 */
export async function writeLogs(
  ctx: ApplyContext,
  planned: readonly PlannedLog[],
): Promise<{ written: PlannedLog[]; refused: { line: number; reason: string }[] }> {
  const { membership, now } = ctx;
  const refused: { line: number; reason: string }[] = [];
  // 1. The write schema, as applyMutation parses every mutation's arguments.
  const parsed: PlannedLog[] = [];
  for (const log of planned) {
    const checked = mutationSpecs.addTimeLog.args.safeParse({ id: log.id, fields: log.fields });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      refused.push({
        line: log.line,
        reason: `${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'}`,
      });
      continue;
    }
    parsed.push({ ...log, fields: (checked.data as { fields: Fields }).fields });
  }
  // 2. What the policy needs, read once for the batch.
  const projects = await dataOf(ctx, 'projects', distinct(parsed, 'projectId'));
  const tasks = await dataOf(ctx, 'tasks', distinct(parsed, 'taskId'));
  const members = await dataOf(ctx, 'members', distinct(parsed, 'memberId'));
  const othersLogs = parsed.some((l) => l.fields['memberId'] !== membership.memberId);
  const actor: Membership =
    othersLogs && membership.teamMembers === undefined
      ? {
          ...membership,
          teamMembers: await teamMembersOf(ctx.runner, membership.workspaceId, membership.memberId),
        }
      : membership;
  // 3. Each log judged as applyMutation judges a new one: the policy, then its references.
  const written: PlannedLog[] = [];
  for (const log of parsed) {
    const { fields } = log;
    const projectId = typeof fields['projectId'] === 'string' ? fields['projectId'] : null;
    const taskId = typeof fields['taskId'] === 'string' ? fields['taskId'] : null;
    const forbidden = can(actor, 'add', 'log', {
      before: null,
      after: factsOf.log(fields),
      projectBefore: null,
      projectAfter: factsOf.project(projectId ? projects.get(projectId) : null),
      task: taskId ? factsOf.task(tasks.get(taskId)) : null,
      now,
    });
    if (forbidden) {
      refused.push({ line: log.line, reason: forbidden.slice(0, 300) });
      continue;
    }
    const live = {
      projectId: projectId === null || projects.has(projectId),
      taskId: taskId === null || tasks.has(taskId),
      memberId: typeof fields['memberId'] !== 'string' || members.has(fields['memberId']),
    };
    const missing = (Object.keys(live) as (keyof typeof live)[]).find((field) => !live[field]);
    if (missing) {
      refused.push({
        line: log.line,
        reason: `The ${KIND_NAMES[missing]} this time log refers to (${missing}) does not exist in this workspace.`,
      });
      continue;
    }
    written.push(log);
  }
  // 4. The rows, as writeRecord writes them (records.ts), a chunk per statement, with their
  // money computed as recomputeLogAmounts (amounts.ts) would from the rows read above.
  const at = now.toISOString();
  const dataOrNull = (map: Map<string, Fields>, id: unknown) =>
    typeof id === 'string' ? (map.get(id) ?? null) : null;
  for (let from = 0; from < written.length; from += CHUNK) {
    const values = written.slice(from, from + CHUNK).map(({ id, fields: d }) => {
      const money = economyOfLog(
        d,
        dataOrNull(projects, d['projectId']),
        dataOrNull(tasks, d['taskId']),
        dataOrNull(members, d['memberId']),
      );
      return sql`(${membership.workspaceId}, ${id}, ${JSON.stringify(d)}::jsonb, ${ctx.version}, false, ${at}, ${at}, ${d['date']}, ${d['projectId'] ?? null}, ${d['taskId'] ?? null}, ${d['memberId'] ?? null}, ${d['dur']}, ${toMinor(Number(d['exp'] ?? 0))}, ${money.billableSeconds}, ${money.billableMinor}, ${money.costMinor}, false)`;
    });
    await ctx.runner.execute(sql`
      INSERT INTO time_logs (workspace_id, id, data, version, deleted, created_at, updated_at, date, project_id, task_id, member_id, seconds, expense_minor, billable_seconds, billable_minor, cost_minor, amounts_stale)
      VALUES ${sql.join(values, sql`, `)}`);
  }
  // 5. The audit entry of each log a rule protects (a locked day an Admin imports into).
  const audited = written
    .map((log) => ({
      log,
      rules: [
        ...new Set([
          ...protectingRules(membership, now, null, log.fields, false),
          ...(log.audit?.rules ?? []),
        ]),
      ],
      reason: log.audit?.reason ?? null,
    }))
    .filter((a) => a.rules.length > 0);
  for (let from = 0; from < audited.length; from += CHUNK) {
    const values = audited
      .slice(from, from + CHUNK)
      .map(
        ({ log, rules, reason }) =>
          sql`(${randomUUID()}, ${log.id}, ${rules.join(',')}, ${reason}, ${JSON.stringify(log.fields)})`,
      );
    await ctx.runner.execute(sql`
      INSERT INTO audit_log (id, workspace_id, at, user_id, user_name, kind, record_id, action, rules, reason, before, after)
      SELECT v.id, ${membership.workspaceId}, ${at}, u.id, u.name, 'timeLog', v.record_id, 'create', v.rules, v.reason, NULL, v.after::jsonb
      FROM users u CROSS JOIN (VALUES ${sql.join(values, sql`, `)}) AS v(id, record_id, rules, reason, after)
      WHERE u.id = ${membership.userId}`);
  }
  return { written, refused };
}
