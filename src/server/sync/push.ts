import { sql } from 'drizzle-orm';
import type { MutationResult } from '../../lib/sync/mutations';
import type { Db } from '../db/connect';
import { executeBatch, type SentCommand } from '../commands/execute-batch';
import { checkMutationIds, fingerprintOf } from './mutation-ids';
import { rows } from './records';
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

/** The pushing device as its row stands, with the push's ids checked against it. */
type DeviceCheck =
  | { kind: 'fresh'; lastMutationId: number; ids: { stored: Map<number, MutationResult> } }
  | { kind: 'forbidden'; reason: 'foreign_client' }
  | { kind: 'reused' };

/**
 * Registers the device on its first push and locks its row until the push commits (one device's
 * pushes run one after another), in one statement: a row of another person's or another
 * workspace's is left as it is and answers nothing.
 */
async function checkDevice(
  tx: Db,
  userId: string,
  body: {
    workspaceId: string;
    clientId: string;
    mutations: { id: number; name: string; args?: unknown }[];
  },
  now: Date,
): Promise<DeviceCheck> {
  const [client] = await rows<{ last_mutation_id: number | string }>(
    tx,
    sql`INSERT INTO sync_clients (id, user_id, workspace_id, created_at, last_seen_at)
      VALUES (${body.clientId}, ${userId}::uuid, ${body.workspaceId}::uuid, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      ON CONFLICT (id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
        WHERE sync_clients.user_id = EXCLUDED.user_id AND sync_clients.workspace_id = EXCLUDED.workspace_id
      RETURNING last_mutation_id`,
  );
  if (!client) return { kind: 'forbidden', reason: 'foreign_client' };
  const lastMutationId = Number(client.last_mutation_id);
  const ids = await checkMutationIds(tx, body.clientId, lastMutationId, body.mutations);
  return ids.kind === 'reused' ? ids : { kind: 'fresh', lastMutationId, ids };
}

/**
 * Stores the answers of the mutations this push applied or refused (a retried push is answered
 * from them), moves the device to its last id, and lets go of answers older than the last
 * KEPT_RESULTS: one statement, as it runs while the workspace is locked.
 */
async function rememberResults(
  tx: Db,
  clientId: string,
  fresh: { id: number; result: MutationResult; fingerprint: string }[],
  last: number,
  now: Date,
) {
  if (fresh.length === 0) return;
  const values = fresh.map(
    (m) =>
      sql`(${clientId}, ${m.id}::bigint, ${JSON.stringify(m.result)}::jsonb, ${m.fingerprint})`,
  );
  await tx.execute(sql`
    WITH stored AS (
      INSERT INTO mutation_results (client_id, mutation_id, result, fingerprint)
      VALUES ${sql.join(values, sql`, `)}
    ), moved AS (
      UPDATE sync_clients SET last_mutation_id = ${last}::bigint, last_seen_at = ${now.toISOString()}::timestamptz
      WHERE id = ${clientId}
    )
    DELETE FROM mutation_results
    WHERE client_id = ${clientId} AND mutation_id < ${last - KEPT_RESULTS}::bigint`);
}

/**
 * Applies a batch of mutations in one transaction (Replicache's push), through executeBatch, the
 * batch shape of the one execute. The workspace row is locked first, so pushes to one workspace
 * run one after another and versions only grow. A mutation id already applied for this client,
 * re-sent with the same change, is answered from its stored result and not applied again; a push
 * that reuses ids is refused whole (mutation-ids.ts). Each new one runs in a savepoint, so a
 * refusal or a failure of one leaves the others.
 */
export async function push(
  db: Db,
  userId: string,
  body: {
    workspaceId: string;
    clientId: string;
    mutations: SentCommand[];
  },
  now: Date,
): Promise<PushOutcome> {
  const membership = await membershipOf(db, userId, body.workspaceId);
  if (!membership) return { kind: 'forbidden', reason: 'not_member' };
  // The device's row and its ids are settled before the workspace is locked (commit.ts
  // beforeLock): the client row lock already makes one device's pushes wait for each other.
  const ran = await executeBatch(db, membership, body.mutations, now, {
    open: async (tx) => {
      const device = await checkDevice(tx, userId, body, now);
      return device.kind === 'fresh' ? { ok: true, state: device } : { ok: false, stop: device };
    },
    answered: (device, mutation) => device.ids.stored.get(mutation.id),
    close: (tx, device, fresh) =>
      rememberResults(
        tx,
        body.clientId,
        fresh.map(({ command, result }) => ({
          id: command.id,
          result,
          fingerprint: fingerprintOf(command),
        })),
        lastIdOf(device, fresh),
        now,
      ),
  });
  if (!ran) return { kind: 'forbidden', reason: 'not_member' };
  if (ran.kind === 'stopped') return ran.stop;
  return {
    kind: 'ok',
    results: ran.results,
    lastMutationId: lastIdOf(ran.state, ran.fresh),
    version: ran.version,
    changed: ran.changed,
  };
}

/** The last mutation id the device has had answered: its newest fresh one, or the one before. */
const lastIdOf = (
  device: { lastMutationId: number },
  fresh: readonly { command: SentCommand }[],
): number => fresh.at(-1)?.command.id ?? device.lastMutationId;
