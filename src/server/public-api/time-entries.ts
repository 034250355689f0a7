import { sql, type SQL } from 'drizzle-orm';
import type { PublicTimeEntry } from '../../lib/contracts/public-api';
import { offsetOnDay } from '../../lib/zone-offset';
import type { Db } from '../db/connect';
import type { Membership } from '../sync/permissions';
import { rows } from '../sync/records';
import { visibleCondition } from '../sync/visibility';

// Time entries as the public API gives them (issue 50): the rows the person's role may see
// (visibleCondition, the pull's own rule) with the fields it may see (amounts only for those who
// see amounts), under public names, paged by a keyset on (created_at, id).
//
// Why that order and not the date: an entry's date can be edited between two pages, which would
// move it across the cursor (seen twice, or never). When an entry was made never changes (an
// edit keeps created_at; writeRecord), so an edit or a delete cannot move anything across the
// cursor, and an entry added later sorts after every one already listed.

/** The filters of GET /api/v1/time-entries. */
export interface EntryFilters {
  from?: string | undefined;
  to?: string | undefined;
  projectId?: string | undefined;
  memberId?: string | undefined;
}

/** Where the next page starts: the last entry's creation (to the microsecond) and id. */
export interface EntryCursor {
  createdAt: string;
  id: string;
}

interface EntryRow {
  id: string;
  data: Record<string, unknown>;
  day: string;
  seconds: number;
  billable_seconds: number;
  billable_minor: string | number;
  cost_minor: string | number;
  expense_minor: string | number;
  created: string;
  updated: string;
  cursor_at: string;
  version: string | number;
}

const UTC_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const COLUMNS = sql.raw(
  `l.id, l.data, l.version, to_char(l.date, 'YYYY-MM-DD') AS day, l.seconds, l.billable_seconds, l.billable_minor, l.cost_minor, l.expense_minor,
  to_char(l.created_at AT TIME ZONE 'UTC', ${UTC_MS}) AS created,
  to_char(l.updated_at AT TIME ZONE 'UTC', ${UTC_MS}) AS updated,
  to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`,
);

function visible(membership: Membership): SQL {
  return sql`l.workspace_id = ${membership.workspaceId} AND NOT l.deleted AND ${visibleCondition(membership, 'timeLog', 'l')}`;
}

const clock = (value: unknown) =>
  typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? value : null;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const idOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const statuses = new Set(['approved', 'pending', 'submitted', 'rejected']);

/** One row as the public API names it, with amounts only for those who may see them. */
function entryOf(row: EntryRow, membership: Membership, timeZone: string): PublicTimeEntry {
  const d = row.data;
  const startTime = clock(d['st']);
  const status = String(d['status']);
  return {
    id: row.id,
    date: row.day,
    startTime,
    endTime: clock(d['end']),
    utcOffset: offsetOnDay(timeZone, row.day, startTime ?? '12:00'),
    durationSeconds: Number(row.seconds),
    billableSeconds: Number(row.billable_seconds),
    description: text(d['desc']),
    tags: text(d['tags']),
    projectId: idOrNull(d['projectId']),
    taskId: idOrNull(d['taskId']),
    memberId: idOrNull(d['memberId']),
    status: (statuses.has(status) ? status : 'approved') as PublicTimeEntry['status'],
    reviewNote: text(d['reviewNote']),
    billable: typeof d['billable'] === 'boolean' ? d['billable'] : null,
    invoiceNumber: typeof d['invoice'] === 'string' ? d['invoice'] : null,
    currency: membership.currency ?? 'INR',
    expensesMinor: Number(row.expense_minor),
    ...(membership.seesAmounts
      ? { billableAmountMinor: Number(row.billable_minor), costMinor: Number(row.cost_minor) }
      : {}),
    createdAt: row.created,
    updatedAt: row.updated,
  };
}

/** A page of the entries the person may see, oldest made first, and the cursor after it. */
export async function listEntries(
  db: Db,
  membership: Membership,
  filters: EntryFilters,
  after: EntryCursor | null,
  limit: number,
): Promise<{ data: PublicTimeEntry[]; next: EntryCursor | null }> {
  const parts: SQL[] = [visible(membership)];
  if (filters.from) parts.push(sql`l.date >= ${filters.from}`);
  if (filters.to) parts.push(sql`l.date <= ${filters.to}`);
  if (filters.projectId) parts.push(sql`l.project_id = ${filters.projectId}`);
  if (filters.memberId) parts.push(sql`l.member_id = ${filters.memberId}`);
  if (after) parts.push(sql`(l.created_at, l.id) > (${after.createdAt}::timestamptz, ${after.id})`);
  const found = await rows<EntryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM time_logs l WHERE ${sql.join(parts, sql` AND `)} ORDER BY l.created_at, l.id LIMIT ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => entryOf(row, membership, membership.rules.timeZone)),
    next: found.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : null,
  };
}

/** One entry the person may see and its ETag, or null (absent, deleted, or not theirs to see). */
export async function readEntry(
  db: Db,
  membership: Membership,
  id: string,
): Promise<{ entry: PublicTimeEntry; etag: string } | null> {
  const [row] = await rows<EntryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM time_logs l WHERE ${visible(membership)} AND l.id = ${id}`,
  );
  return row
    ? { entry: entryOf(row, membership, membership.rules.timeZone), etag: etagOf(row.version) }
    : null;
}

/**
 * An entry's ETag: the workspace version of its last change, which every write of it moves
 * (commit.ts), so two reads with the same tag saw the same entry.
 */
export const etagOf = (version: string | number): string => `"${String(version)}"`;

/** The entry's current ETag, with the workspace row locked first (a write's precondition). */
export async function lockedEtag(
  db: Db,
  membership: Membership,
  id: string,
): Promise<string | null> {
  // The workspace row first, as every writer locks it (commit.ts): the tag read here is the one
  // the write replaces, since no other write of the workspace can run until this one commits.
  await db.execute(sql`SELECT id FROM workspaces WHERE id = ${membership.workspaceId} FOR UPDATE`);
  const [row] = await rows<{ version: string | number }>(
    db,
    sql`SELECT l.version FROM time_logs l WHERE ${visible(membership)} AND l.id = ${id}`,
  );
  return row ? etagOf(row.version) : null;
}

/** The cursor as the API hands it out: opaque base64url text. */
export const encodeCursor = (cursor: EntryCursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

/** A cursor read back, or null when it is not one this API made. */
export function decodeCursor(text: string): EntryCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string') return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt)) return null;
    if (Number.isNaN(Date.parse(createdAt)) || id.length === 0 || id.length > 200) return null;
    if (id.includes('\u0000')) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
