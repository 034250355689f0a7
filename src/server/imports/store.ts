import { sql } from 'drizzle-orm';
import type {
  CreatedRecord,
  ImportChoices,
  ImportResult,
  ImportStatus,
  PersonChoice,
  UndoResult,
} from '../../lib/import/shapes';
import { LISTED_SKIPPED } from '../../lib/commands/import-args';
import type { Db } from '../db/connect';
import { rows, type Runner } from '../sync/records';
import { tellImportEnded } from './import-ended';
import { deleteFileChunks, expireFileChunks, readFileChunks } from './file-chunks';
import { deleteStagedEntries, expireStagedEntries } from './staged-entries';

// The `imports` table (migration 0029, issue 32): one row per import, its file until it ends,
// the person's choices, where the job is, and what it came to. Every statement is one statement:
// the job reads here outside any transaction and writes its position inside each batch's commit.

export type { CreatedRecord, ImportChoices, ImportResult, ImportStatus, PersonChoice, UndoResult };

export { LISTED_SKIPPED };

export const emptyResult = (): ImportResult => ({
  created: { clients: [], projects: [], tasks: [], tags: [], members: [] },
  logs: 0,
  seconds: 0,
  alreadyImported: 0,
  skipped: [],
  skippedCount: 0,
  undo: null,
});

/** An import as stored, without its file. */
export interface ImportRow {
  id: string;
  workspaceId: string;
  userId: string | null;
  userName: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  source: string;
  fileName: string;
  fileSize: number;
  /** Whether the file is still kept (until the import ends, 7 days at most). */
  fileKept: boolean;
  choices: ImportChoices;
  status: ImportStatus;
  position: number;
  totalRows: number;
  result: ImportResult;
  error: string | null;
}

interface StoredRow {
  id: string;
  workspace_id: string;
  user_id: string | null;
  user_name: string;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  source: string;
  file_name: string;
  file_size: number | string;
  file_kept: boolean;
  choices: ImportChoices;
  status: ImportStatus;
  position: number | string;
  total_rows: number | string;
  result: ImportResult;
  error: string | null;
}

const COLUMNS = sql`id, workspace_id, user_id, user_name, created_at, updated_at, finished_at, source,
  file_name, file_size, (file_bytes IS NOT NULL OR EXISTS (SELECT 1 FROM import_file_chunks c WHERE c.import_id = imports.id)) AS file_kept, choices, status, position, total_rows, result, error`;

const iso = (value: Date | string) => new Date(value).toISOString();

