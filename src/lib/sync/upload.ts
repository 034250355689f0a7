import { shortHash } from '../hash';
import {
  clientToServer,
  lookupsOf,
  memberToServer,
  projectToServer,
  taskToServer,
  timeLogToServer,
  type Converted,
  type LocalRecords,
} from './convert';
import type { MutationName } from './mutations';
import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';

/** One create the upload will push. */
export interface PlannedMutation {
  name: MutationName;
  /** `kind:id` of the record it creates. */
  record: string;
  args: { id: string; fields: unknown; createdAt?: string };
}

/** What an upload of data found in this browser will do, and what it cannot send as it is. */
export interface UploadPlan {
  mutations: PlannedMutation[];
  /** Records that cannot be sent, each with the reason in words, to show the person. */
  problems: { kind: string; id: string; problem: string }[];
  /** How many records of each kind will be sent ("We found 3 clients, 2 projects…"). */
  counts: Record<'clients' | 'projects' | 'tasks' | 'members' | 'logs', number>;
}

const realTimestamp = (iso: string | undefined) =>
  iso && !iso.startsWith('1970') ? { createdAt: iso } : {};

/**
 * The original app stored a project's creation day as day of month, 0-based month and year
 * (local time); without a timestamp, noon UTC of that day keeps the same day everywhere.
 */
function createdOn(p: { date?: number; month?: number; year?: number }): string | undefined {
  if (!p.year || p.month === undefined || !p.date) return undefined;
  const stamp = new Date(Date.UTC(p.year, p.month, p.date, 12));
  return Number.isNaN(stamp.getTime()) ? undefined : stamp.toISOString();
}

/**
 * Records written by the original app have no id; the stores number them by position, which
 * changes as logs are added. For an upload that may be retried, each gets an id derived from its
 * content instead, so sending it twice creates it once.
 */
export function stableLogId(id: string, record: object): string {
  if (!id.startsWith('legacy-')) return id;
  const { id: _id, ...content } = record as { id?: string };
  return `legacy-${shortHash(JSON.stringify(content))}`;
}

/**
 * Creates for every record in `local`, in an order the server accepts (clients and members,
 * then projects, tasks and logs, so every reference exists before it is used). A record whose
 * reference points at something the upload does not contain (a log of a project deleted long
 * ago) is left out and listed with the reason, never dropped silently. A log with no date at
 * all (the original app kept none) is dated `today`, the day of the upload. With
 * `trustReferences`, references to records the upload does not contain are sent as they are
 * (records the workspace already has; the server refuses any it does not).
 */
export function planUpload(
  local: LocalRecords,
  today = '',
  { trustReferences = false } = {},
): UploadPlan {
  const lookups = lookupsOf(local);
  const plan: UploadPlan = {
    mutations: [],
    problems: [],
    counts: { clients: 0, projects: 0, tasks: 0, members: 0, logs: 0 },
  };
  // The ids sent of each kind, so what refers to one not sent is told apart.
  const sent = Object.fromEntries(recordKinds.map((kind) => [kind, new Set<string>()])) as Record<
    RecordKind,
    Set<string>
  >;
  /** Sends the record as its kind's stored create, counted under its kind's list. */
  const add = <T extends object>(
    kind: RecordKind,
    converted: Converted<T>,
    createdAt: string | undefined,
    missing: string | null,
  ) => {
    if (!converted.ok) {
      plan.problems.push({ kind, id: converted.id, problem: converted.problem });
      return;
    }
    if (missing && !trustReferences) {
      plan.problems.push({ kind, id: converted.id, problem: missing });
      return;
    }
    const { mutations, list } = kindDescriptions[kind];
    plan.mutations.push({
      name: mutations.create,
      record: `${kind}:${converted.id}`,
      args: { id: converted.id, fields: converted.fields, ...realTimestamp(createdAt) },
    });
    plan.counts[list] += 1;
    sent[kind].add(converted.id);
  };
  for (const c of local.clients) add('client', clientToServer(c), c.createdAt, null);
  for (const m of local.members) add('member', memberToServer(m), m.createdAt, null);
  for (const p of local.projects) {
    const converted = projectToServer(p, lookups);
    const clientId = converted.ok ? converted.fields.clientId : null;
    add(
      'project',
      converted,
      p.createdAt ?? createdOn(p),
      clientId && !sent.client.has(clientId) ? 'Its client is not in this browser any more.' : null,
    );
  }
  const projectOfTask = new Map<string, string>();
  for (const t of local.tasks) {
    const converted = taskToServer(t, lookups);
    const fields = converted.ok ? converted.fields : null;
    if (fields) projectOfTask.set(converted.id, fields.projectId);
    const missing = !fields
      ? null
      : !sent.project.has(fields.projectId)
        ? 'Its project is not in this browser any more.'
        : fields.assigneeIds.some((m) => !sent.member.has(m))
          ? 'One of its assignees is not on the team list any more.'
          : null;
    add('task', converted, t.createdAt, missing);
  }
  for (const l of local.logs) {
    const converted = timeLogToServer({ ...l, id: stableLogId(l.id, l) }, today);
    const fields = converted.ok ? converted.fields : null;
    // A task belongs to its project (src/lib/policy): a log the original app filed under another
    // project's task keeps its time, project and money, without the task it could not have.
    if (fields?.taskId && projectOfTask.has(fields.taskId)) {
      if (projectOfTask.get(fields.taskId) !== fields.projectId) fields.taskId = null;
    }
    const missing = !fields
      ? null
      : fields.projectId && !sent.project.has(fields.projectId)
        ? 'Its project was deleted.'
        : fields.taskId && !sent.task.has(fields.taskId)
          ? 'Its task was deleted.'
          : fields.memberId && !sent.member.has(fields.memberId)
            ? 'Its team member was removed.'
            : null;
    add('timeLog', converted, l.createdAt, missing);
  }
  return plan;
}
