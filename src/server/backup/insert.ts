import { ident, type Query, type Table } from './catalog';
import { BackupRefused, type Row, type TableStart } from './format';

/** Rows per INSERT, and the most JSON text one carries, whichever comes first. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1024 * 1024;

/** Rows added to a table, and (shared tables) rows already here that were kept. */
export interface TableCount {
  added: number;
  kept: number;
}

function databaseError(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string')
    return null;
  const detail = 'detail' in error && typeof error.detail === 'string' ? ` ${error.detail}` : '';
  return { code: error.code, message: `${error.message}.${detail}` };
}

/** Says which table a failed INSERT was for and why, as a refusal (the transaction rolls back). */
function refusal(table: string, error: unknown): unknown {
  const failure = databaseError(error);
  if (!failure) return error;
  if (failure.code === '23505')
    return new BackupRefused(`A row of ${table} is already in this database: ${failure.message}`);
  if (failure.code === '23503')
    return new BackupRefused(
      `A row of ${table} refers to a row that is not here: ${failure.message}`,
    );
  return new BackupRefused(`A row of ${table} could not be stored: ${failure.message}`);
}

/**
 * Inserts one table's rows from a backup in batches. Each value goes in as the text PostgreSQL
 * wrote and is cast to the column's type, so bigint, timestamptz and jsonb come back exactly, on
 * either driver. Rows of a shared table that are already here (same primary key) are kept.
 */
export class TableWriter {
  private batch: Row[] = [];
  private chars = 0;
  private readonly sql: string;
  readonly count: TableCount = { added: 0, kept: 0 };

  constructor(
    private readonly query: Query,
    private readonly section: TableStart,
    table: Table,
  ) {
    const types = new Map(table.columns.map((c) => [c.name, c.type]));
    const values = section.columns.map((name, i) => `(r->>${i})::${types.get(name) ?? 'text'}`);
    const keep =
      section.shared && table.primaryKey.length
        ? ` ON CONFLICT (${table.primaryKey.map(ident).join(', ')}) DO NOTHING`
        : '';
    this.sql =
      `INSERT INTO ${ident(table.name)} (${section.columns.map(ident).join(', ')}) ` +
      `OVERRIDING SYSTEM VALUE SELECT ${values.join(', ')} ` +
      `FROM json_array_elements($1::text::json) AS r${keep} RETURNING 1`;
  }

  /** Queues a row, inserting the batch when it is full. */
  async add(row: Row): Promise<void> {
    this.batch.push(row);
    this.chars += row.reduce((sum, value) => sum + (value?.length ?? 4) + 3, 2);
    if (this.batch.length >= BATCH_ROWS || this.chars >= BATCH_CHARS) await this.flush();
  }

  /** Inserts what is queued. */
  async flush(): Promise<TableCount> {
    if (this.batch.length === 0) return this.count;
    const rows = this.batch;
    this.batch = [];
    this.chars = 0;
    let inserted: number;
    try {
      inserted = (await this.query(this.sql, [JSON.stringify(rows)])).length;
    } catch (error) {
      throw refusal(this.section.table, error);
    }
    this.count.added += inserted;
    this.count.kept += rows.length - inserted;
    return this.count;
  }
}
