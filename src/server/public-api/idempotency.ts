import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { apiIdempotencyKeys } from '../db/schema';

// Idempotency-Key on the public API's POSTs (issue 50): the first answer to a key is kept for 24
// hours per token, in the write's own transaction, so a retry gets that answer and makes
// nothing again, and the same key with another request is refused.

/** Idempotency keys are kept this long. */
export const IDEMPOTENCY_MS = 24 * 60 * 60 * 1000;

/** What a write answers, before it becomes HTTP. */
export interface WriteAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A POST's key, and the hash of the request it came with. */
export interface IdempotencyKey {
  key: string;
  hash: string;
}

/** The hash an Idempotency-Key is kept with: the method, the path and the body as parsed. */
export const requestHash = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body)}`)
    .digest('hex');

/**
 * The answer kept for this key (a replay), 422 for the key used with another request, or null
 * when the key is new and the write should run. Requests with one key run one after another
 * (an advisory lock held to the end of the transaction): the second sees the first's answer.
 */
export async function keptAnswer(
  tx: Db,
  tokenId: string,
  given: IdempotencyKey,
  now: Date,
): Promise<WriteAnswer | null> {
  const { key, hash } = given;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${tokenId}:${key}`}, 0))`);
  await tx
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.tokenId, tokenId),
        lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_MS)),
      ),
    );
  const [kept] = await tx
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.tokenId, tokenId), eq(apiIdempotencyKeys.key, key)));
  if (!kept) return null;
  if (kept.requestHash !== hash)
    return {
      status: 422,
      body: {
        error: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was used with another request in the last 24 hours. Use a new key for a new request.',
      },
    };
  return { status: kept.status, body: kept.body, headers: { 'Idempotent-Replayed': 'true' } };
}

/** Keeps the first answer to a key, in the write's transaction. */
export async function keepAnswer(
  tx: Db,
  tokenId: string,
  given: IdempotencyKey,
  answer: WriteAnswer,
  now: Date,
): Promise<void> {
  await tx.insert(apiIdempotencyKeys).values({
    tokenId,
    key: given.key,
    requestHash: given.hash,
    status: answer.status,
    body: answer.body,
    createdAt: now,
  });
}
