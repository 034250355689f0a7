import { statusAfterMove } from './approvals';
import type { TimeLog } from './entities/time-log';

/**
 * What "Edit selected" on /allHours changes; every field left undefined keeps each log's own
 * value. `projectId` also sets the shown "Client / Project" label and the task (none, or
 * `taskId`); `memberId` '' means "Me (not on the team list)".
 */
export interface BulkChange {
  projectId?: string | undefined;
  taskId?: string | undefined;
  memberId?: string | undefined;
  /** Comma-separated tags added to each log's own (a tag it already has is not repeated). */
  addTags?: string | undefined;
  /** Billable or not, for every log (issue 29); undefined keeps each log's own. */
  billable?: boolean | undefined;
}

/** What the change needs to know about projects and tasks. */
export interface BulkLookups {
  projectLabel: (projectId: string) => string;
  taskName: (taskId: string) => string;
  /** Whether the project asks for approval: a log moved onto it is pending again. */
  needsApproval: (projectId: string) => boolean;
}

const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** `tags` with `added` appended, each tag once (compared without case). */
export function mergeTags(tags: string, added: string): string {
  const out = splitTags(tags);
  const seen = new Set(out.map((t) => t.toLowerCase()));
  for (const tag of splitTags(added)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.join(', ');
}

/** Whether the change would change anything at all. */
export const changesSomething = (change: BulkChange) =>
  change.projectId !== undefined ||
  change.memberId !== undefined ||
  change.billable !== undefined ||
  splitTags(change.addTags ?? '').length > 0;

/**
 * The fields to write on each of `logs` (only logs that really change appear), so one write
 * updates them all and the sync engine sends one mutation per changed log.
 */
export function bulkPatches(
  logs: readonly TimeLog[],
  change: BulkChange,
  lookups: BulkLookups,
): Map<string, Partial<TimeLog>> {
  const patches = new Map<string, Partial<TimeLog>>();
  for (const log of logs) {
    const patch: Partial<TimeLog> = {};
    if (change.projectId !== undefined) {
      const taskId = change.taskId || null;
      if (log.projectId !== change.projectId || log.taskId !== taskId) {
        patch.projectId = change.projectId;
        patch.client = lookups.projectLabel(change.projectId);
        patch.taskId = taskId;
        patch.task = taskId ? lookups.taskName(taskId) : '';
        const status = statusAfterMove(
          log.projectId,
          change.projectId,
          lookups.needsApproval(change.projectId),
        );
        if (status && status !== log.status) patch.status = status;
      }
    }
    if (change.memberId !== undefined) {
      const memberId = change.memberId || null;
      if (log.memberId !== memberId) patch.memberId = memberId;
    }
    // A log from before the flag gets it even when it bills already: it is now said.
    if (change.billable !== undefined && log.billable !== change.billable)
      patch.billable = change.billable;
    if (change.addTags) {
      const tags = mergeTags(log.tags, change.addTags);
      if (tags !== log.tags) patch.tags = tags;
    }
    if (Object.keys(patch).length > 0) patches.set(log.id, patch);
  }
  return patches;
}
