import type { Database } from '../db/connect';
import { migrate, type Transactional } from '../db/migrate';
import { migrations as allMigrations } from '../db/migrations';
import { ident, MIGRATIONS_TABLE, readCatalog, type Query, type Table } from './catalog';
import { appliedMigrations, EXACT_TEXT } from './dump';
import { BackupRefused, type Header, type Item, type Scope } from './format';
import { TableWriter, type TableCount } from './insert';
import { migrationsFor } from './migrations-check';
import { planDump, WORKSPACES_TABLE } from './scope';

/** What a restore did: rows added (and shared rows kept) per table, and later migrations run. */
export interface RestoreSummary {
  scope: Scope;
  tables: Record<string, TableCount>;
  /** Migrations applied after the rows went in, for a backup made by an older release. */
  upgraded: string[];
}

const EMPTY_HINT =
  'A whole backup is restored only into an empty database: point DATA_DIR at a new folder, or DATABASE_URL at a new database, and run the restore again.';

async function checkTarget(query: Query, header: Header, tables: Table[], known: string[]) {
  const target = await appliedMigrations(query);
  const wanted = migrationsFor(header, known);
  const extra = target.filter((id) => !wanted.includes(id));
  if (extra.length > 0)
    throw new BackupRefused(
      `This database already has migrations the backup predates (${extra.join(', ')}). ${
        header.scope.kind === 'database'
          ? EMPTY_HINT
          : 'Restore the workspace with the release that made the backup, or restore a newer backup.'
      }`,
    );
  const missing = wanted.filter((id) => !target.includes(id));
  if (missing.length > 0)
    throw new BackupRefused(`This database lacks migrations ${missing.join(', ')}.`);
  if (header.scope.kind === 'workspace') {
    const root = planDump(tables, header.scope).find((p) => p.table.name === WORKSPACES_TABLE);
    const found = await query(`SELECT 1 FROM ${WORKSPACES_TABLE} WHERE ${root?.filter ?? 'true'}`, [
      header.scope.id,
    ]);
    if (found.length > 0)
      throw new BackupRefused(
        `Workspace ${header.scope.id} is already in this database; nothing was restored over it.`,
      );
    return;
  }
  const holding: string[] = [];
  for (const table of tables) {
    if (table.name === MIGRATIONS_TABLE) continue;
    const [row] = await query(`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS "any"`);
    if (row?.['any'] === true) holding.push(table.name);
  }
  if (holding.length > 0)
    throw new BackupRefused(
      `This database already holds rows (${holding.join(', ')}). ${EMPTY_HINT}`,
    );
}

function tableFor(tables: Map<string, Table>, name: string, columns: string[]): Table {
  const table = tables.get(name);
  if (!table || name === MIGRATIONS_TABLE)
    throw new BackupRefused(`The backup has a table this database does not: ${name}.`);
  const here = table.columns.map((c) => c.name).sort();
  const there = [...columns].sort();
  if (here.length !== there.length || here.some((c, i) => c !== there[i]))
    throw new BackupRefused(
      `Table ${name} has columns (${there.join(', ')}) in the backup but (${here.join(', ')}) here.`,
    );
  return table;
}

/** Moves each serial or identity sequence past the values just restored, never backwards. */
async function advanceSequences(query: Query, tables: Table[]) {
  for (const table of tables)
    for (const column of table.columns) {
      if (!column.sequence) continue;
      await query(
        `SELECT setval($1::text::regclass, GREATEST(COALESCE(MAX(${ident(column.name)}), 0), COALESCE(pg_sequence_last_value($1::text::regclass), 0), 1)) FROM ${ident(table.name)}`,
        [column.sequence],
      );
    }
}

/**
 * Restores a backup in one transaction: all of it or, on any refusal or failure, nothing. The
 * database must have exactly the backup's migrations (openDatabase with `migrationsFor` does that
 * for an empty one); later migrations of this release run on the restored rows before commit.
 */
export async function restoreDump(
  database: Database,
  items: AsyncIterable<Item>,
  known: { id: string; sql: string }[] = allMigrations,
): Promise<RestoreSummary> {
  return database.transaction(async (query) => {
    for (const setting of EXACT_TEXT) await query(setting);
    const catalog = await readCatalog(query);
    const byName = new Map(catalog.map((t) => [t.name, t]));
    const counts: Record<string, TableCount> = {};
    const restored: Table[] = [];
    let header: Header | null = null;
    let writer: TableWriter | null = null;
    for await (const item of items) {
      if (item.kind === 'header') {
        header = item.header;
        await checkTarget(
          query,
          header,
          catalog,
          known.map((m) => m.id),
        );
      } else if (item.kind === 'table') {
        if (writer) await writer.flush();
        const table = tableFor(byName, item.table.table, item.table.columns);
        writer = new TableWriter(query, item.table, table);
        counts[table.name] = writer.count;
        restored.push(table);
      } else if (item.kind === 'row') {
        await writer?.add(item.row);
      } else {
        await writer?.flush();
      }
    }
    if (!header) throw new BackupRefused('The file is empty.');
    await advanceSequences(query, restored);
    const inThisTransaction: Transactional = (work) => work(query);
    const upgraded = await migrate(inThisTransaction, known);
    return { scope: header.scope, tables: counts, upgraded };
  });
}
