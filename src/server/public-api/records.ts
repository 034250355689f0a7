import { sql } from 'drizzle-orm';
import { toPublicFields } from '../../lib/commands/public-fields';
import { publicRecordSchema, type PublicRecordKind } from '../../lib/contracts/public-api';
import { holdsMoney, ratesToMinor } from '../../lib/public-api/money-fields';
import type { Db } from '../db/connect';
import { serverKindOf } from '../records/kinds';
import type { Membership } from '../sync/permissions';
import { rows, type Fields } from '../sync/records';
import { redaction, visibleCondition } from '../sync/visibility';
import { etagOf, type EntryCursor } from './time-entries';

// Clients, projects, tasks and members as the public API lists and reads them (issue 50): the
// rows the person's pull would send (visibleCondition), with the fields the kind hides from
// them (redaction: rates and budgets unless they see amounts, a client's billing details and a
// member's notes unless they see every row) left out rather than sent empty, so a script never
// takes a placeholder 0 for a rate. Rates are in minor units beside the workspace's currency
// (src/lib/public-api/money-fields.ts). Paged like entries, by (created_at, id), which no edit
// moves.

export type PublicKind = PublicRecordKind;

interface RecordRow {
  id: string;
  data: Fields;
  version: string | number;
  created: string;
  updated: string;
  cursor_at: string;
}

const UTC_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const columns = sql.raw(
  `r.id, r.data, r.version,
  to_char(r.created_at AT TIME ZONE 'UTC', ${UTC_MS}) AS created,
  to_char(r.updated_at AT TIME ZONE 'UTC', ${UTC_MS}) AS updated,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`,
);

/** The record under its public names, rates in minor units, without what the reader may not see. */
function recordOf(kind: PublicKind, row: RecordRow, membership: Membership): Fields {
  const hidden = redaction(membership, kind);
  const data: Fields = { ...row.data };
  for (const field of [...Object.keys(hidden?.emptied ?? {}), ...(hidden?.dropped ?? [])])
    delete data[field];
  const known = publicRecordSchema(kind).shape as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(ratesToMinor(kind, toPublicFields(kind, data))).filter(
      ([name]) => name in known,
    ),
  );
  return {
    id: row.id,
    ...fields,
    ...(holdsMoney(kind) ? { currency: membership.currency ?? 'INR' } : {}),
    createdAt: row.created,
    updatedAt: row.updated,
  };
}

function from(kind: PublicKind, membership: Membership) {
  const table = sql.raw(serverKindOf(kind).table);
  return sql`FROM ${table} r WHERE r.workspace_id = ${membership.workspaceId} AND NOT r.deleted AND ${visibleCondition(membership, kind, 'r')}`;
}

/** A page of the records of `kind` the person may see, oldest made first. */
export async function listRecords(
  db: Db,
  membership: Membership,
  kind: PublicKind,
  after: EntryCursor | null,
  limit: number,
): Promise<{ data: Fields[]; next: EntryCursor | null }> {
  const page = after
    ? sql` AND (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  const found = await rows<RecordRow>(
    db,
    sql`SELECT ${columns} ${from(kind, membership)}${page} ORDER BY r.created_at, r.id LIMIT ${limit + 1}`,
  );
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: shown.map((row) => recordOf(kind, row, membership)),
    next: found.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : null,
  };
}

/** One record of `kind` the person may see, and its ETag, or null. */
export async function readRecord(
  db: Db,
  membership: Membership,
  kind: PublicKind,
  id: string,
): Promise<{ data: Fields; etag: string } | null> {
  const [row] = await rows<RecordRow>(
    db,
    sql`SELECT ${columns} ${from(kind, membership)} AND r.id = ${id}`,
  );
  return row ? { data: recordOf(kind, row, membership), etag: etagOf(row.version) } : null;
}

/** The record's current ETag, with the workspace row locked first (a write's precondition). */
export async function lockedRecordEtag(
  db: Db,
  membership: Membership,
  kind: PublicKind,
  id: string,
): Promise<string | null> {
  // The workspace row first, as every writer locks it (commit.ts), as lockedEtag does for logs.
  await db.execute(sql`SELECT id FROM workspaces WHERE id = ${membership.workspaceId} FOR UPDATE`);
  const [row] = await rows<{ version: string | number }>(
    db,
    sql`SELECT r.version ${from(kind, membership)} AND r.id = ${id}`,
  );
  return row ? etagOf(row.version) : null;
}
