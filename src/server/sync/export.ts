import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { workspaces } from '../db/schema';
import type { ExportFile } from '../../lib/contracts/export-file';
import { relabel, type AnyLocalRecord, type LocalRecords } from '../../lib/sync/local-records';
import type { RecordKind } from '../../lib/sync/field-names';
import { serverKinds } from '../records/kinds';
import { labelSources, recordsOfKind } from './workspace-records';
import type { Fields } from './records';
import { redacted, visibleIds } from './visibility';
import { membershipOf } from './workspaces';

/**
 * A workspace's records under the documented keys, as "Export my data" writes them: the export
 * file's contract (src/lib/contracts/export-file.ts), each kind's list under its `storageKey`.
 */
export type WorkspaceExport = ExportFile;

/**
 * Every live record of the workspace the caller may see, with labels derived from the current
 * names (a log of a deleted project keeps its project's name), in the shape of the browser's
 * keys, so Account setting → Import reads it back. Comes from the server because the browser
 * keeps only recent logs. Every kind of the registry is in it, under its documented key and in
 * the registry's order (exportedAt and workspace first), so a new kind needs no line here.
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
  // The kinds that label logs are read with their deleted records (a log keeps its deleted
  // project's name); the others' live records only.
  const { sources, live } = await labelSources(db, workspaceId);
  const lists: Record<string, AnyLocalRecord[]> = { ...sources };
  for (const { description, labelsLogs } of serverKinds()) {
    if (labelsLogs) continue;
    const kind = description.name as RecordKind;
    const found = (await recordsOfKind(db, workspaceId, kind)).filter((row) => !row.deleted);
    for (const { record } of found) live.add(`${kind}:${record.id}`);
    lists[description.list] = found.map((row) => row.record);
  }
  const all = relabel(lists as unknown as LocalRecords) as unknown as Record<
    string,
    AnyLocalRecord[]
  >;
  const document: Record<string, unknown> = {
    exportedAt: now.toISOString(),
    workspace: { id: workspaceId, name: workspace?.name ?? '' },
  };
  for (const { description } of serverKinds()) {
    const kind = description.name as RecordKind;
    const seen = await visibleIds(db, membership, kind);
    // Live records the person may see, without what their role may not read (visibility.ts).
    document[description.storageKey] = (all[description.list] ?? [])
      .filter((record) => live.has(`${kind}:${record.id}`))
      .filter((record) => seen?.has(record.id) ?? true)
      .map((record) => redacted(membership, kind, record as unknown as Fields));
  }
  // Built key by key from the registry, which the export file's contract is built from too.
  return { kind: 'ok', document: document as WorkspaceExport };
}
