import { index, pgTable, text, timestamp, uuid, bigserial } from 'drizzle-orm/pg-core';

/** Accounts. `email` is stored trimmed and lower-cased, so it is unique case-insensitively. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Sessions: a public handle (`id`) and the SHA-256 of the secret; never the secret itself. */
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
  },
  (t) => [index('sessions_user_id').on(t.userId)],
);

/** Failed sign-in attempts, kept in the database so limits hold across server processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_email_at').on(t.email, t.at),
    index('login_failures_ip_at').on(t.ip, t.at),
  ],
);

export const schema = { users, sessions, loginFailures };
