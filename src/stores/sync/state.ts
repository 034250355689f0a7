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
  /** How far the leader took each other tab's changes (./hand-off.ts), by tab id. */
  handedOver?: Record<string, number>;
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
 * Reads the sync state of `owner` from this browser's storage, for the screens' own needs (what
 * waits, for sign-out and Export): a fresh one when there is none or it cannot be read. The
 * engine's outbox decodes it through its schema (./state-schema.ts) and keeps an unreadable
 * value aside; this light check keeps that schema out of the code every screen loads.
 */
export function readSyncState(owner: Pick<CacheOwner, 'userId' | 'workspaceId'>): SyncState {
  try {
    const parsed = JSON.parse(readRaw(syncStateKey(owner)) ?? 'null') as SyncState | null;
    if (parsed && typeof parsed.clientId === 'string' && Array.isArray(parsed.outbox))
      return { ...freshSyncState(), ...parsed };
  } catch {
    // Unreadable: the engine keeps it aside and reports it; nothing waits that can be read.
  }
  return freshSyncState();
}
