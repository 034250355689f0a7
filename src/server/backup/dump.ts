import type { Database } from '../db/connect';
import { ident, MIGRATIONS_TABLE, readCatalog, textOf, type Query } from './catalog';
import {
  BACKUP_FORMAT,
  BackupRefused,
  encode,
  FORMAT_VERSION,
  type Row,
  type Scope,
} from './format';
import { planDump, WORKSPACES_TABLE, type TablePlan } from './scope';

/** What a dump wrote: its scope, the source's migrations and the rows of each table. */
export interface DumpSummary {
  scope: Scope;
  migrations: string[];
  rows: Record<string, number>;
}

/**
 * Settings under which every value's text form is exact and the same on any server: timestamps
 * in UTC with their offset, ISO dates, and floats with all their digits.
 */
export const EXACT_TEXT = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 3',
];

/** Rows fetched from the cursor at a time, so a large table never sits in memory whole. */
const PAGE = 1000;

/** The migrations a database has applied, oldest first. */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const rows = await query(`SELECT id FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  return rows.map((row) => String(row['id']));
}

async function dumpTable(
  query: Query,
  { table, filter }: TablePlan,
  params: unknown[] | undefined,
  write: (line: string) => Promise<void>,
): Promise<number> {
  const values = table.columns.map((c, i) => `${ident(c.name)}::text AS c${i}`).join(', ');
  const order = table.primaryKey.length
    ? table.primaryKey.map(ident).join(', ')
    : table.columns.map((_, i) => String(i + 1)).join(', ');
  const where = filter ? ` WHERE ${filter}` : '';
  await query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${values} FROM ${ident(table.name)}${where} ORDER BY ${order}`,
    params,
  );
  let count = 0;
  for (;;) {
    const page = await query(`FETCH ${PAGE} FROM backup_rows`);
    for (const record of page) {
      const row: Row = table.columns.map((_, i) => textOf(record[`c${i}`]));
      await write(encode.row(row));
    }
    count += page.length;
    if (page.length < PAGE) break;
  }
  await query('CLOSE backup_rows');
  return count;
}

/**
 * Writes a backup of the whole database or of one workspace, line by line, from one snapshot:
 * a REPEATABLE READ, READ ONLY transaction on PostgreSQL, so pushes that land meanwhile are
 * either wholly in it or not at all (PGlite has one connection, so nothing lands meanwhile).
 */
export async function writeDump(
  database: Database,
  scope: Scope,
  now: Date,
  write: (line: string) => Promise<void>,
): Promise<DumpSummary> {
  return database.transaction(async (query) => {
    await query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    for (const setting of EXACT_TEXT) await query(setting);
    const migrations = await appliedMigrations(query);
    const plan = planDump(await readCatalog(query), scope);
    const params = scope.kind === 'workspace' ? [scope.id] : undefined;
    if (scope.kind === 'workspace') {
      const root = plan.find((p) => p.table.name === WORKSPACES_TABLE);
      const found = await query(`SELECT 1 FROM ${WORKSPACES_TABLE} WHERE ${root?.filter}`, params);
      if (found.length === 0) throw new BackupRefused(`There is no workspace ${scope.id} here.`);
    }
    await write(
      encode.header({
        format: BACKUP_FORMAT,
        version: FORMAT_VERSION,
        createdAt: now.toISOString(),
        scope,
        migrations,
      }),
    );
    const rows: Record<string, number> = {};
    for (const entry of plan) {
      const columns = entry.table.columns.map((c) => c.name);
      await write(encode.table({ table: entry.table.name, columns, shared: entry.shared }));
      rows[entry.table.name] = await dumpTable(
        query,
        entry,
        entry.filter ? params : undefined,
        write,
      );
    }
    await write(encode.end(rows));
    return { scope, migrations, rows };
  });
}
