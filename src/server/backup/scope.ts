import { ident, MIGRATIONS_TABLE, type ForeignKey, type Table } from './catalog';
import type { Scope } from './format';

/** The table a workspace backup starts from; its primary key is the workspace id. */
export const WORKSPACES_TABLE = 'workspaces';

/** One table of a dump: which rows (a condition on `$1`, the workspace id) and how they restore. */
export interface TablePlan {
  table: Table;
  /** SQL condition on the table's rows, or null for all of them. */
  filter: string | null;
  /** Added when missing and kept when present (accounts in a workspace backup). */
  shared: boolean;
}

const list = (columns: string[]) => columns.map(ident).join(', ');

/** Rows of `child` whose key columns match rows of `parent` chosen by `parentFilter`. */
const referring = (key: ForeignKey, parentFilter: string) =>
  `(${list(key.columns)}) IN (SELECT ${list(key.refColumns)} FROM ${ident(key.table)} WHERE ${parentFilter})`;

/** Rows of `parent` that rows of `child` chosen by `childFilter` refer to through `key`. */
const referredBy = (child: Table, key: ForeignKey, childFilter: string) =>
  `(${list(key.refColumns)}) IN (SELECT ${list(key.columns)} FROM ${ident(child.name)} WHERE ${childFilter})`;

/**
 * Credentials that refer to a workspace but are the server's, not the workspace's data, as
 * sessions are: a workspace put back (or moved to another server) must not bring back API tokens
 * that deleting it revoked, nor the answers kept for their retries, nor their rate limits. A
 * whole backup keeps them.
 */
const CREDENTIAL_TABLES = new Set(['api_tokens', 'api_idempotency_keys', 'api_rate_limits']);

/**
 * The tables a dump reads, parents first. The whole database is every table but the migrations
 * bookkeeping. A workspace is its `workspaces` row, every row that refers to it through foreign
 * keys (memberships, records, timers, sync clients and their results), and, shared, the rows
 * those refer to outside the workspace: the accounts of its members, without their sessions
 * or API tokens.
 */
export function planDump(tables: Table[], scope: Scope): TablePlan[] {
  const all = tables.filter((t) => t.name !== MIGRATIONS_TABLE);
  if (scope.kind === 'database')
    return all.map((table) => ({ table, filter: null, shared: false }));
  const data = all.filter((t) => !CREDENTIAL_TABLES.has(t.name));

  const root = data.find((t) => t.name === WORKSPACES_TABLE);
  const idColumn = root?.columns.find((c) => c.name === root.primaryKey[0]);
  if (!root || !idColumn || root.primaryKey.length !== 1)
    throw new Error(`The schema has no ${WORKSPACES_TABLE} table with a one-column key.`);

  const owned = new Map<string, string>([
    [root.name, `${ident(idColumn.name)} = $1::text::${idColumn.type}`],
  ]);
  for (const table of data) {
    if (owned.has(table.name)) continue;
    const key = table.foreignKeys.find((k) => k.table !== table.name && owned.has(k.table));
    if (key) owned.set(table.name, referring(key, owned.get(key.table) ?? 'false'));
  }

  const shared = new Map<string, string>();
  for (const table of [...data].reverse()) {
    if (owned.has(table.name)) continue;
    const conditions = data.flatMap((child) => {
      const childFilter = owned.get(child.name) ?? shared.get(child.name);
      if (child === table || !childFilter) return [];
      return child.foreignKeys
        .filter((k) => k.table === table.name)
        .map((k) => referredBy(child, k, childFilter));
    });
    if (conditions.length > 0) shared.set(table.name, conditions.join(' OR '));
  }

  return data.flatMap((table) => {
    const filter = owned.get(table.name) ?? shared.get(table.name);
    return filter ? [{ table, filter, shared: shared.has(table.name) }] : [];
  });
}
