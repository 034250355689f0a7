import type { CacheOwner } from './owner';
import { syncStateKey, type SyncState } from './state';

// What the engine needs of the hand-off between tabs (./hand-off.ts) before that code loads:
// where the keys are, and whether there is anything to take. The hand-off itself loads only
// when a second tab exists (issue 29's budget: a first visit is a single tab).

type Who = Pick<CacheOwner, 'userId' | 'workspaceId'>;

/** Where the following tabs of `who` write their hand-offs: the prefix, then the tab's id. */
export const handOffPrefix = (who: Who) => `${syncStateKey(who)}.tab.`;

/**
 * True when the leader has something to do with hand-offs: a following tab's key exists, or the
 * outbox still notes what it took from one (the note goes once that tab's key is gone).
 */
export function handOffsPresent(keys: readonly string[], who: Who, state: SyncState): boolean {
  const prefix = handOffPrefix(who);
  return (
    keys.some((key) => key.startsWith(prefix)) || Object.keys(state.handedOver ?? {}).length > 0
  );
}
