import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytea, timestamptz } from './columns';
import { workspaces } from './workspaces';

/** Every row an import wrote, by its fingerprint, so a file imported again adds only new rows. */
export const importFingerprints = pgTable(
  'import_fingerprints',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    importId: text('import_id').notNull(),
    timeLogId: text('time_log_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.fingerprint] }),
    index('import_fingerprints_import').on(t.workspaceId, t.importId),
  ],
);

/** One row per import a person started, resumable by any server process from `position`. */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** Imports stored before 0030 only; newer ones keep their file in `import_file_chunks`. */
    fileBytes: bytea('file_bytes'),
    choices: jsonb('choices').notNull(),
    status: text('status', {
      enum: ['queued', 'running', 'done', 'failed', 'undone'],
    }).notNull(),
    position: integer('position').notNull().default(0),
    totalRows: integer('total_rows').notNull(),
    result: jsonb('result').notNull(),
    error: text('error'),
  },
  (t) => [index('imports_workspace').on(t.workspaceId, t.createdAt.desc())],
);

/** An import's file in 128 KB chunks, written before the import's row (so no foreign key). */
export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    importId: uuid('import_id').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.seq] }),
    index('import_file_chunks_created').on(t.createdAt),
  ],
);

/** An import's entries staged at the upload, by position in the file, with their fingerprint. */
export const importEntries = pgTable(
  'import_entries',
  {
    importId: uuid('import_id').notNull(),
    position: integer('position').notNull(),
    identity: text('identity').notNull(),
    fingerprint: text('fingerprint').notNull(),
    entry: jsonb('entry').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    index('import_entries_identity').on(t.importId, t.identity),
    index('import_entries_created').on(t.createdAt),
  ],
);
