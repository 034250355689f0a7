/** Runs one SQL statement inside the current transaction. */
export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A column as PostgreSQL names its type (`bigint`, `timestamp with time zone`, `jsonb`). */
export interface Column {
  name: string;
  type: string;
  /** The sequence behind a serial or identity column, to move past restored values. */
  sequence: string | null;
}

/** A foreign key: these columns refer to those of another table. */
export interface ForeignKey {
  columns: string[];
  table: string;
  refColumns: string[];
}

/** One table of the application's schema. */
export interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

/** The migrations bookkeeping table: the header carries its ids, and the target has its own. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/** A text value as both drivers return it, or null; anything else is a bug, not data to guess at. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string')
    throw new Error(`Expected text from the database, got ${typeof value}.`);
  return value;
}

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const COLUMNS = `
SELECT c.relname::text AS "table", a.attname::text AS "column",
  format_type(a.atttypid, a.atttypmod) AS "type",
  pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS "sequence"
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
ORDER BY c.relname, a.attnum`;

const KEYS = `
SELECT con.conname::text AS "name", con.contype::text AS "kind", c.relname::text AS "table",
  ref.relname::text AS "refTable", a.attname::text AS "column", ra.attname::text AS "refColumn"
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
LEFT JOIN pg_class ref ON ref.oid = con.confrelid
LEFT JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = con.confkey[k.position]
WHERE n.nspname = current_schema() AND con.contype IN ('p', 'f')
ORDER BY c.relname, con.conname, k.position`;

/**
 * Reads every table of the current schema from PostgreSQL's catalog, so a table added by a later
 * migration is backed up and restored without touching this code.
 */
export async function readCatalog(query: Query): Promise<Table[]> {
  const tables = new Map<string, Table>();
  for (const row of await query(COLUMNS)) {
    const name = String(row['table']);
    const table = tables.get(name) ?? { name, columns: [], primaryKey: [], foreignKeys: [] };
    const sequence = textOf(row['sequence']);
    table.columns.push({ name: String(row['column']), type: String(row['type']), sequence });
    tables.set(name, table);
  }
  const foreign = new Map<string, ForeignKey>();
  for (const row of await query(KEYS)) {
    const table = tables.get(String(row['table']));
    if (!table) continue;
    if (row['kind'] === 'p') {
      table.primaryKey.push(String(row['column']));
      continue;
    }
    const id = `${table.name}.${String(row['name'])}`;
    let key = foreign.get(id);
    if (!key) {
      key = { columns: [], table: String(row['refTable']), refColumns: [] };
      foreign.set(id, key);
      table.foreignKeys.push(key);
    }
    key.columns.push(String(row['column']));
    key.refColumns.push(String(row['refColumn']));
  }
  return inForeignKeyOrder([...tables.values()]);
}

/**
 * Tables ordered so each comes after every table it refers to (a table may refer to itself): the
 * tables nothing else holds up first, alphabetically, then those they free, and so on, so two
 * dumps of one schema list their tables alike.
 */
export function inForeignKeyOrder(tables: Table[]): Table[] {
  const names = new Set(tables.map((t) => t.name));
  const waitsFor = new Map(
    tables.map((t) => [
      t.name,
      new Set(t.foreignKeys.map((k) => k.table).filter((n) => n !== t.name && names.has(n))),
    ]),
  );
  const ordered: Table[] = [];
  let pending = [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (pending.length > 0) {
    const done = new Set(ordered.map((t) => t.name));
    const ready = pending.filter((t) =>
      [...(waitsFor.get(t.name) ?? [])].every((n) => done.has(n)),
    );
    if (ready.length === 0)
      throw new Error(
        `Tables refer to each other in a cycle: ${pending.map((t) => t.name).join(', ')}.`,
      );
    ordered.push(...ready);
    pending = pending.filter((t) => !ready.includes(t));
  }
  return ordered;
}
