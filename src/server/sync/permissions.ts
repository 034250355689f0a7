import { sql } from 'drizzle-orm';
import { invoicedLogProblem } from '../../lib/abilities';
import { formatDay } from '../../lib/day';
import type { RecordKind } from '../../lib/sync/mutations';
import { lockedUpTo, type WorkspaceRules } from '../../lib/workspace-rules';
import { rows, type Fields, type Runner, type StoredRecord } from './records';

/** The caller's place in a workspace. */
export interface Membership {
  workspaceId: string;
  userId: string;
  role: 'Admin' | 'Manager' | 'Normal';
  memberId: string | null;
  /** The workspace version when what this member may see last changed. */
  resetVersion?: number;
  /** Rates, costs and amounts: Admins always, Managers when the workspace allows, Normal never. */
  seesAmounts: boolean;
  /** The workspace's calendar and locks. */
  rules: WorkspaceRules;
  /** The workspace's currency (ISO 4217), which every amount is shown in; INR until set. */
  currency?: string;
}

/** A change a person asks for, with the record as it is now (null when it does not exist). */
export interface Change {
  kind: RecordKind;
  op: 'create' | 'update' | 'delete';
  fields: Fields;
  existing: StoredRecord | null;
}

// The fields that hold rates: only those who may see amounts may set them.
const rateFields: Partial<Record<RecordKind, string[]>> = {
  project: ['billamount'],
  task: ['billableRate'],
};

/** Reads live projects and tasks once per judged change (a log is checked before and after). */
function recordReader(runner: Runner, workspaceId: string, memberId: string | null) {
  const seen = new Map<string, Promise<Fields | null>>();
  const read = (table: 'projects' | 'tasks', id: unknown): Promise<Fields | null> => {
    if (typeof id !== 'string') return Promise.resolve(null);
    const key = `${table}:${id}`;
    let found = seen.get(key);
    if (!found) {
      found = rows<{ data: Fields }>(
        runner,
        sql`SELECT data FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId} AND id = ${id} AND NOT deleted`,
      ).then(([row]) => row?.data ?? null);
      seen.set(key, found);
    }
    return found;
  };
  let team: Promise<Set<string> | null> | null = null;
  return {
    project: (id: unknown) => read('projects', id),
    task: (id: unknown) => read('tasks', id),
    /** The members of the teams the person leads, or null when they lead none (no limit). */
    teamMembers: () =>
      (team ??= rows<{ member_id: string }>(
        runner,
        sql`SELECT vt.member_id FROM team_members vt JOIN team_members vl ON vl.workspace_id = vt.workspace_id AND vl.team_id = vt.team_id WHERE vl.workspace_id = ${workspaceId} AND vl.member_id = ${memberId ?? ''} AND vl.lead`,
      ).then((found) => (found.length > 0 ? new Set(found.map((r) => r.member_id)) : null))),
  };
}
type Reader = ReturnType<typeof recordReader>;

const assigned = (project: Fields | null, memberId: string | null) =>
  Boolean(
    project &&
    memberId &&
    Array.isArray(project['memberIds']) &&
    project['memberIds'].includes(memberId),
  );

/** Why a time log (as it would be after the change) is not this person's to write, or null. */
async function logProblem(
  read: Reader,
  membership: Membership,
  log: Fields,
  /** The log's status before the change, null for a new log (a decision is judged only when it changes). */
  previousStatus: unknown,
): Promise<string | null> {
  const me = membership.memberId;
  const project = await read.project(log['projectId']);
  const onMyProject = assigned(project, me);
  if (log['projectId'] && !onMyProject)
    return 'You can only track time on projects you are assigned to.';
  if (membership.role === 'Normal') {
    if (log['memberId'] !== me) return 'You can only track your own time.';
    const task = await read.task(log['taskId']);
    const assignees = Array.isArray(task?.['assigneeIds']) ? (task['assigneeIds'] as string[]) : [];
    if (task && assignees.length > 0 && !assignees.includes(me ?? ''))
      return 'You can only track time on tasks assigned to you.';
  } else if (log['memberId'] !== me) {
    // A Manager logs for others only on a project they manage (a log without one is personal),
    // and, when they lead teams, only for those teams' members.
    if (!onMyProject) return 'You can only track time for others on projects you manage.';
    const team = await read.teamMembers();
    if (team && !team.has(String(log['memberId'])))
      return 'You can only track or review time of the members of your teams.';
  }
  // Approving or rejecting is for the project's Managers (and Admins, who are not asked).
  const decided = log['status'] === 'approved' || log['status'] === 'rejected';
  if (
    project?.['approval'] === true &&
    decided &&
    log['status'] !== previousStatus &&
    (membership.role === 'Normal' || !onMyProject)
  )
    return 'Logs on this project need approval: a Manager or an Admin approves them.';
  return null;
}

