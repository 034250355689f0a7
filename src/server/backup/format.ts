import { z } from 'zod';

/** The first line's `format`, so a restore can tell a backup from any other gzipped JSON. */
export const BACKUP_FORMAT = 'hourmark-backup';
/** Bumped whenever a restore of this code could not read what an older one wrote. */
export const FORMAT_VERSION = 1;

/** An expected failure of a backup or restore, in words for the person running it. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

const scopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('database') }),
  z.object({ kind: z.literal('workspace'), id: z.string().uuid() }),
]);

/** What a backup holds: the whole database, or one workspace with the accounts it needs. */
export type Scope = z.infer<typeof scopeSchema>;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string().datetime(),
  scope: scopeSchema,
  migrations: z.array(z.string()),
});

/** The first line: format version, scope, the migrations the source had applied, and when. */
export type Header = z.infer<typeof headerSchema>;

const tableSchema = z.object({
  table: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  // Rows of a shared table (accounts in a workspace backup) are added when missing, kept when present.
  shared: z.boolean(),
});

/** Starts a table's rows; its columns name the values of each row line that follows. */
export type TableStart = z.infer<typeof tableSchema>;

/** One row: each column's PostgreSQL text form (exact for bigint, timestamptz, jsonb), or null. */
export type Row = (string | null)[];

const rowSchema = z.array(z.string().nullable());

const endSchema = z.object({ end: z.object({ rows: z.record(z.number().int().nonnegative()) }) });

/** A line of a backup as a restore meets it. */
export type Item =
  | { kind: 'header'; header: Header }
  | { kind: 'table'; table: TableStart }
  | { kind: 'row'; row: Row }
  | { kind: 'end'; rows: Record<string, number> };

/** The text of each kind of line (one JSON value per line). */
export const encode = {
  header: (header: Header) => JSON.stringify(header),
  table: (table: TableStart) => JSON.stringify(table),
  row: (row: Row) => JSON.stringify(row),
  end: (rows: Record<string, number>) => JSON.stringify({ end: { rows } }),
};

function parseJson(text: string, at: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupRefused(`Line ${at} is not JSON: the file is corrupt.`);
  }
}

function parseHeader(text: string): Header {
  const value = parseJson(text, 1);
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw new BackupRefused('This file is not a Hourmark backup.');
  const header = headerSchema.safeParse(value);
  if (!header.success)
    throw new BackupRefused('The backup header is damaged: the file is corrupt.');
  if (header.data.version !== FORMAT_VERSION)
    throw new BackupRefused(
      `This backup is in format version ${header.data.version}; this Hourmark reads version ${FORMAT_VERSION}. Restore it with the Hourmark release that made it, or a newer one.`,
    );
  return header.data;
}

/**
 * Reads a backup's lines in order and checks their shape as it goes: a header first, each row
 * under a table with as many values as it has columns, and a last line with the row count of
 * every table, so a file cut short anywhere is refused rather than half read.
 */
export async function* parseBackup(
  lines: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<Item> {
  let at = 0;
  let current: TableStart | null = null;
  const counts: Record<string, number> = {};
  let ended = false;
  for await (const text of lines) {
    at += 1;
    if (ended) throw new BackupRefused(`Line ${at} comes after the end of the backup.`);
    if (at === 1) {
      yield { kind: 'header', header: parseHeader(text) };
      continue;
    }
    const value = parseJson(text, at);
    if (Array.isArray(value)) {
      const row = rowSchema.safeParse(value);
      if (!current || !row.success || row.data.length !== current.columns.length)
        throw new BackupRefused(`Line ${at} is not a row of the table before it.`);
      counts[current.table] = (counts[current.table] ?? 0) + 1;
      yield { kind: 'row', row: row.data };
      continue;
    }
    const table = tableSchema.safeParse(value);
    if (table.success) {
      if (table.data.table in counts)
        throw new BackupRefused(`Line ${at} starts table ${table.data.table} a second time.`);
      current = table.data;
      counts[current.table] = 0;
      yield { kind: 'table', table: current };
      continue;
    }
    const end = endSchema.safeParse(value);
    if (!end.success) throw new BackupRefused(`Line ${at} is not part of a Hourmark backup.`);
    const expected = end.data.end.rows;
    const same =
      Object.keys(expected).length === Object.keys(counts).length &&
      Object.entries(counts).every(([name, count]) => expected[name] === count);
    if (!same)
      throw new BackupRefused(
        'The row counts at the end do not match the rows: the file is corrupt.',
      );
    ended = true;
    yield { kind: 'end', rows: expected };
  }
  if (at === 0) throw new BackupRefused('The file is empty.');
  if (!ended) throw new BackupRefused('The backup stops before its end: the file is truncated.');
}
