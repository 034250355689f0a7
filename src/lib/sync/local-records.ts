import type { z } from 'zod';
import type { readSchemas } from '../records/read-schemas';
import type { LocalRecords } from './convert';
import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';
import type { RecordKindDescription } from '../records/kind';
export { dayOf, newestLogFirst } from '../records/kinds/time-log';

/**
 * The browser's records (under the documented keys, with their shown labels) built from and
 * compared with the server's fields. Every server field keeps its name in the browser's record,
 * so a record is the server's fields plus labels derived from the current names.
 */

export type { LocalRecords };

type Fields = Record<string, unknown>;

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
  const { rowExtras } = describe(kind);
  // One literal (see `rowExtras`): the description's hook adds the labels its kind is shown
  // with; the cast is what it says.
  return {
    id,
    ...data,
    createdAt,
    ...(rowExtras ? rowExtras({ createdAt, updatedAt }) : { updatedAt }),
  } as unknown as AnyLocalRecord;
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
 * Derives every shown label from the current names, as each kind's description says (`labels`):
 * a project's client name, a task's project and assignee names, a log's "Client / Project" and
 * task name. Labels read the records as they are here. Records that do not change keep their
 * identity, so screens and the change capture see only real changes.
 */
export function relabel(local: LocalRecords): LocalRecords {
  const lists = { ...(local as unknown as Record<string, Fields[]>) };
  const indexes = new Map<string, Map<string, Fields>>();
  // Kinds are labelled in the registry's order, each reading the lists as labelled so far (a
  // log without a client shows its project's label, which the project has just had renewed).
  const find = (kind: string, id: unknown): Fields | undefined => {
    if (typeof id !== 'string' || id === '') return undefined;
    let index = indexes.get(kind);
    if (!index) {
      const list = lists[(listOfKind as Record<string, string>)[kind] ?? ''] ?? [];
      index = new Map(list.map((r) => [r['id'] as string, r]));
      indexes.set(kind, index);
    }
    return index.get(id);
  };
  let changed = false;
  for (const kind of recordKinds) {
    const labels = describe(kind).labels;
    if (!labels) continue;
    const name = listOfKind[kind];
    const list = lists[name] ?? [];
    const relabelled = keepChanged(
      list,
      list.map((record) => same(record, labels(record, find))),
    );
    if (relabelled === list) continue;
    lists[name] = relabelled;
    indexes.delete(kind);
    changed = true;
  }
  return changed ? (lists as unknown as LocalRecords) : local;
}
