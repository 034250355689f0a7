import { migrations as defaultMigrations } from './migrations';

/** Runs SQL inside one transaction on one connection. */
export type Transactional = <T>(
  work: (
    query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
  ) => Promise<T>,
) => Promise<T>;

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK = 4_817_203;

/**
 * Applies pending migrations. The advisory lock makes a second process that starts at the
 * same moment wait, then see the migrations as applied, so each runs exactly once.
 */
export async function migrate(
  transaction: Transactional,
  migrations = defaultMigrations,
): Promise<string[]> {
  return transaction(async (query) => {
    await query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await query('SELECT id FROM schema_migrations')).map((row) => String(row['id'])),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await query(migration.sql);
      await query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
