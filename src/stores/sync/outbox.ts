import { shortHash } from '../../lib/hash';
import type { MutationResult } from '../../lib/sync/mutations';
import { withBases, type NewMutation, type PendingMutation } from '../../lib/sync/rebase';
import type { SyncStorage } from './deps';
import type { CacheOwner } from './owner';
import { decodeSyncState } from './state-schema';
import {
  freshSyncState,
  syncStateKey,
  withNewClientId,
  type Refusal,
  type SyncState,
} from './state';

type Who = Pick<CacheOwner, 'userId' | 'workspaceId'>;

/** The outbox and the rest of one workspace's sync state, kept in the device's storage. */
export interface Outbox {
  /** The freshest stored state (another tab may have just written it). */
  read: (who: Who) => SyncState;
  /** Changes the state on its freshest stored value and stores the result. */
  update: (who: Who, change: (state: SyncState) => SyncState) => SyncState;
  /** Appends mutations, numbered on, with the base of each record they change. */
  append: (
    who: Who,
    mutations: NewMutation[],
    before: Parameters<typeof withBases>[2],
  ) => SyncState;
  /** Notes that the server answered `batch`, pushed under `clientId`, so a pull may confirm it. */
  markAnswered: (who: Who, clientId: string, batch: PendingMutation[]) => void;
  /** Keeps what the server refused, for the person to read. */
  recordRefusals: (who: Who, batch: PendingMutation[], answers: MutationResult[], at: Date) => void;
  /** Forgets refusals the person has read. */
  dismissRefusals: (who: Who) => SyncState;
  /** Takes a new client id and numbers the outbox again from 1 (409 mutation_ids_reused). */
  renew: (who: Who) => SyncState;
  dispose: () => void;
}

/**
 * The outbox under the documented key `hm.sync.<user>.<workspace>` (docs/data-model.md), in the
 * format every earlier bundle wrote, so an outbox queued before an update still goes out. A value
 * that cannot be read is copied aside under `<key>.corrupt.<hash>` (never deleted) and reported
 * once; syncing starts again from a fresh state, since the server holds everything pushed before.
 */
export function createOutbox(deps: {
  storage: SyncStorage;
  onCorrupt: (key: string, raw: string) => void;
}): Outbox {
  const { storage } = deps;
  const reported = new Set<string>();

  function read(who: Who): SyncState {
    const key = syncStateKey(who);
    const raw = storage.read(key);
    const decoded = decodeSyncState(raw);
    if (decoded.status === 'ok') return decoded.state;
    if (decoded.status === 'corrupt' && raw !== null && !reported.has(raw)) {
      reported.add(raw);
      const stashKey = `${key}.corrupt.${shortHash(raw)}`;
      if (storage.read(stashKey) !== raw) storage.write(stashKey, raw);
      deps.onCorrupt(key, raw);
    }
    return freshSyncState();
  }

  function update(who: Who, change: (state: SyncState) => SyncState): SyncState {
    const next = change(read(who));
    storage.write(syncStateKey(who), JSON.stringify(next));
    return next;
  }

  return {
    read,
    update,
    append: (who, mutations, before) =>
      update(who, (state) => ({
        ...state,
        bases: withBases(state.bases, mutations, before),
        outbox: [
          ...state.outbox,
          ...mutations.map((m, i): PendingMutation => ({ ...m, id: state.nextMutationId + i })),
        ],
        nextMutationId: state.nextMutationId + mutations.length,
      })),
    markAnswered(who, clientId, batch) {
      const ids = new Set(batch.map((m) => m.id));
      update(who, (state) =>
        state.clientId === clientId
          ? {
              ...state,
              outbox: state.outbox.map((m) => (ids.has(m.id) ? { ...m, answered: true } : m)),
            }
          : state,
      );
    },
    recordRefusals(who, batch, answers, at) {
      const refusals: Refusal[] = [];
      for (const answer of answers) {
        if (answer.outcome !== 'refused') continue;
        // The record is on the server already (an upload or a stopwatch stop sent twice).
        if (answer.reason === 'already_exists') continue;
        const mutation = batch.find((m) => m.id === answer.id);
        if (mutation)
          refusals.push({
            mutation,
            reason: answer.reason,
            message: answer.message,
            at: at.toISOString(),
          });
      }
      if (refusals.length > 0)
        update(who, (state) => ({ ...state, refusals: [...state.refusals, ...refusals] }));
    },
    dismissRefusals: (who) => update(who, (state) => ({ ...state, refusals: [] })),
    renew: (who) => update(who, withNewClientId),
    dispose: () => reported.clear(),
  };
}
