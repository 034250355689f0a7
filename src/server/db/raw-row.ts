import type { Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

/**
 * A value as raw SQL answers it, which is not always what drizzle's builder maps it to: a time is
 * a Date on one driver and an ISO-like string on the other (readers pass it through `new Date`),
 * and a bigint comes back as a string from node-postgres (readers pass it through `Number`).
 */
type RawValue<C, V> = C extends { _: { columnType: 'PgBigInt53' } }
  ? V extends number
    ? number | string
    : V
  : V extends Date
    ? Date | string
    : V;

/**
 * The row a raw `sql` query answers when it selects these columns of a table: keyed by the
 * columns' SQL names (`created_at`, not `createdAt`), each typed as the schema declares it
 * (times as `Date | string`, bigints as `number | string`). Raw queries take their row types from here rather than writing the
 * columns out again, so a declaration that changes changes them too (issue 48).
 *
 * `RawRow<typeof notices, 'id' | 'createdAt'>` is `{ id: string; created_at: Date | string }`.
 */
export type RawRow<T extends Table, K extends keyof Columns<T> & keyof T['$inferSelect']> = {
  [P in K as Columns<T>[P]['_']['name']]: RawValue<Columns<T>[P], T['$inferSelect'][P]>;
};
