import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz } from './columns';
import { workspaces } from './workspaces';

/** A person's named report filter and grouping, with an optional weekly or monthly mail. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    spec: jsonb('spec').notNull(),
    schedule: text('schedule'),
    /** The workspace day the schedule was set: the first mail goes at the next period's start. */
    scheduledFrom: text('scheduled_from'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [index('saved_reports_owner').on(t.workspaceId, t.userId)],
);

/** Read-only public links to a saved report: tokens stored hashed, expiring, revocable. */
export const reportShares = pgTable(
  'report_shares',
  {
    id: text('id').primaryKey(),
    savedReportId: text('saved_report_id')
      .notNull()
      .references(() => savedReports.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    withAmounts: boolean('with_amounts').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('report_shares_report').on(t.savedReportId)],
);
