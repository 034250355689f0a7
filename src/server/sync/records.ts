import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { serverKindOf, serverKinds } from '../records/kinds';

/** A transaction or the database: both run the same SQL. */
export type Runner = Pick<Db, 'execute'>;

/** A record's fields as stored in `data`. */
export type Fields = Record<string, unknown>;

/** A stored record. */
export interface StoredRecord {
  data: Fields;
  deleted: boolean;
}

/** A kind's name as pulls use it (src/server/records/kinds.ts lists them). */
export type KindName = string;

/** The table a kind's records are kept in. */
export const table = (kind: KindName) => sql.identifier(serverKindOf(kind).table);

/** Every kind of record a workspace keeps, each in a table of its own, in pull order. */
export const recordKinds = (): KindName[] => serverKinds().map((k) => k.description.name);

/** The rows a query answers, on either driver. */
export async function rows<T>(runner: Runner, query: SQL): Promise<T[]> {
  // Both drivers answer with `{ rows }`; drizzle types the two results differently.
  const result: unknown = await runner.execute(query);
  return (result as { rows: T[] }).rows;
}

/** The record, locked for the rest of the transaction, or null when there is none. */
export async function findRecord(
  runner: Runner,
  workspaceId: string,
  kind: KindName,
  id: string,
): Promise<StoredRecord | null> {
  const [row] = await rows<{ data: Fields; deleted: boolean }>(
    runner,
    sql`SELECT data, deleted FROM ${table(kind)} WHERE workspace_id = ${workspaceId} AND id = ${id} FOR UPDATE`,
  );
  return row ? { data: row.data, deleted: row.deleted } : null;
}

/** Ids among `ids` that exist in the workspace and are not deleted. */
export async function liveIds(
  runner: Runner,
  workspaceId: string,
  kind: KindName,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    runner,
    sql`SELECT id FROM ${table(kind)} WHERE workspace_id = ${workspaceId} AND NOT deleted AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => r.id));
}

function columnValues(kind: KindName, data: Fields) {
  const extra = serverKindOf(kind).columns(data);
  return {
    names: Object.keys(extra).map((name) => sql.identifier(name)),
    values: Object.values(extra).map((value) => sql`${value}`),
  };
}

/** Writes a record (new, or replacing a deleted one with the same id) at `version`. */
export async function writeRecord(
  runner: Runner,
  workspaceId: string,
  kind: KindName,
  id: string,
  data: Fields,
  version: number,
  now: Date,
  createdAt: Date = now,
): Promise<void> {
  const { names, values } = columnValues(kind, data);
  const extraNames = names.length ? sql`, ${sql.join(names, sql`, `)}` : sql``;
  const extraValues = values.length ? sql`, ${sql.join(values, sql`, `)}` : sql``;
  const updates = names.map((name) => sql`${name} = EXCLUDED.${name}`);
  const at = now.toISOString();
  await runner.execute(sql`
    INSERT INTO ${table(kind)} (workspace_id, id, data, version, deleted, created_at, updated_at${extraNames})
    VALUES (${workspaceId}, ${id}, ${JSON.stringify(data)}::jsonb, ${version}, false, ${createdAt.toISOString()}, ${at}${extraValues})
    ON CONFLICT (workspace_id, id) DO UPDATE SET data = EXCLUDED.data, version = EXCLUDED.version,
      deleted = false, updated_at = EXCLUDED.updated_at${updates.length ? sql`, ${sql.join(updates, sql`, `)}` : sql``}`);
}

/** Marks a record deleted at `version`; it stays, so pulls can tell devices it is gone. */
export async function markDeleted(
  runner: Runner,
  workspaceId: string,
  kind: KindName,
  id: string,
  version: number,
  now: Date,
): Promise<void> {
  await runner.execute(
    sql`UPDATE ${table(kind)} SET deleted = true, version = ${version}, updated_at = ${now.toISOString()} WHERE workspace_id = ${workspaceId} AND id = ${id}`,
  );
}

/** One changed row as a pull sends it. */
export interface Change {
  kind: KindName;
  id: string;
  version: number;
  deleted: boolean;
  data: Fields | null;
  /** ISO timestamps of the record's creation and last change. */
  createdAt: string;
  updatedAt: string;
}

/** Where a page of changes ends: the last row's version, kind and id. */
export interface Cursor {
  version: number;
  kind: string;
  id: string;
}
