import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { serverKindOf } from '../records/kinds';
import type { PageCache, PageOfChanges } from './page-cache';
import type { Membership } from './permissions';
import {
  recordKinds,
  rows,
  table,
  type Change,
  type Cursor,
  type KindName,
  type Runner,
} from './records';
import { redaction, redactedSql, visibleCondition } from './visibility';

// A page of a pull (issue 34), read in one of two ways. First the database says which rows the
// page holds, as a digest of each row's kind, id and version (what the reader may see, after the
// cursor, up to `upTo`); a page this process has built for the same rows and the same redaction
// is sent as it was (page-cache.ts). Otherwise the page is read with its rows' JSON, written by
// the database, redacted for the reader, as a device receives it.

/** An ISO timestamp (as `Date.toISOString` writes it) of a timestamptz column, in SQL. */
const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * What tells a row's JSON apart beyond its version, for kinds that have it (a log's figures
 * frozen by its invoice: the kind's `pageFlag`).
 */
const billedFlag = (kind: KindName) => serverKindOf(kind).pageFlag ?? sql`''`;

/** What tells a row of the page, over `changedRows` with `billed`: kind, id, version, flag. */
const rowTag = sql`kind || ':' || id || ':' || version::text || ':' || billed`;

/** The row's data as the reader may see it (null for a deleted row). */
function rowData(membership: Membership, kind: KindName): SQL {
  const stored = serverKindOf(kind).deviceData?.('') ?? sql`data`;
  const data = redactedSql(membership, kind, stored);
  return sql`CASE WHEN deleted THEN NULL ELSE ${data} END`;
}

export interface PageQuery {
  workspaceId: string;
  userId: string;
  /** Whose pull: only rows this member may see are read (visibility.ts). */
  membership: Membership;
  since: number;
  upTo: number;
  cursor: Cursor | null;
  /** Rows per page. */
  size: number;
  /** On a first pull, only logs of this day and later (the browser's cache window). */
  logsFrom?: string | null;
}

/**
 * The rows of every kind changed after `since` up to `upTo` (the workspace version when the
 * pull began), in (version, kind, id) order, after `cursor`, at most one more than a page (to
 * tell whether another follows), each with `columns`. A first pull skips deleted rows: there is
 * nothing on the device for them to remove. The caller's stopwatch is the only timer row it sees.
 */
