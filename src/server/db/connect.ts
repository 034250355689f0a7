import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type PgModule from 'pg';
import type { Client as PgClient } from 'pg';
import { migrate, type Transactional } from './migrate';
import { migrations as allMigrations } from './migrations';
import { schema } from './schema';

/** The typed database every server module uses, on PGlite or PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its migrations applied. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  transaction: Transactional;
  /**
   * Listens to a PostgreSQL notification channel (NOTIFY / pg_notify), from every process on
   * the same database; resolves to a function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PGlite only: its whole data directory as a tar file, to open a copy from (`copyOf`). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * Opens PostgreSQL when `url` is given, otherwise embedded PGlite in `dataDir` (or memory), and
 * applies the migrations (all of them, unless a test asks for an earlier release's list).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
  migrations?: typeof allMigrations | undefined;
  /**
   * PGlite: starts from another database's dumped data directory (`dumpDataDir`) instead of an
   * empty one, so migrations it already has are not run again (the tests open hundreds).
   */
  copyOf?: Blob | undefined;
}): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir, options.copyOf);
  await migrate(database.transaction, options.migrations ?? allMigrations);
  return database;
}

/**
 * PGlite runs each query on the server's main thread, and its queue starts the next one in a
 * microtask, so under load a run of queries never lets static files or other requests in. Each
 * query and transaction first waits for the I/O phase (setImmediate), which lets them in between.
 */
function yieldingBetweenQueries<T extends object>(client: T): T {
  const paced = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!paced.has(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        return method.apply(target, args);
      };
    },
  });
}

async function openPglite(
  dataDir: string | undefined,
  copyOf: Blob | undefined,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(copyOf ? { loadDataDir: copyOf } : {}),
  });
  await client.waitReady;
  return {
    db: drizzle(yieldingBetweenQueries(client), { schema }) as unknown as Db,
    kind: 'pglite',
    transaction: (work) =>
      client.transaction((tx) =>
        work(async (sql, params) => {
          // Parameterless SQL may hold several statements (migrations), which only exec allows.
          if (!params) return (await tx.exec(sql)).at(-1)?.rows ?? [];
          return (await tx.query<Record<string, unknown>>(sql, params)).rows;
        }),
      ),
    // PGlite is one process's own database, so its notifications stay in that process.
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection the server drops (a restart, pg_terminate_backend) is an 'error' event on the
  // pool when idle and on the connection itself while in use; unheard, either would end the
  // process. The query that was running fails on its own, and the pool opens a new connection.
  const lost = (error: Error) => console.error('A PostgreSQL connection was lost:', error.message);
  pool.on('error', lost);
  pool.on('connect', (connection) => connection.on('error', lost));
  const listeners = new Set<() => Promise<void>>();
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
    listen: async (channel, onPayload) => {
      const stop = await listenOnPostgres(pg, url, channel, onPayload);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a connection of its own that stays open, outside the pool. When it drops (the
 * server restarted, a network blip) it reconnects after a second; a device that missed a poke in
 * between catches up on its next pull.
 */
async function listenOnPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: PgClient | null = null;
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().catch(retry), 1000);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      // 'end' follows; reconnecting happens there.
    });
    next.on('end', retry);
    await next.connect();
    await next.query(`LISTEN ${JSON.stringify(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
