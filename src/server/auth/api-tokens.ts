import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { apiTokens } from '../db/schema';

// Personal access tokens of the public API (issue 50, docs/security.md "API tokens"). A token is
// `hm_` and 256 random bits; the database keeps only their SHA-256, found by that hash. Nothing
// of a token is kept in process memory: each request reads its row, so a revocation made
// through one server process stops the token on every other at its next request.

export type TokenScope = 'read' | 'write';

/** What a token's owner sees of it: never the secret, which was shown once. */
export interface TokenView {
  id: string;
  workspaceId: string;
  name: string;
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** The prefix of every token, so it is recognised in a leak scan and in a header. */
export const TOKEN_PREFIX = 'hm_';
/** `hm_` and 43 base64url characters (256 bits). */
const TOKEN_SHAPE = /^hm_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often, so a busy script costs no write per request. */
export const LAST_USED_EVERY_MS = 60_000;
/** How many live tokens one person may hold, so a loop cannot fill the table. */
export const MAX_TOKENS_PER_PERSON = 50;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const viewOf = (row: typeof apiTokens.$inferSelect): TokenView => ({
  id: row.id,
  workspaceId: row.workspaceId,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Whether a row is still usable at `now`. */
const live = (now: Date) =>
  and(
    isNull(apiTokens.revokedAt),
    or(isNull(apiTokens.expiresAt), sql`${apiTokens.expiresAt} > ${now.toISOString()}`),
  );

/** Makes a token; the answer's `token` is the only time the secret exists outside the caller. */
export async function createApiToken(
  db: Db,
  owner: { userId: string; workspaceId: string },
  given: { name: string; scope: TokenScope; expiresAt?: Date | undefined },
  now: Date,
): Promise<{ ok: true; id: string; token: string } | { ok: false; reason: 'too_many' }> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, owner.userId), live(now)));
  if ((count?.n ?? 0) >= MAX_TOKENS_PER_PERSON) return { ok: false, reason: 'too_many' };
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  await db.insert(apiTokens).values({
    id,
    userId: owner.userId,
    workspaceId: owner.workspaceId,
    name: given.name,
    scope: given.scope,
    secretHash: sha256(token),
    createdAt: now,
    expiresAt: given.expiresAt ?? null,
  });
  return { ok: true, id, token };
}

/** The person's tokens that still work, newest first (revoked and expired ones are gone). */
export async function listApiTokens(db: Db, userId: string, now: Date): Promise<TokenView[]> {
  const found = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live(now)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return found.map(viewOf);
}

/** Revokes one of the person's tokens; false when they hold no live token by that id. */
export async function revokeApiToken(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const done = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), live(now)))
    .returning({ id: apiTokens.id });
  return done.length > 0;
}

/** A live token's row for a presented secret, or null (malformed, unknown, revoked, expired). */
export async function findApiToken(
  db: Db,
  presented: string,
  now: Date,
): Promise<{ id: string; userId: string; workspaceId: string; scope: TokenScope } | null> {
  if (!TOKEN_SHAPE.test(presented)) return null;
  // Found by the hash of 256 random bits: there is nothing to learn from how long a miss takes.
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      workspaceId: apiTokens.workspaceId,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.secretHash, sha256(presented)), live(now)))
    .limit(1);
  if (!row) return null;
  const due = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
  if (due) {
    // Conditional, so two processes answering the same minute write it once.
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, before)),
        ),
      );
  }
  return { id: row.id, userId: row.userId, workspaceId: row.workspaceId, scope: row.scope };
}
