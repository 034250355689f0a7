import { sql, type SQL } from 'drizzle-orm';
import { toMinor } from '../../lib/money';
import type { RecordKind } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { logDataForDevices } from './frozen-amounts';
import type { Membership } from './permissions';
import { redactedSql, visibleCondition } from './visibility';

/** A transaction or the database: both run the same SQL. */
export type Runner = Pick<Db, 'execute'>;

/** The table of each kind and the typed columns kept beside `data` for joins and sums. */
const tables: Record<
  RecordKind,
  { table: string; columns: (data: Fields) => Record<string, unknown> }
> = {
  client: { table: 'clients', columns: () => ({}) },
  project: { table: 'projects', columns: (d) => ({ client_id: d['clientId'] ?? null }) },
  task: { table: 'tasks', columns: (d) => ({ project_id: d['projectId'] ?? null }) },
  member: { table: 'members', columns: () => ({}) },
  timeLog: {
    table: 'time_logs',
    columns: (d) => ({
      date: d['date'],
      project_id: d['projectId'] ?? null,
      task_id: d['taskId'] ?? null,
      member_id: d['memberId'] ?? null,
      seconds: d['dur'],
      expense_minor: toMinor(Number(d['exp'] ?? 0)),
    }),
  },
};

/** A record's fields as stored in `data`. */
export type Fields = Record<string, unknown>;

/** A stored record. */
export interface StoredRecord {
  data: Fields;
  deleted: boolean;
}

export const table = (kind: RecordKind) => sql.identifier(tables[kind].table);

/** Every kind of record a workspace keeps, each in a table of its own. */
export const recordKinds = Object.keys(tables) as RecordKind[];

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
  kind: RecordKind,
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
  kind: RecordKind,
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

function columnValues(kind: RecordKind, data: Fields) {
  const extra = tables[kind].columns(data);
  return {
    names: Object.keys(extra).map((name) => sql.identifier(name)),
    values: Object.values(extra).map((value) => sql`${value}`),
  };
}

/** Writes a record (new, or replacing a deleted one with the same id) at `version`. */
export async function writeRecord(
  runner: Runner,
  workspaceId: string,
  kind: RecordKind,
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
  kind: RecordKind,
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
  kind: RecordKind | 'timer';
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

/** One changed row of a pull: where it sits (for the next page's cursor) and its JSON (a `Change`). */
export interface ChangeRow {
  version: number;
  kind: Change['kind'];
  id: string;
  /** The row as a device receives it, built by the database. */
  json: string;
}

/** An ISO timestamp (as `Date.toISOString` writes it) of a timestamptz column, in SQL. */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Rows of every kind changed after `since` up to `upTo` (the workspace version when the pull
 * began), in (version, kind, id) order, after `cursor`, at most `limit`. A first pull skips
 * deleted rows: there is nothing on the device for them to remove. The caller's stopwatch is the
 * only timer row it sees. Each row comes as the JSON a device receives (`Change`), redacted for
 * the caller and written by the database: a team's first pulls after a restart cost the server
 * little more than the bytes they send (issue 34).
 */
export async function changesSince(
  runner: Runner,
  query: {
    workspaceId: string;
    userId: string;
    /** Whose pull: only rows this member may see are read (visibility.ts). */
    membership: Membership;
    since: number;
    upTo: number;
    cursor: Cursor | null;
    limit: number;
    /** On a first pull, only logs of this day and later (the browser's cache window). */
    logsFrom?: string | null;
  },
): Promise<ChangeRow[]> {
  const { workspaceId, since, upTo, limit } = query;
  const live = since === 0 ? sql` AND NOT deleted` : sql``;
  // Later pulls send every changed log, old or new: the device must hear of edits to logs it
  // holds, and it drops old ones again when it next opens (docs/data-model.md).
  const window = (kind: RecordKind) =>
    since === 0 && kind === 'timeLog' && query.logsFrom
      ? sql` AND date >= ${query.logsFrom}`
      : sql``;
  const cursor = query.cursor;
  // Each table gives at most `limit` rows in (version, id) order from its (workspace_id, version,
  // id) index, starting after the cursor, so a page reads about `limit` rows per table however
  // large the workspace; the union of those is then cut to the page.
  const after = (kind: string) =>
    cursor
      ? sql` AND version >= ${cursor.version} AND (version, ${kind}::text, id) > (${cursor.version}::bigint, ${cursor.kind}::text, ${cursor.id}::text)`
      : sql``;
  // An invoiced log goes with the figures its invoice froze (frozen-amounts.ts); rates and
  // private notes leave only for those who may see them (visibility.ts `redaction`).
  const data = (kind: RecordKind) =>
    redactedSql(query.membership, kind, kind === 'timeLog' ? logDataForDevices() : sql`data`);
  const parts = (Object.keys(tables) as RecordKind[]).map(
    (kind) =>
      sql`(SELECT ${kind}::text AS kind, id, version, deleted, CASE WHEN deleted THEN NULL ELSE ${data(kind)} END AS data, created_at, updated_at FROM ${table(kind)} WHERE workspace_id = ${workspaceId} AND version > ${since} AND version <= ${upTo}${live}${window(kind)}${after(kind)} AND ${visibleCondition(query.membership, kind)} ORDER BY version, id LIMIT ${limit})`,
  );
  const timerAfter = cursor
    ? sql` AND (version, 'timer'::text, user_id::text) > (${cursor.version}::bigint, ${cursor.kind}::text, ${cursor.id}::text)`
    : sql``;
  parts.push(
    sql`(SELECT 'timer'::text AS kind, user_id::text AS id, version, false AS deleted, data, updated_at AS created_at, updated_at FROM timers WHERE workspace_id = ${workspaceId} AND user_id = ${query.userId} AND version > ${since} AND version <= ${upTo}${timerAfter})`,
  );
  const found = await rows<{
    kind: Change['kind'];
    id: string;
    version: string | number;
    json: string;
  }>(
    runner,
    // The JSON is built for the page's rows only, after the cut (the subquery with its LIMIT is
    // planned on its own), not for every row the tables offered before it.
    sql`SELECT kind, id, version, json_build_object('kind', kind, 'id', id, 'version', version, 'deleted', deleted, 'data', data, 'createdAt', ${isoTime('created_at')}, 'updatedAt', ${isoTime('updated_at')})::text AS json
      FROM (SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS changed ORDER BY version, kind, id LIMIT ${limit}) AS page
      ORDER BY version, kind, id`,
  );
  return found.map((r) => ({ ...r, version: Number(r.version) }));
}
