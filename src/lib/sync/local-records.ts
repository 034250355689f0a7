import type { z } from 'zod';
import type { readSchemas } from '../records/read-schemas';
import type { LocalRecords } from './convert';
import { kindDescriptions, type RecordKind } from '../records/kinds';
import type { RecordKindDescription } from '../records/kind';
export { dayOf, newestLogFirst } from '../records/kinds/time-log';

/**
 * The browser's records (under the documented keys, with their shown labels) built from and
 * compared with the server's fields. Every server field keeps its name in the browser's record,
 * so a record is the server's fields plus labels derived from the current names.
 */

export type { LocalRecords };

/**
 * The record type each kind is kept as in the browser: what its read schema gives (a type-only
 * read of ../records/read-schemas.ts, so no zod loads with the sync engine), with its id.
 */
export type LocalRecordOf = {
  [K in RecordKind]: z.infer<(typeof readSchemas)[K]> & { id: string };
};
export type AnyLocalRecord = LocalRecordOf[RecordKind];

/** Which list of LocalRecords holds each kind (each kind's description names it). */
export const listOfKind = Object.fromEntries(
  Object.values(kindDescriptions).map((kind) => [kind.name, kind.list]),
) as { readonly [K in RecordKind]: (typeof kindDescriptions)[K]['list'] };

/**
 * A kind's description; a kind the browser's registry does not list (one the server registers
 * alone, as tests/server/throwaway-kind.test.ts does) reads as a description without hooks.
 */
const describe = (kind: RecordKind): Partial<RecordKindDescription> =>
  (kindDescriptions as Partial<Record<string, RecordKindDescription>>)[kind] ?? {};

/**
 * The fields of a browser record that the server stores, as they are (not validated: the server
 * judges them, and a refusal is reported to the person).
 */
export function serverFieldsOf(kind: RecordKind, record: object): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  const { storedFields = [], toStored } = describe(kind);
  const fields: Record<string, unknown> = {};
  for (const key of storedFields) fields[key] = source[key];
  return toStored ? toStored(fields, source) : fields;
}

/** A browser record from a server row; labels stay empty until `relabel` fills them. */
export function localFromRow(
  kind: RecordKind,
  id: string,
  data: Record<string, unknown>,
  createdAt: string,
  updatedAt: string,
): AnyLocalRecord {
  const base = { id, ...data, createdAt };
  const { fromRow } = describe(kind);
  // The description's hook adds the labels its kind is shown with; the cast is what it says.
  return (fromRow ? fromRow(base, updatedAt) : { ...base, updatedAt }) as unknown as AnyLocalRecord;
}

/** The fields of `after` the server stores that differ from `before`, or null when none do. */
export function changedServerFields(
  kind: RecordKind,
  before: object,
  after: object,
): Record<string, unknown> | null {
  const a = serverFieldsOf(kind, before);
  const b = serverFieldsOf(kind, after);
  const changes: Record<string, unknown> = {};
  for (const key of describe(kind).storedFields ?? []) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changes[key] = b[key];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

function same<T extends object>(record: T, labels: Partial<T>): T {
  for (const [key, value] of Object.entries(labels)) {
    if (JSON.stringify(record[key as keyof T]) !== JSON.stringify(value))
      return { ...record, ...labels };
  }
  return record;
}

const keepChanged = <T>(list: T[], next: T[]) =>
  next.every((record, i) => record === list[i]) ? list : next;

/**
 * Derives every shown label from the current names: a project's client name, a task's project
 * and assignee names, a log's "Client / Project" and task name. A label whose record is not here
 * (a log of a deleted project) keeps what it said. Records that do not change keep their
 * identity, so screens and the change capture see only real changes.
 */
export function relabel(local: LocalRecords): LocalRecords {
  const clients = new Map(local.clients.map((c) => [c.id, c]));
  const projects = new Map(local.projects.map((p) => [p.id, p]));
  const tasks = new Map(local.tasks.map((t) => [t.id, t]));
  const members = new Map(local.members.map((m) => [m.id, m]));
  const projectList = keepChanged(
    local.projects,
    local.projects.map((p) => {
      const client = p.clientId ? clients.get(p.clientId) : undefined;
      return client ? same(p, { client: client.name }) : p.clientId ? p : same(p, { client: '' });
    }),
  );
  const taskList = keepChanged(
    local.tasks,
    local.tasks.map((t) => {
      const project = t.projectId ? projects.get(t.projectId) : undefined;
      const assign = t.assigneeIds.flatMap((id) => members.get(id)?.name ?? []);
      return same(t, { ...(project ? { project: project.projectName } : {}), assign });
    }),
  );
  const logs = keepChanged(
    local.logs,
    local.logs.map((l) => {
      const project = l.projectId ? projects.get(l.projectId) : undefined;
      const client = project?.clientId ? clients.get(project.clientId) : undefined;
      const task = l.taskId ? tasks.get(l.taskId) : undefined;
      return same(l, {
        ...(project
          ? {
              client: `${client?.name ?? (project.client || 'No client')} / ${project.projectName}`,
            }
          : l.projectId
            ? {}
            : { client: '' }),
        ...(task ? { task: task.task } : l.taskId ? {} : { task: '' }),
      });
    }),
  );
  if (projectList === local.projects && taskList === local.tasks && logs === local.logs)
    return local;
  return { ...local, projects: projectList, tasks: taskList, logs };
}
