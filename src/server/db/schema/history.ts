import { bigint, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz } from './columns';
import { workspaces } from './workspaces';

/** A browser pushing for one account and workspace, and the last mutation applied from it. */
export const syncClients = pgTable(
  'sync_clients',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (t) => [index('sync_clients_workspace').on(t.workspaceId, t.userId)],
);

/** What each recent mutation of a client came to, so a retried push gets the same answer. */
export const mutationResults = pgTable(
  'mutation_results',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    mutationId: bigint('mutation_id', { mode: 'number' }).notNull(),
    result: jsonb('result').notNull(),
    /** SHA-256 of the mutation's name and arguments (null for results stored before 0020). */
    fingerprint: text('fingerprint'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/** One command the one commit applied (src/server/commit/commit.ts), at the version it wrote. */
export const changeLog = pgTable(
  'change_log',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the person after their account is gone. */
    userName: text('user_name').notNull(),
    command: text('command').notNull(),
    /** The records it touched: `[{ kind, id }]`. */
    records: jsonb('records').notNull(),
    /** What it was given, long text shortened. */
    details: jsonb('details'),
  },
  (t) => [index('change_log_workspace_version').on(t.workspaceId, t.version)],
);

/** Changes to logs a rule protects (locked, approved, invoiced): who, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the person after their account is gone. */
    userName: text('user_name').notNull(),
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    /** The rules the log was under, comma-separated: 'locked', 'approved', 'invoiced'. */
    rules: text('rules').notNull(),
    /** Why a person made the change, when they were asked (payment corrections, issue 27). */
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_workspace_at').on(t.workspaceId, t.at.desc())],
);
