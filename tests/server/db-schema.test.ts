import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connect';
import { schema } from '../../src/server/db/schema';
import { drivers } from './support';

// The app creates its tables with its own migrations (migrations.ts), not drizzle-kit, so nothing
// but this test keeps the drizzle declarations, which type every query, true to the database.

interface Shape {
  columns: Map<string, { type: string; nullable: boolean; default: string | null }>;
  primaryKey: string[];
  indexes: string[];
}

const dialect = new PgDialect();

/** A default as written in SQL without its cast and quotes: `'UTC'::text` → UTC, now() → now(). */
function plainDefault(text: string | null): string | null {
  if (text === null) return null;
  const uncast = text.replace(/::[a-z ]+$/, '');
  return uncast.startsWith("'") && uncast.endsWith("'") ? uncast.slice(1, -1) : uncast;
}

function declaredDefault(value: unknown, hasDefault: boolean): string | null {
  if (!hasDefault) return null;
  if (is(value, SQL)) return plainDefault(dialect.sqlToQuery(value).sql);
  // The migrations' defaults are numbers, booleans and short strings; objects would be JSON.
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function declared(): Map<string, Shape> {
  const tables = new Map<string, Shape>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const inlineKey = config.columns.filter((c) => c.primary).map((c) => c.name);
    tables.set(config.name, {
      columns: new Map(
        config.columns.map((c) => [
          c.name,
          {
            type: c.getSQLType(),
            nullable: !c.notNull,
            default: declaredDefault(c.default, c.hasDefault),
          },
        ]),
      ),
      primaryKey: (config.primaryKeys[0]?.columns.map((c) => c.name) ?? inlineKey).sort(),
      indexes: config.indexes.map((i) => i.config.name ?? '(unnamed)').sort(),
    });
  }
  return tables;
}

async function migrated(database: Database): Promise<Map<string, Shape>> {
  return database.transaction(async (query) => {
    const tables = new Map<string, Shape>();
    const shape = (name: string) => {
      const known = tables.get(name);
      if (known) return known;
      const fresh: Shape = { columns: new Map(), primaryKey: [], indexes: [] };
      tables.set(name, fresh);
      return fresh;
    };
    const names = await query(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const row of names) shape(String(row['table_name']));
    const columns = await query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    for (const row of columns) {
      shape(String(row['table_name'])).columns.set(String(row['column_name']), {
        type: String(row['data_type']),
        nullable: row['is_nullable'] === 'YES',
        default: plainDefault(
          typeof row['column_default'] === 'string' ? row['column_default'] : null,
        ),
      });
    }
    const keys = await query(
      `SELECT k.table_name, k.column_name
       FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k
         ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
       WHERE c.table_schema = 'public' AND c.constraint_type = 'PRIMARY KEY'`,
    );
    for (const row of keys)
      shape(String(row['table_name'])).primaryKey.push(String(row['column_name']));
    // Indexes made by CREATE INDEX, not those behind a primary key or UNIQUE constraint.
    const indexes = await query(
      `SELECT t.relname AS table_name, i.relname AS index_name
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public'
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    );
    for (const row of indexes)
      shape(String(row['table_name'])).indexes.push(String(row['index_name']));
    for (const table of tables.values()) {
      table.primaryKey.sort();
      table.indexes.sort();
    }
    return tables;
  });
}

/** Every way the two differ, one line each, naming the table and column. */
function differences(want: Map<string, Shape>, have: Map<string, Shape>): string[] {
  const found: string[] = [];
  for (const name of have.keys()) {
    if (!want.has(name)) found.push(`table ${name} is in the database but not declared`);
  }
  for (const [name, table] of want) {
    const actual = have.get(name);
    if (!actual) {
      found.push(`table ${name} is declared but no migration creates it`);
      continue;
    }
    for (const column of actual.columns.keys()) {
      if (!table.columns.has(column)) found.push(`${name}.${column} is not declared`);
    }
    for (const [column, shape] of table.columns) {
      const real = actual.columns.get(column);
      if (!real) {
        found.push(`${name}.${column} is declared but not in the database`);
        continue;
      }
      if (real.type !== shape.type) {
        found.push(`${name}.${column} is ${real.type}, declared ${shape.type}`);
      }
      if (real.nullable !== shape.nullable) {
        found.push(
          `${name}.${column} is ${real.nullable ? 'nullable' : 'NOT NULL'}, declared otherwise`,
        );
      }
      if (real.default !== shape.default) {
        found.push(`${name}.${column} defaults to ${real.default}, declared ${shape.default}`);
      }
    }
    const [key, declaredKey] = [actual.primaryKey.join(', '), table.primaryKey.join(', ')];
    if (key !== declaredKey)
      found.push(`${name} has primary key (${key}), declared (${declaredKey})`);
    const [indexes, declaredIndexes] = [actual.indexes.join(', '), table.indexes.join(', ')];
    if (indexes !== declaredIndexes) {
      found.push(`${name} has indexes [${indexes}], declared [${declaredIndexes}]`);
    }
  }
  return found;
}

describe.each(drivers)('the drizzle schema against the migrated database on $name', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await driver.fresh());
  });
  afterAll(async () => {
    await drop();
  });

  it('declares every table the migrations create, with the same columns, keys and indexes', async () => {
    const have = await migrated(database);
    expect(have.size).toBe(42);
    expect(differences(declared(), have)).toEqual([]);
  });

  it('names what differs', async () => {
    const want = declared();
    const users = want.get('users');
    if (!users) throw new Error('users is declared');
    const changed = new Map(want);
    changed.set('users', {
      ...users,
      columns: new Map([...users.columns].filter(([column]) => column !== 'email')),
    });
    changed.delete('jobs');
    return migrated(database).then((have) =>
      expect(differences(changed, have)).toEqual([
        'table jobs is in the database but not declared',
        'users.email is not declared',
      ]),
    );
  });
});