function changedRows(
  query: PageQuery,
  columns: { record: (kind: KindName) => SQL; timer: SQL },
): SQL {
  const { workspaceId, since, upTo, cursor } = query;
  const limit = query.size + 1;
  const live = since === 0 ? sql` AND NOT deleted` : sql``;
  // A first pull brings only the cache window of kinds that have one (logs from `logsFrom`).
  const window = (kind: KindName) => {
    const from = serverKindOf(kind).firstPullFrom;
    return since === 0 && from && query.logsFrom ? from(query.logsFrom) : sql``;
  };
  // Each table gives at most `limit` rows in (version, id) order from its (workspace_id, version,
  // id) index, starting after the cursor, so a page reads about `limit` rows per table however
  // large the workspace; the union of those is then cut to the page.
  const after = (kind: string) =>
    cursor
      ? sql` AND version >= ${cursor.version} AND (version, ${kind}::text, id) > (${cursor.version}::bigint, ${cursor.kind}::text, ${cursor.id}::text)`
      : sql``;
  const parts = recordKinds().map(
    (kind) =>
      sql`(SELECT ${kind}::text AS kind, id, version, ${columns.record(kind)} FROM ${table(kind)} WHERE workspace_id = ${workspaceId} AND version > ${since} AND version <= ${upTo}${live}${window(kind)}${after(kind)} AND ${visibleCondition(query.membership, kind)} ORDER BY version, id LIMIT ${limit})`,
  );
  const timerAfter = cursor
    ? sql` AND (version, 'timer'::text, user_id::text) > (${cursor.version}::bigint, ${cursor.kind}::text, ${cursor.id}::text)`
    : sql``;
  parts.push(
    sql`(SELECT 'timer'::text AS kind, user_id::text AS id, version, ${columns.timer} FROM timers WHERE workspace_id = ${workspaceId} AND user_id = ${query.userId} AND version > ${since} AND version <= ${upTo}${timerAfter})`,
  );
  return sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS changed ORDER BY version, kind, id LIMIT ${limit}`;
}

const digestOf = (tags: string) => createHash('sha256').update(tags).digest('base64url');

/** How many rows follow the cursor (up to a page and one) and the digest of the page's tags. */
async function pageDigest(
  runner: Runner,
  query: PageQuery,
): Promise<{ rows: number; tags: string }> {
  const [found] = await rows<{ rows: string | number; tags: string | null }>(
    runner,
    sql`SELECT count(*) AS rows, string_agg(${rowTag}, ',' ORDER BY version, kind, id) FILTER (WHERE n <= ${query.size}) AS tags
      FROM (SELECT *, row_number() OVER (ORDER BY version, kind, id) AS n FROM (${changedRows(
        query,
        {
          record: (kind) => sql`${billedFlag(kind)} AS billed`,
          timer: sql`'' AS billed`,
        },
      )}) AS page) AS numbered`,
  );
  return { rows: Number(found?.rows ?? 0), tags: found?.tags ?? '' };
}

/** The page read with its rows' JSON; `tags` are those of the page's rows, for its key. */
async function readPage(
  runner: Runner,
  query: PageQuery,
): Promise<{ page: PageOfChanges; tags: string; more: boolean }> {
  const found = await rows<{
    kind: Change['kind'];
    id: string;
    version: string | number;
    tag: string;
    json: string;
  }>(
    runner,
    // The JSON is built for the page's rows only, after the cut (the subquery with its LIMIT is
    // planned on its own), not for every row the tables offered before it; each row's tag is
    // written as the digest's (`rowTag`).
    sql`SELECT kind, id, version, ${rowTag} AS tag,
      json_build_object('kind', kind, 'id', id, 'version', version, 'deleted', deleted, 'data', data, 'createdAt', ${isoTime('created_at')}, 'updatedAt', ${isoTime('updated_at')})::text AS json
      FROM (${changedRows(query, {
        record: (kind) =>
          sql`deleted, ${rowData(query.membership, kind)} AS data, created_at, updated_at, ${billedFlag(kind)} AS billed`,
        timer: sql`false AS deleted, data, updated_at AS created_at, updated_at, '' AS billed`,
      })}) AS page ORDER BY version, kind, id`,
  );
  const onPage = found.slice(0, query.size);
  const last = onPage.at(-1);
  return {
    page: {
      changes: Buffer.from(onPage.map((row) => row.json).join(',')),
      count: onPage.length,
      last: last ? { version: Number(last.version), kind: last.kind, id: last.id } : null,
    },
    tags: onPage.map((row) => row.tag).join(','),
    more: found.length > query.size,
  };
}

/**
 * A page of a pull and whether another follows it. With `othersPulling` (other pulls under way
 * in the process: a team reconnecting) the database first says which rows the page holds, and a
 * page kept for them is sent; alone, the page is read at once, as asking first would only add a
 * query, and kept for those who ask for it next.
 */
export async function changesPage(
  runner: Runner,
  query: PageQuery,
  cache: PageCache,
  othersPulling: boolean,
): Promise<PageOfChanges & { more: boolean }> {
  // What the reader is not sent decides the JSON as much as the rows' versions do; the timer
  // row is only ever the reader's own.
  const redactions = recordKinds().map((kind) => JSON.stringify(redaction(query.membership, kind)));
  const keyOf = (pageTags: string) =>
    [query.workspaceId, ...redactions, digestOf(pageTags)].join('\u0000');
  if (!othersPulling) {
    const read = await readPage(runner, query);
    cache.offer(keyOf(read.tags), read.page);
    return { ...read.page, more: read.more };
  }
  const { rows: count, tags } = await pageDigest(runner, query);
  // A page read just now says itself whether another follows (a row that left it since the
  // digest lets the next one in); a kept or shared page goes by the digest's count.
  let more = count > query.size;
  const page = await cache.page(keyOf(tags), async () => {
    const read = await readPage(runner, query);
    more = read.more;
    // A row written since the digest has a version past `upTo` and has left the page: the page
    // read is not the one the key names, and is not kept under it.
    return { page: read.page, keep: read.tags === tags };
  });
  return { ...page, more };
}
