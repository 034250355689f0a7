import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate, type Transactional } from './migrate';
import { schema } from './schema';

/** The typed database every server module uses, on PGlite or PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its migrations applied. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  transaction: Transactional;
  close: () => Promise<void>;
}

/** Opens PostgreSQL when `url` is given, otherwise embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
}): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir);
  await migrate(database.transaction);
  return database;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite(dataDir);
  await client.waitReady;
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    transaction: (work) =>
      client.transaction((tx) =>
        work(async (sql, params) => {
          // Parameterless SQL may hold several statements (migrations), which only exec allows.
          if (!params) return (await tx.exec(sql)).at(-1)?.rows ?? [];
          return (await tx.query<Record<string, unknown>>(sql, params)).rows;
        }),
      ),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(
          async (sql, params) =>
            (await connection.query<Record<string, unknown>>(sql, params)).rows,
        );
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
