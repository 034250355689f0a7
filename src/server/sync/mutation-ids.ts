import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { MutationResult } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { mutationResults } from '../db/schema';

// A device numbers its mutations 1, 2, 3… per client id and the server remembers the last one it
// applied (push.ts). A push whose ids do not grow, or that sends under an applied id another
// change than the one applied, comes from a device that reused ids (after its state write failed,
// say): answering it "ok" unapplied would lose those changes without a word (issue 25, point 5).
// Such a push is refused as a whole; the device takes a new client id and sends them again. An
// id re-sent with the very change applied under it (its answer was lost) is answered as before.

type Runner = Pick<Db, 'select'>;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** What a mutation asked, as a SHA-256 of its name and arguments with keys in order. */
export function fingerprintOf(mutation: { name: string; args?: unknown }): string {
  const text = JSON.stringify(canonical([mutation.name, mutation.args ?? null]));
  return createHash('sha256').update(text).digest('hex');
}

/** How a push's ids stand against what this client had applied. */
export type IdCheck = { kind: 'fresh'; stored: Map<number, MutationResult> } | { kind: 'reused' };

/**
 * Checks a push's ids before anything is applied: they must grow within the push, and each id at
 * or below `last` must be a re-send of the change stored under it (results stored before
 * fingerprints were kept count as re-sends). Answers the stored results of the re-sent ones.
 */
export async function checkMutationIds(
  runner: Runner,
  clientId: string,
  last: number,
  mutations: readonly { id: number; name: string; args?: unknown }[],
): Promise<IdCheck> {
  if (mutations.some((m, i) => i > 0 && m.id <= (mutations[i - 1]?.id ?? 0)))
    return { kind: 'reused' };
  const resent = mutations.filter((m) => m.id <= last);
  if (resent.length === 0) return { kind: 'fresh', stored: new Map() };
  const found = await runner
    .select({
      id: mutationResults.mutationId,
      result: mutationResults.result,
      fingerprint: mutationResults.fingerprint,
    })
    .from(mutationResults)
    .where(
      and(
        eq(mutationResults.clientId, clientId),
        inArray(
          mutationResults.mutationId,
          resent.map((m) => m.id),
        ),
      ),
    );
  const byId = new Map(found.map((row) => [row.id, row]));
  const stored = new Map<number, MutationResult>();
  for (const mutation of resent) {
    const row = byId.get(mutation.id);
    // No stored result: an id skipped earlier, or one so old its result was let go.
    if (!row) return { kind: 'reused' };
    if (row.fingerprint !== null && row.fingerprint !== fingerprintOf(mutation))
      return { kind: 'reused' };
    stored.set(mutation.id, row.result as MutationResult);
  }
  return { kind: 'fresh', stored };
}
