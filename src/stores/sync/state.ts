import { z } from 'zod';
import type { Bases, PendingMutation } from '../../lib/sync/rebase';
import { readRaw } from '../storage-engine';
import type { CacheOwner } from './owner';

/** A mutation the server refused, kept for the person to read (and, for a new record, to redo). */
export interface Refusal {
  mutation: PendingMutation;
  reason: string;
  message: string;
  at: string;
}

/**
 * Everything the device keeps about syncing one account's workspace, under one key so an action
 * appends to the outbox and records bases in one write: the client id, the last pull's cookie,
 * the outbox of mutations not yet confirmed, the server's version of the records they change,
 * and refusals the person has not dismissed.
 */
export interface SyncState {
  clientId: string;
  cookie: string | null;
  nextMutationId: number;
  outbox: PendingMutation[];
  bases: Bases;
  refusals: Refusal[];
}

/** The key of one account and workspace's sync state (it outlives the cache it feeds). */
export const syncStateKey = (owner: Pick<CacheOwner, 'userId' | 'workspaceId'>) =>
  `hm.sync.${owner.userId}.${owner.workspaceId}`;

function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The state of a device that never synced this workspace: a new client id, nothing waiting. */
export const freshSyncState = (): SyncState => ({
  clientId: newClientId(),
  cookie: null,
  nextMutationId: 1,
  outbox: [],
  bases: {},
  refusals: [],
});

// What every bundle so far has written under the key. Mutation names and record values are
// kept as they were stored (an older or newer bundle's name is the server's to judge), so only
// a value that is not this shape at all counts as unreadable. Fields a later version adds pass.
const storedMutation = z
  .object({ id: z.number(), name: z.string(), args: z.record(z.unknown()), record: z.string() })
  .passthrough();
const storedState = z
  .object({
    clientId: z.string(),
    cookie: z.string().nullable().optional(),
    nextMutationId: z.number().optional(),
    outbox: z.array(storedMutation),
    bases: z.record(z.unknown()).optional(),
    refusals: z
      .array(
        z
          .object({ mutation: storedMutation, reason: z.string(), message: z.string() })
          .passthrough(),
      )
      .optional(),
  })
  .passthrough();

/** What was stored under a sync state key: nothing, a state, or a value that cannot be read. */
export type DecodedSyncState =
  { status: 'absent' } | { status: 'ok'; state: SyncState } | { status: 'corrupt' };

/** Decodes a stored sync state through its schema (missing fields take a fresh state's). */
export function decodeSyncState(raw: string | null): DecodedSyncState {
  if (raw === null || raw === '' || raw === 'null') return { status: 'absent' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { status: 'corrupt' };
  }
  const checked = storedState.safeParse(parsed);
  if (!checked.success) return { status: 'corrupt' };
  // The schema checked the shape; the records inside stay as the stores wrote them.
  return { status: 'ok', state: { ...freshSyncState(), ...(parsed as Partial<SyncState>) } };
}

/**
 * The state under a new client id, its outbox numbered again from 1: what a device does when the
 * server says its ids were used before (409 mutation_ids_reused), so none of it was applied.
 */
export function withNewClientId(state: SyncState): SyncState {
  return {
    ...state,
    clientId: newClientId(),
    outbox: state.outbox.map(({ answered: _answered, ...mutation }, i) => ({
      ...mutation,
      id: i + 1,
    })),
    nextMutationId: state.outbox.length + 1,
  };
}

/**
 * Reads the sync state of `owner` from this browser's storage (a fresh one when there is none or
 * it cannot be read; the engine's outbox is what keeps an unreadable one aside and reports it).
 */
export function readSyncState(owner: Pick<CacheOwner, 'userId' | 'workspaceId'>): SyncState {
  const decoded = decodeSyncState(readRaw(syncStateKey(owner)));
  return decoded.status === 'ok' ? decoded.state : freshSyncState();
}
