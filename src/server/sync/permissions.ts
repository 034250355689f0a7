import { sql } from 'drizzle-orm';
import { can, factsOf, type Actor } from '../../lib/policy';
import { logChangeOf } from '../../lib/policy/log-change';
import type { RecordKind } from '../../lib/sync/mutations';
import { rows, type Fields, type Runner, type StoredRecord } from './records';

/** The caller's place in a workspace: the policy's actor, with what the server keeps besides. */
export interface Membership extends Actor {
  workspaceId: string;
  userId: string;
  /** The workspace version when what this member may see last changed. */
  resetVersion?: number;
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

// The fields that hold rates: only Admins set them (src/lib/policy, 'setRates').
const rateFields: Partial<Record<RecordKind, string[]>> = {
  project: ['billamount'],
  task: ['billableRate'],
};

/** Reads live projects and tasks once per judged change (a log is judged before and after). */
function recordReader(runner: Runner, workspaceId: string) {
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
  return {
    project: async (id: unknown) => factsOf.project(await read('projects', id)),
    task: async (id: unknown) => factsOf.task(await read('tasks', id)),
  };
}

/** The members of the teams `memberId` leads, or null when they lead none (no limit). */
export async function teamMembersOf(
  runner: Runner,
  workspaceId: string,
  memberId: string | null,
): Promise<string[] | null> {
  const found = await rows<{ member_id: string }>(
    runner,
    sql`SELECT vt.member_id FROM team_members vt JOIN team_members vl ON vl.workspace_id = vt.workspace_id AND vl.team_id = vt.team_id WHERE vl.workspace_id = ${workspaceId} AND vl.member_id = ${memberId ?? ''} AND vl.lead`,
  );
  return found.length > 0 ? found.map((r) => r.member_id) : null;
}

/** Whether the change sets a rate (a new record may come without one: null or 0). */
function setsRate(change: Change): boolean {
  return (rateFields[change.kind] ?? []).some(
    (field) =>
      field in change.fields &&
      (change.op === 'update' || (change.fields[field] !== null && change.fields[field] !== 0)),
  );
}

/**
 * Why the person may not make this change, in words they read beside it, or null when they
 * may. The facts are read in the push's transaction; the decision is src/lib/policy's.
 */
export async function refusalOf(
  runner: Runner,
  membership: Membership,
  change: Change,
  now: Date,
): Promise<string | null> {
  const { kind, op, fields, existing } = change;
  const read = recordReader(runner, membership.workspaceId);
  const before = existing?.data ?? null;
  const after = op === 'delete' ? null : { ...(before ?? {}), ...fields };
  // Team leads are limited to their teams' members, read only when someone else's log is at stake.
  const othersLog =
    kind === 'timeLog' &&
    [before?.['memberId'], after?.['memberId']].some(
      (id) => id !== undefined && id !== membership.memberId,
    );
  const actor: Membership =
    othersLog && membership.teamMembers === undefined
      ? {
          ...membership,
          teamMembers: await teamMembersOf(runner, membership.workspaceId, membership.memberId),
        }
      : membership;
  if (setsRate(change)) {
    const rates = can(actor, 'setRates', 'workspace', {});
    if (rates) return rates;
  }
  switch (kind) {
    case 'client':
      return can(actor, 'manageClients', 'workspace', {});
    case 'member':
      return can(actor, 'manageMembers', 'workspace', {});
    case 'project': {
      if (op === 'create') return can(actor, 'createProject', 'workspace', {});
      if (op === 'delete') return can(actor, 'deleteProject', 'workspace', {});
      if ('approval' in fields && fields['approval'] !== before?.['approval']) {
        const approval = can(actor, 'setApproval', 'workspace', {});
        if (approval) return approval;
      }
      return can(actor, 'edit', 'project', { project: factsOf.project(before) });
    }
    case 'task': {
      const projectIds = [before?.['projectId'], after?.['projectId']].filter(
        (id) => id !== undefined,
      );
      for (const projectId of projectIds.length > 0 ? new Set(projectIds) : [null]) {
        const refused = can(actor, 'editTasks', 'project', {
          project: await read.project(projectId),
        });
        if (refused) return refused;
      }
      return null;
    }
    case 'timeLog':
      return can(actor, logChangeOf(op, fields).action, 'log', {
        before: before ? factsOf.log(before) : null,
        after: after ? factsOf.log(after) : null,
        projectBefore: before ? await read.project(before['projectId']) : null,
        projectAfter: after ? await read.project(after['projectId']) : null,
        task: after?.['taskId'] ? await read.task(after['taskId']) : null,
        now,
      });
  }
}