function rowOf(row: StoredRow): ImportRow {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    userId: row.user_id,
    userName: row.user_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    source: row.source,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    fileKept: row.file_kept,
    choices: row.choices,
    status: row.status,
    position: Number(row.position),
    totalRows: Number(row.total_rows),
    result: row.result,
    error: row.error,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The import, or null; `lock` takes it FOR UPDATE (inside a commit). */
export async function importOf(
  runner: Runner,
  id: string,
  lock = false,
): Promise<ImportRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await rows<StoredRow>(
    runner,
    sql`SELECT ${COLUMNS} FROM imports WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row ? rowOf(row) : null;
}

/** The workspace's imports, newest first (the history on the Import screen). */
export async function importsOf(runner: Runner, workspaceId: string, limit = 100) {
  const found = await rows<StoredRow>(
    runner,
    sql`SELECT ${COLUMNS} FROM imports WHERE workspace_id = ${workspaceId} ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
  return found.map(rowOf);
}

/**
 * The file of an import still under way, or null once it was removed: its chunks (since
 * migration 0030), or the bytes an import stored before that kept in its row.
 */
export async function fileOf(runner: Runner, id: string): Promise<Buffer | null> {
  const chunked = await readFileChunks(runner, id);
  if (chunked) return chunked;
  const [row] = await rows<{ data: string | null }>(
    runner,
    sql`SELECT encode(file_bytes, 'base64') AS data FROM imports WHERE id = ${id}`,
  );
  return row?.data ? Buffer.from(row.data, 'base64') : null;
}

/**
 * A new import, queued. Its file was written as chunks before (`writeFileChunks`), so this row
 * is a short statement whatever the file's size; `fileSize` is the file's length in bytes.
 */
export async function insertImport(
  runner: Runner,
  values: {
    id: string;
    workspaceId: string;
    userId: string;
    userName: string;
    now: Date;
    source: string;
    fileName: string;
    fileSize: number;
    choices: ImportChoices;
    totalRows: number;
    result: ImportResult;
  },
): Promise<void> {
  const at = values.now.toISOString();
  await runner.execute(sql`
    INSERT INTO imports (id, workspace_id, user_id, user_name, created_at, updated_at, source, file_name,
      file_size, file_bytes, choices, status, position, total_rows, result)
    VALUES (${values.id}, ${values.workspaceId}, ${values.userId}, ${values.userName}, ${at}, ${at},
      ${values.source}, ${values.fileName}, ${values.fileSize}, NULL, ${JSON.stringify(values.choices)}::jsonb,
      'queued', 0, ${values.totalRows}, ${JSON.stringify(values.result)}::jsonb)`);
}

/**
 * Moves an import on: its status, position and result, and its file and staged entries gone once
 * it ends.
 */
export async function saveProgress(
  runner: Runner,
  id: string,
  values: {
    status: ImportStatus;
    position: number;
    result: ImportResult;
    error?: string | null;
    now: Date;
  },
): Promise<void> {
  const ended = values.status !== 'queued' && values.status !== 'running';
  const at = values.now.toISOString();
  await runner.execute(sql`
    UPDATE imports SET status = ${values.status}, position = ${values.position},
      result = ${JSON.stringify(values.result)}::jsonb, error = ${values.error ?? null},
      updated_at = ${at}${ended ? sql`, file_bytes = NULL, finished_at = coalesce(finished_at, ${at}::timestamptz)` : sql``}
    WHERE id = ${id}`);
  if (ended) {
    await deleteFileChunks(runner, id);
    await deleteStagedEntries(runner, id);
  }
}

/** How long an import's file is kept at most, ended or not. */
export const FILE_KEPT_MS = 7 * 86_400_000;

/**
 * Removes the files of imports started more than 7 days ago; one still under way then fails
 * (its file is gone, so it cannot go on), and the listeners hear it end, in the same
 * transaction as the one statement that moved it (so once, whichever process's tick does it).
 * Run on every tick of the job runner. Returns how many.
 */
export async function expireImportFiles(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FILE_KEPT_MS).toISOString();
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const gone = await rows<
      Pick<StoredRow, 'id' | 'workspace_id' | 'user_id' | 'user_name' | 'result' | 'error'> & {
        ended_now: boolean;
      }
    >(
      tx,
      sql`WITH due AS (
          SELECT id, status IN ('queued', 'running') AS ended_now FROM imports
          WHERE (file_bytes IS NOT NULL OR EXISTS (SELECT 1 FROM import_file_chunks c WHERE c.import_id = imports.id))
            AND created_at < ${before}
          FOR UPDATE)
        UPDATE imports SET file_bytes = NULL, updated_at = ${at},
          status = CASE WHEN due.ended_now THEN 'failed' ELSE status END,
          error = CASE WHEN due.ended_now
            THEN 'The import did not finish within 7 days, so its file was removed. Import the file again: rows already imported are not written twice.'
            ELSE error END,
          finished_at = coalesce(finished_at, ${at}::timestamptz)
        FROM due WHERE imports.id = due.id
        RETURNING imports.id, imports.workspace_id, imports.user_id, imports.user_name,
          imports.result, imports.error, due.ended_now`,
    );
    for (const ended of gone.filter((g) => g.ended_now))
      await tellImportEnded(
        tx,
        {
          id: ended.id,
          workspaceId: ended.workspace_id,
          userId: ended.user_id,
          userName: ended.user_name,
          result: ended.result,
        },
        'failed',
        ended.error,
      );
    // The chunks of those imports, and of any upload that never became an import.
    await expireFileChunks(tx, before);
    // Their staged entries too (issue 32), and those of an upload that stopped half-way.
    await expireStagedEntries(tx, before);
    return gone.length;
  });
}
