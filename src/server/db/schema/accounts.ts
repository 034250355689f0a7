import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Accounts. `email` is stored trimmed and lower-cased, so it is unique case-insensitively. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique('users_email_key'),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

/**
 * Sessions: a public handle (`id`) and the SHA-256 of the secret; never the secret itself.
 * `persistent` is 'Remember me': 30 days from last use, otherwise hours.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    persistent: boolean('persistent').notNull().default(true),
  },
  (t) => [index('sessions_user_id').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * Throttle state per key, kept in the database so every server process sees the same counts:
 * `hits` since the key was last quiet for a whole window, and when the next attempt may run.
 */
export const throttle = pgTable(
  'throttle',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    lastAt: timestamptz('last_at').notNull(),
    nextAt: timestamptz('next_at').notNull(),
  },
  (t) => [index('throttle_last_at').on(t.lastAt)],
);

/** Browsers that signed in to an account before: a random id and the SHA-256 of a secret. */
export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
  },
  (t) => [index('devices_user_id').on(t.userId), index('devices_last_used_at').on(t.lastUsedAt)],
);

/** Password-reset links: handle, SHA-256 of the secret, one hour, once (`used_at`). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_resets_user_id').on(t.userId)],
);

/** With mail on, a sign-up waits here until its confirmation link is opened (0014). */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('pending_registrations_email').on(t.email)],
);

/** Messages from /support; `mail_outcome` says whether SUPPORT_EMAIL got them (sent/off/failed). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    mailOutcome: text('mail_outcome').notNull(),
  },
  (t) => [index('support_messages_created_at').on(t.createdAt)],
);

/** The migrations applied, by id (created by migrate.ts itself, not by a migration). */
export const schemaMigrations = pgTable('schema_migrations', {
  id: text('id').primaryKey(),
  appliedAt: timestamptz('applied_at')
    .notNull()
    .default(sql`now()`),
});
