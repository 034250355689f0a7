import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { keepAside } from './keep-aside';
import { decodeNow, repairWhenLoaded, type RecordDecoder } from './record-decoder';
import { recordLocalChange, syncedLists } from './local-changes';
import { installStorageEngine, readRaw, type WriteResult } from './storage-engine';
import { announceChanges, hearOtherTabs } from './tab-changes';
import { writeOutcome } from './unsaved-writes';

/** A list persisted as JSON under one documented localStorage key. */
export interface PersistentList<T> {
  /** The documented localStorage key. */
  key: string;
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
 * Creates a list store under `key`, decoding each record through `decoder`. Valid records are
 * kept; anything unreadable is copied aside (once per distinct value) and reported, never
 * thrown away. With an on-demand decoder (./record-decoder.ts), a record its fast decoder is
 * unsure of waits for the schema to load: it joins the list once repaired (or is kept aside
 * and reported once refused), and until then every write of the list keeps it stored as it was.
 */
export function persistentList<T>(
  key: string,
  decoder: RecordDecoder<T>,
  normalise: (record: T, index: number) => T = (record) => record,
): PersistentList<T> {
  installStorageEngine();
  hearOtherTabs();

  // The raw text this store last decoded or wrote. A write re-reads storage to merge what other
  // tabs wrote; when nothing changed since, the in-memory list is reused instead of decoding
  // thousands of records again (adding a log with 5,000 stored went from ~340 ms of main thread).
  let lastRaw: string | null = null;

  // Records of the last decode waiting for their schema, with their place in the stored list;
  // the raw text and length they came from (to report refusals); and the list that decode gave.
  let waiting: { index: number; item: unknown }[] = [];
  let waitingOf = { raw: '', total: 0 };
  let decoded: T[] | null = null;
  let keptAt: number[] = [];

  const decode = (raw: string): T[] => {
    lastRaw = raw;
    waiting = [];
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
    const at: number[] = [];
    let refused = 0;
    parsed.forEach((item, index) => {
      const result = decodeNow(decoder, item);
      if (result === 'refused') refused += 1;
      else if (result === 'unsure') waiting.push({ index, item });
      else {
        kept.push(normalise(result.value, index));
        at.push(index);
      }
    });
    if (refused > 0) keepAside(key, raw, refused, parsed.length);
    decoded = kept;
    if (waiting.length > 0 && !('safeParse' in decoder)) {
      waitingOf = { raw, total: parsed.length };
      keptAt = at;
      repairWhenLoaded(decoder, repair);
    }
    return kept;
  };

  // The schema has loaded: the waiting records join the list (in their stored places when the
  // list has not changed since, else after the rest), and refused ones are kept aside. Nothing
  // is written: storage still holds them as they were, as for any record a schema repairs.
  const repair = () => {
    if (waiting.length === 0) return;
    const now = waiting;
    waiting = [];
    const repaired: { index: number; record: T }[] = [];
    let refused = 0;
    for (const { index, item } of now) {
      const result = decodeNow(decoder, item);
      if (typeof result === 'object')
        repaired.push({ index, record: normalise(result.value, index) });
      else refused += 1;
    }
    if (refused > 0) keepAside(key, waitingOf.raw, refused, waitingOf.total);
    if (repaired.length === 0) return;
    const current = $list.get();
    let next: T[];
    if (current === decoded) {
      next = [];
      let r = 0;
      current.forEach((record, i) => {
        while (r < repaired.length && repaired[r]!.index < keptAt[i]!)
          next.push(repaired[r++]!.record);
        next.push(record);
      });
      while (r < repaired.length) next.push(repaired[r++]!.record);
    } else next = [...current, ...repaired.map((r) => r.record)];
    decoded = next;
    const before = current;
    // The value changes without a write (persistentAtom's set would store it): what is stored
    // already holds these records.
    ($list as unknown as { value: T[] }).value = next;
    $list.notify(before);
  };

  // While a refused write leaves this tab holding the only current list, a value arriving from
  // another tab must not replace it silently; this tab's next successful write stores it.
  let lastEncoded = '';
  const $list: WritableAtom<T[]> = persistentAtom<T[]>(key, [], {
    // Records still waiting for their schema stay stored, after the list, until it has loaded.
    encode: (list) =>
      (lastEncoded = JSON.stringify(
        waiting.length > 0 ? [...list, ...waiting.map(({ item }) => item)] : list,
      )),
    decode: (raw) => (writeOutcome(key).saved ? decode(raw) : $list.get()),
  });

  const update = (change: (current: T[]) => T[]): WriteResult => {
    const unsaved = !writeOutcome(key).saved;
    const raw = readRaw(key);
    const base = unsaved || raw === null || raw === lastRaw ? $list.get() : decode(raw);
    const next = change(base);
    const result = replace(next);
    recordLocalChange(key, base, next);
    announceChanges(key, base, next);
    return result;
  };

  const replace = (next: T[]): WriteResult => {
    $list.set(next);
    const result = writeOutcome(key);
    if (result.saved) lastRaw = lastEncoded;
    return result;
  };

  syncedLists.set(key, { get: () => $list.get(), replace });
  return { key, $list, update, replace, decode };
}
