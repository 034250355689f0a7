import type { Bases, NewMutation } from '../../lib/sync/rebase';
import type { SyncStorage } from './deps';
import { handOffPrefix } from './hand-off-key';
import type { CacheOwner } from './owner';
import type { SyncState } from './state';

type Who = Pick<CacheOwner, 'userId' | 'workspaceId'>;

/**
 * Tabs of one browser share localStorage, which has no transactions: two tabs that read the
 * outbox, add to it and write it back at the same moment keep only one of the two changes (each
 * tab reads its own copy, and another tab's write reaches it later). So the outbox under
 * `hm.sync.<user>.<workspace>` has one writer, the leading tab. Every other tab writes its
 * changes under a key of its own, `hm.sync.<user>.<workspace>.tab.<tabId>`, and the leader takes
 * them into the outbox, noting in the outbox how far it took each tab's (`handedOver`); the tab
 * then drops what was taken. docs/architecture.md, "Several tabs".
 */

/** One change a following tab made: the mutations and the server's version of their records. */
export interface HandOffEntry {
  seq: number;
  mutations: NewMutation[];
  bases: Bases;
}

/** What one following tab has for the leader. */
export interface HandOff {
  entries: HandOffEntry[];
  /** The person dismissed the refusals shown up to this moment (ISO time); taking it again is harmless. */
  dismissedAt?: string;
  /** When the tab last wrote it (ISO time): a key of a tab long gone is cleared. */
  writtenAt: string;
}

/** The outbox's note of how far it took each tab's hand-off. */
export type HandedOver = Record<string, number>;

export { handOffPrefix };

/** A tab's hand-off as stored, or null when it is not one. */
export function decodeHandOff(raw: string | null): HandOff | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<HandOff>;
    if (!Array.isArray(parsed.entries)) return null;
    const entries = parsed.entries.filter(
      (e): e is HandOffEntry =>
        typeof e === 'object' &&
        e !== null &&
        Number.isSafeInteger(e.seq) &&
        Array.isArray(e.mutations) &&
        typeof e.bases === 'object' &&
        e.bases !== null,
    );
    return {
      entries,
      writtenAt: typeof parsed.writtenAt === 'string' ? parsed.writtenAt : '',
      ...(typeof parsed.dismissedAt === 'string' ? { dismissedAt: parsed.dismissedAt } : {}),
    };
  } catch {
    return null;
  }
}

export const handedOverOf = (state: SyncState): HandedOver => state.handedOver ?? {};

/** This tab's own hand-off: written by this tab alone. */
export interface TabHandOff {
  readonly tabId: string;
  /** Keeps `mutations` for the leader, with the server's version of the records they change. */
  give: (who: Who, mutations: NewMutation[], bases: Bases, now: Date) => void;
  /** Asks the leader to forget the refusals shown up to `at`. */
  dismiss: (who: Who, at: Date) => void;
  /** Drops what the leader took (as the outbox says); the key goes once nothing is left. */
  prune: (who: Who, state: SyncState) => void;
  /** How many of this tab's changes the leader has not taken yet. */
  waiting: (who: Who, state: SyncState) => number;
}

export function createTabHandOff(storage: SyncStorage, tabId: string): TabHandOff {
  const keyOf = (who: Who) => `${handOffPrefix(who)}${tabId}`;
  // What this tab gave, in memory too: if its key was removed meanwhile, the next write has it all.
  const given = new Map<string, HandOff>();
  // Numbers only grow, even after the key was emptied: the leader may still hold the last one.
  let lastSeq = 0;
  const current = (who: Who): HandOff =>
    given.get(keyOf(who)) ??
    decodeHandOff(storage.read(keyOf(who))) ?? { entries: [], writtenAt: '' };
  const store = (who: Who, next: HandOff) => {
    const key = keyOf(who);
    if (next.entries.length === 0 && !next.dismissedAt) {
      given.delete(key);
      storage.remove(key);
      return;
    }
    given.set(key, next);
    storage.write(key, JSON.stringify(next));
  };
  const untaken = (who: Who, state: SyncState) => {
    const taken = handedOverOf(state)[tabId] ?? 0;
    return current(who).entries.filter((e) => e.seq > taken);
  };
  return {
    tabId,
    give(who, mutations, bases, now) {
      const held = current(who);
      const seq = Math.max(lastSeq, ...held.entries.map((e) => e.seq)) + 1;
      lastSeq = seq;
      store(who, {
        ...held,
        entries: [...held.entries, { seq, mutations, bases }],
        writtenAt: now.toISOString(),
      });
    },
    dismiss(who, at) {
      store(who, { ...current(who), dismissedAt: at.toISOString(), writtenAt: at.toISOString() });
    },
    prune(who, state) {
      const held = current(who);
      const left = untaken(who, state);
      if (left.length < held.entries.length) store(who, { ...held, entries: left });
    },
    waiting: (who, state) => untaken(who, state).reduce((n, e) => n + e.mutations.length, 0),
  };
}
