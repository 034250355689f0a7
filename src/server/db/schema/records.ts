import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { workspaces } from './workspaces';

/**
 * The columns every synced record table starts with: its workspace, its id, the record as the
 * browser knows it (`data`), the workspace version of its last change and a deleted flag, so a
 * pull sends what changed or disappeared since a version (0003).
 */
const recordColumns = () => ({
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  id: text('id').notNull(),
  data: jsonb('data').notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const clients = pgTable('clients', recordColumns(), (t) => [
  primaryKey({ columns: [t.workspaceId, t.id] }),
  index('clients_pull').on(t.workspaceId, t.version, t.id),
]);

export const projects = pgTable(
  'projects',
  { ...recordColumns(), clientId: text('client_id') },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('projects_pull').on(t.workspaceId, t.version, t.id),
    // Who may see what is decided from the project's data->'memberIds' (0009).
    index('projects_member_ids').using('gin', sql`(${t.data}->'memberIds')`),
  ],
);

export const tasks = pgTable(
  'tasks',
  { ...recordColumns(), projectId: text('project_id') },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('tasks_pull').on(t.workspaceId, t.version, t.id),
  ],
);

export const members = pgTable('members', recordColumns(), (t) => [
  primaryKey({ columns: [t.workspaceId, t.id] }),
  index('members_pull').on(t.workspaceId, t.version, t.id),
]);

/**
 * Logs, with the columns reports sum and filter by copied out of `data`, and each log's money
 * (0005: computed by src/lib when the log or a rate it depends on is written).
 */
export const timeLogs = pgTable(
  'time_logs',
  {
    ...recordColumns(),
    date: date('date', { mode: 'string' }).notNull(),
    projectId: text('project_id'),
    taskId: text('task_id'),
    memberId: text('member_id'),
    seconds: integer('seconds').notNull(),
    expenseMinor: bigint('expense_minor', { mode: 'number' }).notNull(),
    billableSeconds: integer('billable_seconds').notNull().default(0),
    billableMinor: bigint('billable_minor', { mode: 'number' }).notNull().default(0),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull().default(0),
    amountsStale: boolean('amounts_stale').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('time_logs_pull').on(t.workspaceId, t.version, t.id),
    index('time_logs_date').on(t.workspaceId, t.date),
    index('time_logs_amounts_stale')
      .on(t.workspaceId)
      .where(sql`amounts_stale`),
    index('time_logs_member').on(t.workspaceId, t.memberId),
    index('time_logs_project').on(t.workspaceId, t.projectId),
    index('time_logs_created').on(t.workspaceId, t.createdAt, t.id),
  ],
);
