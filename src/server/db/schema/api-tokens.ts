import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz } from './columns';
import { workspaces } from './workspaces';

/**
 * Personal access tokens of the public API (0036, issue 50): one person in one workspace, `read`
 * or `write`. Only the SHA-256 of the secret is kept; `lastUsedAt` moves at most once a minute.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    secretHash: text('secret_hash').notNull().unique('api_tokens_secret_hash_key'),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('api_tokens_user_id').on(t.userId)],
);

/** A POST's Idempotency-Key for 24 hours: the request's hash and the answer it got (0036). */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] })],
);

/**
 * A token's rate limit (0037): when it has its whole allowance back (`tat`, ms since 1970) and
 * whether its last request passed. Moved by one statement per request (public-api/rate-limits.ts).
 */
export const apiRateLimits = pgTable('api_rate_limits', {
  tokenId: uuid('token_id')
    .primaryKey()
    .references(() => apiTokens.id, { onDelete: 'cascade' }),
  tat: bigint('tat', { mode: 'number' }).notNull(),
  passed: boolean('passed').notNull(),
});
