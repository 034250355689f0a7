import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Accounts. `email` is stored trimmed and lower-cased, so it is unique case-insensitively. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
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
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('devices_user_id').on(t.userId), index('devices_last_used_at').on(t.lastUsedAt)],
);

export const schema = { users, sessions, throttle, devices };
