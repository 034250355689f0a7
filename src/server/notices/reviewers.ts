import { sql } from 'drizzle-orm';
import {
  approvalRequest,
  factsOf,
  logRefusal,
  mayLeadTeams,
  type ProjectFacts,
} from '../../lib/policy';
import type { Db } from '../db/connect';
import { teamMembersOf, type Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import { membershipsIn } from '../sync/workspaces';

// Who is told of a submitted week is who may review it: the policy's one rule (`reviewsLog`,
// inside `logRefusal`), asked per person and log with `approvalRequest`, exactly as the push asks
// it when they approve (src/server/sync/permissions.ts). This file only loads the facts. A
// list of its own (team leads, else the project's Managers, else the Admins) told a lead off
// the project of hours they could neither see nor review, and kept the Admin who could in the
// dark (issue 46).

/** A log as the notice job reads it: its stored fields. */
interface StoredLog {
  data: Record<string, unknown>;
}

async function projectsOf(db: Db, workspaceId: string, ids: string[]) {
  const found = new Map<string, ProjectFacts | null>();
  if (ids.length === 0) return found;
  const stored = await rows<{ id: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT id, data FROM projects WHERE workspace_id = ${workspaceId} AND NOT deleted
      AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  for (const { id, data } of stored) found.set(id, factsOf.project(data));
  return found;
}

/** The actor the push would judge `membership` as: a team lead limited to their teams. */
async function actorOf(db: Db, membership: Membership): Promise<Membership> {
  if (!mayLeadTeams(membership)) return membership;
  const teamMembers = await teamMembersOf(db, membership.workspaceId, membership.memberId);
  return { ...membership, teamMembers };
}

/**
 * Who may review which of the logs, by user id: everyone with access to the workspace whom the
 * policy lets approve a log still submitted (`approvalRequest`), with the logs
 * that are theirs to review, in membership order. Never `submitter`, and nobody for logs no
 * longer submitted (reviewed or changed before the notice job ran).
 */
export async function reviewersOf<T extends StoredLog>(
  db: Db,
  workspaceId: string,
  submitter: string,
  logs: readonly T[],
  now: Date,
): Promise<Map<string, T[]>> {
  const reviewers = new Map<string, T[]>();
  const submitted = logs.filter((log) => log.data['status'] === 'submitted');
  if (submitted.length === 0) return reviewers;
  const projectIds = [
    ...new Set(submitted.flatMap((log) => factsOf.log(log.data).projectId ?? [])),
  ];
  const projects = await projectsOf(db, workspaceId, projectIds);
  for (const membership of await membershipsIn(db, workspaceId)) {
    if (membership.userId === submitter) continue;
    const actor = await actorOf(db, membership);
    const theirs = submitted.filter((log) => {
      const before = factsOf.log(log.data);
      const project = before.projectId ? (projects.get(before.projectId) ?? null) : null;
      return logRefusal(actor, approvalRequest(before, project, now)) === null;
    });
    if (theirs.length > 0) reviewers.set(membership.userId, theirs);
  }
  return reviewers;
}
