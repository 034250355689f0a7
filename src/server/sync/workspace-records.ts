import { sql } from 'drizzle-orm';
import type { RecordKind } from '../../lib/sync/field-names';
import { serverKindOf, serverKinds } from '../records/kinds';
import {
  localFromRow,
  relabel,
  type AnyLocalRecord,
  type LocalRecords,
} from '../../lib/sync/local-records';
import { rows, type Fields, type Runner } from './records';

/** The names time logs are shown with: every client, project and task, deleted ones too. */
export type LabelSources = Pick<LocalRecords, 'clients' | 'projects' | 'tasks' | 'members'>;

interface RecordRow {
  id: string;
  data: Fields;
  deleted: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A browser record (labels still empty) from a stored row. */
export function recordOfRow(kind: RecordKind, row: RecordRow): AnyLocalRecord {
  return localFromRow(
    kind,
    row.id,
    row.data,
    new Date(row.created_at).toISOString(),
    new Date(row.updated_at).toISOString(),
  );
}

/** Every record of `kind` in the workspace, deleted ones marked. */
export async function recordsOfKind(
  runner: Runner,
  workspaceId: string,
  kind: RecordKind,
): Promise<{ record: AnyLocalRecord; deleted: boolean }[]> {
  const found = await rows<RecordRow>(
    runner,
    sql`SELECT id, data, deleted, created_at, updated_at FROM ${sql.identifier(serverKindOf(kind).table)} WHERE workspace_id = ${workspaceId} ORDER BY created_at, id`,
  );
  return found.map((row) => ({ record: recordOfRow(kind, row), deleted: row.deleted }));
}

/**
 * Clients, projects, tasks and members of the workspace, deleted ones included (a log of a
 * deleted project keeps showing its name), and the ids of those still live.
 */
export async function labelSources(
  runner: Runner,
  workspaceId: string,
): Promise<{ sources: LabelSources; live: Set<string> }> {
  const sources: LabelSources = { clients: [], projects: [], tasks: [], members: [] };
  const live = new Set<string>();
  // The kinds whose names label logs (`labelsLogs`: clients, projects, tasks, members).
  const labels = sources as unknown as Record<string, AnyLocalRecord[]>;
  for (const { description } of serverKinds().filter((k) => k.labelsLogs)) {
    const kind = description.name as RecordKind;
    const list = labels[description.list];
    if (!list) throw new Error(`The ${description.list} of ${kind} label no log`);
    for (const { record, deleted } of await recordsOfKind(runner, workspaceId, kind)) {
      list.push(record);
      if (!deleted) live.add(`${kind}:${record.id}`);
    }
  }
  return { sources, live };
}

/** Time logs with their "Client / Project" and task labels derived from `sources`. */
export function labelledLogs(
  sources: LabelSources,
  logs: LocalRecords['logs'],
): LocalRecords['logs'] {
  return relabel({ ...sources, logs }).logs;
}
