import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { workspaces } from '../db/schema';
import { relabel, type LocalRecords } from '../../lib/sync/local-records';
import type { TimeLog } from '../../lib/entities/time-log';
import { labelSources, recordsOfKind } from './workspace-records';
import { recordKinds, type RecordKind } from '../../lib/sync/field-names';
import type { Fields } from './records';
import { redacted, visibleIds } from './visibility';
import { membershipOf } from './workspaces';

/** A workspace's records under the documented keys, as "Export my data" writes them. */
export interface WorkspaceExport {
  exportedAt: string;
  workspace: { id: string; name: string };
  clients: LocalRecords['clients'];
  project: LocalRecords['projects'];
  task: LocalRecords['tasks'];
  Team: LocalRecords['members'];
  taskData: LocalRecords['logs'];
}

/**
 * Every live record of the workspace the caller may see, with labels derived from the current
 * names (a log of a deleted project keeps its project's name), in the shape of the browser's
 * keys, so Account setting → Import reads it back. Comes from the server because the browser
 * keeps only recent logs.
 */
export async function exportWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
  now: Date,
): Promise<{ kind: 'forbidden' } | { kind: 'ok'; document: WorkspaceExport }> {
  const membership = await membershipOf(db, userId, workspaceId);
  if (!membership) return { kind: 'forbidden' };
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const { sources, live } = await labelSources(db, workspaceId);
  const logs = (await recordsOfKind(db, workspaceId, 'timeLog'))
    .filter((row) => !row.deleted)
    .map((row) => row.record as TimeLog);
  const all = relabel({ ...sources, logs });
  const seen = Object.fromEntries(
    await Promise.all(
      recordKinds.map(async (kind) => [kind, await visibleIds(db, membership, kind)] as const),
    ),
  ) as Record<RecordKind, Set<string> | null>;
  // Live records the person may see, without what their role may not read (visibility.ts).
  const kept = <T extends { id: string }>(kind: RecordKind, list: T[]): T[] =>
    list
      .filter((record) => live.has(`${kind}:${record.id}`))
      .filter((record) => seen[kind]?.has(record.id) ?? true)
      .map((record) => redacted(membership, kind, record as unknown as Fields) as unknown as T);
  return {
    kind: 'ok',
    document: {
      exportedAt: now.toISOString(),
      workspace: { id: workspaceId, name: workspace?.name ?? '' },
      clients: kept('client', all.clients),
      project: kept('project', all.projects),
      task: kept('task', all.tasks),
      Team: kept('member', all.members),
      taskData: all.logs.filter((log) => seen.timeLog?.has(log.id) ?? true),
    },
  };
}
