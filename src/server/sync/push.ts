import { and, eq, lt, sql } from 'drizzle-orm';
import type { MutationResult } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { mutationResults, syncClients } from '../db/schema';
import { commit } from '../commit/commit';
import { recomputeTouched, type LogScope } from './amounts';
import {
  noLegacyStatusChanges,
  noteLegacyStatusChange,
  postLegacyStatusNotices,
} from '../notices/legacy-status';
import { applyChange, CommandRefused } from './apply-command';
import { checkMutationIds, fingerprintOf } from './mutation-ids';
import { membershipOf } from './workspaces';

/** Results kept per client for answering retried pushes. */
const KEPT_RESULTS = 1000;

/** What a push came to. */
export type PushOutcome =
  | { kind: 'forbidden'; reason: 'not_member' | 'foreign_client' }
  /** Ids that do not grow, or name another change than the one applied: nothing was applied. */
  | { kind: 'reused' }
  | {
      kind: 'ok';
      results: MutationResult[];
      lastMutationId: number;
      version: number;
      /** Whether any mutation was applied (the version moved). */
      changed: boolean;
    };

/**
 * Applies a batch of mutations in one transaction (Replicache's push). The workspace row is
 * locked first, so pushes to one workspace run one after another and versions only grow. A
 * mutation id already applied for this client, re-sent with the same change, is answered from its
 * stored result and not applied again; a push that reuses ids is refused whole (mutation-ids.ts).
 * Each new one runs in a savepoint, so a refusal or a failure of one leaves the others.
 */
export async function push(
  db: Db,
  userId: string,
  body: {
    workspaceId: string;
    clientId: string;
    mutations: { id: number; name: string; args?: unknown }[];
  },
  now: Date,
): Promise<PushOutcome> {
  const membership = await membershipOf(db, userId, body.workspaceId);
  if (!membership) return { kind: 'forbidden', reason: 'not_member' };
  const committed = await commit(
    db,
    // Each applied mutation is its own entry in the change history (logCommand below).
    { workspaceId: body.workspaceId, userId, command: null, at: now },
    async ({ tx, version, logCommand }): Promise<PushOutcome> => {
      await tx
        .insert(syncClients)
        .values({
          id: body.clientId,
          userId,
          workspaceId: body.workspaceId,
          createdAt: now,
          lastSeenAt: now,
        })
        .onConflictDoNothing();
      const [client] = await tx
        .select()
        .from(syncClients)
        .where(eq(syncClients.id, body.clientId))
        .for('update');
      if (!client || client.userId !== userId || client.workspaceId !== body.workspaceId)
        return { kind: 'forbidden', reason: 'foreign_client' };
      const ids = await checkMutationIds(tx, body.clientId, client.lastMutationId, body.mutations);
      if (ids.kind === 'reused') return { kind: 'reused' };
      let last = client.lastMutationId;
      let changed = false;
      const results: MutationResult[] = [];
      const touched: LogScope[] = [];
      const legacyStatus = noLegacyStatusChanges();
      for (const mutation of body.mutations) {
        const stored = ids.stored.get(mutation.id);
        if (stored) {
          results.push(stored);
          continue;
        }
        const collected: LogScope[] = [];
        const records: { kind: string; id: string }[] = [];
        const result = await tx
          .transaction((savepoint) =>
            applyChange(
              { runner: savepoint, membership, version, now, touched: collected, records },
              mutation,
            ),
          )
          // A command with a refused step: its savepoint rolled back everything it wrote.
          .catch((error: unknown) => {
            if (error instanceof CommandRefused) return error.result;
            throw error;
          });
        // A refused mutation's savepoint was rolled back: only what was applied is computed.
        if (result.outcome === 'ok') {
          touched.push(...collected);
          noteLegacyStatusChange(legacyStatus, mutation);
          logCommand({ command: mutation.name, records, details: mutation.args });
        }
        changed ||= result.outcome === 'ok';
        results.push(result);
        last = mutation.id;
        await tx.insert(mutationResults).values({
          clientId: body.clientId,
          mutationId: mutation.id,
          result,
          fingerprint: fingerprintOf(mutation),
        });
      }
      await postLegacyStatusNotices(tx, membership, legacyStatus);
      // Each touched log's money, once, from the final state the push leaves (amounts.ts).
      await recomputeTouched(tx, body.workspaceId, touched);
      await tx
        .update(syncClients)
        .set({ lastMutationId: last, lastSeenAt: now })
        .where(eq(syncClients.id, body.clientId));
      await tx
        .delete(mutationResults)
        .where(
          and(
            eq(mutationResults.clientId, body.clientId),
            lt(mutationResults.mutationId, sql`${last - KEPT_RESULTS}`),
          ),
        );
      return { kind: 'ok', results, lastMutationId: last, version, changed };
    },
    (outcome) => outcome.kind === 'ok' && outcome.changed,
  );
  if (!committed) return { kind: 'forbidden', reason: 'not_member' };
  const outcome = committed.result;
  // The version the device has caught up to: the new one, or the one before when nothing changed.
  return outcome.kind === 'ok' ? { ...outcome, version: committed.version } : outcome;
}
