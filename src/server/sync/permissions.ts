import { sql } from 'drizzle-orm';
import { can, factsOf, runRefusal, type Actor } from '../../lib/policy';
import { serverKindOf } from '../records/kinds';
import { rows, type Fields, type KindName, type Runner, type StoredRecord } from './records';

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
  kind: KindName;
  op: 'create' | 'update' | 'delete';
  fields: Fields;
  existing: StoredRecord | null;
}

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
  // The fields that hold rates are the kind's (`rateFields`): only Admins set them ('setRates').
  return (serverKindOf(change.kind).rateFields ?? []).some(
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
  if (setsRate(change)) {
    const rates = can(membership, 'setRates', 'workspace', {});
    if (rates) return rates;
  }
  // Which question of the policy the change asks is the kind's to say.
  return serverKindOf(kind).refusal({
    actor: membership,
    op,
    fields,
    before,
    after,
    read,
    now,
    // Team leads are limited to their teams' members, read only when a kind asks for them.
    withTeamMembers: async () =>
      membership.teamMembers === undefined
        ? {
            ...membership,
            teamMembers: await teamMembersOf(runner, membership.workspaceId, membership.memberId),
          }
        : membership,
  });
}

/**
 * Why the person may not set their stopwatch running for what it names, or null: a run is
 * judged as the log its stop will save (src/lib/policy/log-policy.ts `runRefusal`).
 */
export async function runRefusalOf(
  runner: Runner,
  membership: Membership,
  timer: Fields,
  now: Date,
): Promise<string | null> {
  const entry = timer['entry'];
  if (timer['status'] !== 'running' || typeof entry !== 'object' || entry === null) return null;
  const run = factsOf.log({ ...(entry as Fields), date: timer['day'] });
  const read = recordReader(runner, membership.workspaceId);
  const named = run.memberId ?? membership.memberId;
  const actor =
    named !== membership.memberId && membership.teamMembers === undefined
      ? {
          ...membership,
          teamMembers: await teamMembersOf(runner, membership.workspaceId, membership.memberId),
        }
      : membership;
  return runRefusal(actor, {
    run,
    project: run.projectId ? await read.project(run.projectId) : null,
    task: run.taskId ? await read.task(run.taskId) : null,
    now,
  });
}
