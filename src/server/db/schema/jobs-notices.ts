import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NoticeEvent } from '../../../lib/notices';
import { users } from './accounts';
import { timestamptz } from './columns';
import { workspaces } from './workspaces';

/** Work that must happen once however many server processes run (src/server/jobs). */
export const jobs = pgTable(
  'jobs',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamptz('run_at').notNull(),
    claimedUntil: timestamptz('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    doneAt: timestamptz('done_at'),
    lastError: text('last_error'),
    /** Only the process holding the lease may renew, finish or fail the job (0025). */
    claimToken: text('claim_token'),
    maxAttempts: integer('max_attempts').notNull().default(5),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt)
      .where(sql`done_at IS NULL`),
    index('jobs_done')
      .on(t.doneAt)
      .where(sql`done_at IS NOT NULL`),
  ],
);

/** What a person is told in the app (the bell). */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    /** One of src/lib/notices.ts NOTICE_EVENTS (the app writes no other). */
    event: text('event').$type<NoticeEvent>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    path: text('path').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (t) => [index('notices_user').on(t.userId, t.createdAt.desc())],
);

/** Each event's channel as a person chose it, and the hour of a daily mail. */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel', { enum: ['app', 'mail', 'off'] }).notNull(),
    hour: smallint('hour'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);

/** One-click unsubscribe links of the mails: the SHA-256 of their secrets. */
export const unsubscribeLinks = pgTable(
  'unsubscribe_links',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').$type<NoticeEvent>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('unsubscribe_links_created').on(t.createdAt)],
);
