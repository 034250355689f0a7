import type { PendingMutation } from '../../lib/sync/rebase';
import type { SyncStorage } from './deps';
import { decodeHandOff, handedOverOf, type HandedOver } from './hand-off';
import { handOffPrefix } from './hand-off-key';
import type { CacheOwner } from './owner';
import type { SyncState } from './state';

// The leader's side of the hand-off between tabs (./hand-off.ts), loaded when the leader finds
// another tab's hand-off (issue 29's budget: a first visit is one tab).

type Who = Pick<CacheOwner, 'userId' | 'workspaceId'>;

/** A hand-off whose entries are all taken and that was not written for a day is a closed tab's. */
const ABANDONED_MS = 24 * 3600 * 1000;

/**
 * The leader's side: takes every tab's hand-off into the outbox (numbered on, bases kept where
 * the outbox has one already), applies dismissals, and clears keys of tabs long gone. Returns the
 * new state and whether it took anything.
 */
export function takeHandOffs(
  storage: SyncStorage & { keys: () => string[] },
  who: Who,
  state: SyncState,
  now: Date,
): { state: SyncState; took: boolean } {
  const prefix = handOffPrefix(who);
  const handedOver: HandedOver = { ...handedOverOf(state) };
  let { outbox, bases, refusals, nextMutationId } = state;
  let took = false;
  const present = new Set<string>();
  for (const key of storage.keys()) {
    if (!key.startsWith(prefix)) continue;
    const tabId = key.slice(prefix.length);
    const handOff = decodeHandOff(storage.read(key));
    if (!handOff) continue;
    present.add(tabId);
    const taken = handedOver[tabId] ?? 0;
    const fresh = handOff.entries.filter((e) => e.seq > taken).sort((a, b) => a.seq - b.seq);
    for (const entry of fresh) {
      const numbered = entry.mutations.map((m, i): PendingMutation => ({
        ...m,
        id: nextMutationId + i,
      }));
      nextMutationId += numbered.length;
      outbox = [...outbox, ...numbered];
      bases = { ...entry.bases, ...bases };
      handedOver[tabId] = entry.seq;
      took = true;
    }
    // Idempotent: refusals recorded after the moment stay, so taking it again changes nothing.
    const until = handOff.dismissedAt;
    if (until && refusals.some((r) => r.at <= until)) {
      refusals = refusals.filter((r) => r.at > until);
      took = true;
    }
    const abandoned =
      fresh.length === 0 &&
      now.getTime() - Date.parse(handOff.writtenAt || '1970-01-01') > ABANDONED_MS;
    if (abandoned) {
      storage.remove(key);
      present.delete(tabId);
    }
  }
  // A tab whose key is gone had everything taken: its note is no longer needed.
  let forgot = false;
  for (const tabId of Object.keys(handedOver))
    if (!present.has(tabId)) {
      delete handedOver[tabId];
      forgot = true;
    }
  if (!took && !forgot) return { state, took: false };
  return {
    state: { ...state, outbox, bases, refusals, nextMutationId, handedOver },
    took,
  };
}