/** Fields a review changes: the decision and the note to the log's author. */
const reviewFields = new Set(['status', 'reviewNote']);

/**
 * Why a log may not be added, changed or removed because its day (before or after the change) is
 * locked, or null. Admins are never asked: a lock blocks Managers and Normal members only.
 */
export function lockProblem(
  rules: WorkspaceRules,
  now: Date,
  before: Fields | null,
  after: Fields | null,
): string | null {
  const upTo = lockedUpTo(rules, now);
  if (!upTo) return null;
  const lockedDay = [before?.['date'], after?.['date']].find(
    (day) => typeof day === 'string' && day <= upTo,
  );
  if (lockedDay === undefined) return null;
  return `Logs up to ${formatDay(upTo)} are locked: only an Admin can add, change or remove them.`;
}

/**
 * Why the person may not make this change, in words they read beside it, or null when they may
 * (SPEC.md section 6; docs/security.md has the table). Admins may make every change.
 */
export async function refusalOf(
  runner: Runner,
  membership: Membership,
  change: Change,
  now: Date,
): Promise<string | null> {
  const { kind, op, fields, existing } = change;
  if (kind === 'timeLog' && op !== 'delete') {
    const after = { ...(existing?.data ?? {}), ...fields };
    const note = typeof after['reviewNote'] === 'string' ? after['reviewNote'].trim() : '';
    if (after['status'] === 'rejected' && existing?.data['status'] !== 'rejected' && !note)
      return 'Say why the log is rejected, so its author can fix it.';
  }
  // An issued invoice holds its logs for everyone, Admins too, until it is voided (issue 14). The
  // number is written on the log in the transaction that issues (src/server/invoices/invoices.ts).
  const invoice = kind === 'timeLog' ? existing?.data['invoice'] : undefined;
  if (typeof invoice === 'string') return invoicedLogProblem(invoice);
  if (membership.role === 'Admin') return null;
  if (kind === 'timeLog') {
    const locked = lockProblem(
      membership.rules,
      now,
      existing?.data ?? null,
      op === 'delete' ? null : { ...(existing?.data ?? {}), ...fields },
    );
    if (locked) return locked;
  }
  const read = recordReader(runner, membership.workspaceId, membership.memberId);
  const before = existing?.data ?? {};
  const after = { ...before, ...fields };
  // A new record may come without a rate (null or 0); setting or changing one needs amounts.
  const setsRate = (field: string) =>
    field in fields && (op === 'update' || (fields[field] !== null && fields[field] !== 0));
  if (!membership.seesAmounts && (rateFields[kind] ?? []).some(setsRate))
    return 'Only those who may see amounts can change rates.';
  switch (kind) {
    case 'client':
      return 'Only Admins can change clients.';
    case 'member':
      return 'Only Admins can change team members.';
    case 'project': {
      if (op !== 'update') return 'Only Admins can create or delete projects.';
      if (membership.role !== 'Manager' || !assigned(before, membership.memberId))
        return 'Only Admins and the project’s Managers can change a project.';
      return null;
    }
    case 'task': {
      if (membership.role !== 'Manager') return 'Only Admins and Managers can change tasks.';
      for (const projectId of new Set([before['projectId'], after['projectId']])) {
        if (projectId === undefined) continue;
        if (!assigned(await read.project(projectId), membership.memberId))
          return 'You can only change tasks of projects you manage.';
      }
      return null;
    }
    case 'timeLog': {
      if (existing) {
        const was = await logProblem(read, membership, before, before['status']);
        if (was) return was;
        const project = await read.project(before['projectId']);
        if (project?.['approval'] === true && before['status'] === 'approved')
          return 'This log is approved: only an Admin can change it.';
        // A submitted log waits for its review: only a Manager of the project decides on it.
        const review =
          op === 'update' &&
          Object.keys(fields).every((field) => reviewFields.has(field)) &&
          membership.role === 'Manager' &&
          assigned(project, membership.memberId);
        if (project?.['approval'] === true && before['status'] === 'submitted' && !review)
          return 'This log is submitted for approval: it can be changed again if it is rejected.';
      }
      if (op === 'delete') return null;
      return logProblem(read, membership, after, existing ? before['status'] : null);
    }
  }
}
