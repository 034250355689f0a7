import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type { ZodType, ZodTypeDef } from 'zod';
import { keepAside } from './keep-aside';
import { recordLocalChange, syncedLists } from './local-changes';
import { installStorageEngine, readRaw, type WriteResult } from './storage-engine';
import { writeOutcome } from './unsaved-writes';

/** A list persisted as JSON under one documented localStorage key. */
export interface PersistentList<T> {
  $list: WritableAtom<T[]>;
  /**
   * Applies a change to the freshest stored list, so two tabs writing at once lose nothing, and
   * says whether the browser stored it (when not, the change is kept in this tab's memory).
   */
  update: (change: (current: T[]) => T[]) => WriteResult;
  /** Stores what the server sent, without reporting it as a change to push back. */
  replace: (next: T[]) => WriteResult;
  /** Decodes a raw stored string (exported for tests). */
  decode: (raw: string) => T[];
}

/**
 * Creates a list store under `key`, decoding each record through `schema`. Valid records are
 * kept; anything unreadable is copied aside (once per distinct value) and reported, never
 * thrown away.
 */
export function persistentList<T>(
  key: string,
  schema: ZodType<T, ZodTypeDef, unknown>,
  normalise: (record: T, index: number) => T = (record) => record,
): PersistentList<T> {
  installStorageEngine();

  // The raw text this store last decoded or wrote. A write re-reads storage to merge what other
  // tabs wrote; when nothing changed since, the in-memory list is reused instead of decoding
  // thousands of records again (adding a log with 5,000 stored went from ~340 ms of main thread).
  let lastRaw: string | null = null;

  const decode = (raw: string): T[] => {
    lastRaw = raw;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      keepAside(key, raw, 0, null);
      return [];
    }
    if (!Array.isArray(parsed)) {
      keepAside(key, raw, 0, null);
      return [];
    }
    const kept: T[] = [];
    parsed.forEach((item, index) => {
      const result = schema.safeParse(item);
      if (result.success) kept.push(normalise(result.data, index));
    });
    if (kept.length < parsed.length)
      keepAside(key, raw, parsed.length - kept.length, parsed.length);
    return kept;
  };

  // While a refused write leaves this tab holding the only current list, a value arriving from
  // another tab must not replace it silently; this tab's next successful write stores it.
  let lastEncoded = '';
  const $list: WritableAtom<T[]> = persistentAtom<T[]>(key, [], {
    encode: (list) => (lastEncoded = JSON.stringify(list)),
    decode: (raw) => (writeOutcome(key).saved ? decode(raw) : $list.get()),
  });

  const update = (change: (current: T[]) => T[]): WriteResult => {
    const unsaved = !writeOutcome(key).saved;
    const raw = readRaw(key);
    const base = unsaved || raw === null || raw === lastRaw ? $list.get() : decode(raw);
    const next = change(base);
    const result = replace(next);
    recordLocalChange(key, base, next);
    return result;
  };

  const replace = (next: T[]): WriteResult => {
    $list.set(next);
    const result = writeOutcome(key);
    if (result.saved) lastRaw = lastEncoded;
    return result;
  };

  syncedLists.set(key, { get: () => $list.get(), replace });
  return { $list, update, replace, decode };
}
