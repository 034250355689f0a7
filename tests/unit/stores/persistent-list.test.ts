// @vitest-environment jsdom
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UNSURE } from '../../../src/lib/entities/fast-path';
import { persistentList } from '../../../src/stores/persistent-list';
import { onDemand, recordsDecoded, type SafeParser } from '../../../src/stores/record-decoder';
import { $storageNotices } from '../../../src/stores/storage-notices';

const itemSchema = z.object({ id: z.string(), n: z.number() });
type Item = z.infer<typeof itemSchema>;
let keyCounter = 0;
let key = '';

function corruptCopies(): string[] {
  return Object.keys(localStorage).filter((k) => k.startsWith(`${key}.corrupt.`));
}

beforeEach(() => {
  keyCounter += 1;
  key = `items${keyCounter}`;
  localStorage.clear();
  $storageNotices.set([]);
});
afterEach(() => vi.restoreAllMocks());

describe('persistentList', () => {
  it('loads valid stored records', () => {
    localStorage.setItem(key, JSON.stringify([{ id: 'a', n: 1 }]));
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    expect(list.$list.get()).toEqual([{ id: 'a', n: 1 }]);
    cleanStores(list.$list);
  });

  it('keeps a value that is not JSON aside, reports it once and starts empty', () => {
    localStorage.setItem(key, '{not json');
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    expect(list.$list.get()).toEqual([]);
    const copies = corruptCopies();
    expect(copies).toHaveLength(1);
    expect(localStorage.getItem(copies[0] ?? '')).toBe('{not json');
    expect($storageNotices.get()).toHaveLength(1);
    expect($storageNotices.get()[0]?.message).toContain('could not be read');
    cleanStores(list.$list);
  });

  it('keeps the valid records of a partly foreign list and copies the original aside', () => {
    const raw = JSON.stringify([{ id: 'a', n: 1 }, { id: 7, n: 'x' }, 'junk']);
    localStorage.setItem(key, raw);
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    expect(list.$list.get()).toEqual([{ id: 'a', n: 1 }]);
    expect(localStorage.getItem(corruptCopies()[0] ?? '')).toBe(raw);
    expect($storageNotices.get()[0]?.message).toContain('2 of 3');
    cleanStores(list.$list);
  });

  it('treats a non-list value as unreadable rather than crashing', () => {
    localStorage.setItem(key, JSON.stringify({ id: 'a' }));
    const list = persistentList<Item>(key, itemSchema);
    expect(list.$list.get()).toEqual([]);
    expect(corruptCopies()).toHaveLength(1);
  });

  it('merges with what another tab wrote, so simultaneous adds lose nothing', () => {
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    list.update((current) => [{ id: 'mine-1', n: 1 }, ...current]);
    // Another tab writes before this tab has heard its storage event.
    const other = [
      { id: 'theirs', n: 2 },
      ...(JSON.parse(localStorage.getItem(key) ?? '[]') as Item[]),
    ];
    localStorage.setItem(key, JSON.stringify(other));
    list.update((current) => [{ id: 'mine-2', n: 3 }, ...current]);
    expect(list.$list.get().map((i) => i.id)).toEqual(['mine-2', 'theirs', 'mine-1']);
    expect((JSON.parse(localStorage.getItem(key) ?? '[]') as Item[]).map((i) => i.id)).toEqual([
      'mine-2',
      'theirs',
      'mine-1',
    ]);
    cleanStores(list.$list);
  });

  it('follows changes made in another tab through the storage event', () => {
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    const value = JSON.stringify([{ id: 'remote', n: 5 }]);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    expect(list.$list.get()).toEqual([{ id: 'remote', n: 5 }]);
    cleanStores(list.$list);
  });

  it('keeps a change in memory and reports it when the storage quota is full', () => {
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    list.update(() => [{ id: 'first', n: 1 }]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    list.update((current) => [{ id: 'second', n: 2 }, ...current]);
    list.update((current) => [{ id: 'third', n: 3 }, ...current]);
    expect(list.$list.get().map((i) => i.id)).toEqual(['third', 'second', 'first']);
    expect(localStorage.getItem(key)).toBe(JSON.stringify([{ id: 'first', n: 1 }]));
    const notice = $storageNotices.get().find((n) => n.kind === 'quota');
    expect(notice?.message).toContain('storage is full');
    cleanStores(list.$list);
  });

  it('tells the caller whether each change was stored', () => {
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    expect(list.update(() => [{ id: 'first', n: 1 }])).toEqual({ saved: true });
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(list.update((current) => [{ id: 'second', n: 2 }, ...current])).toMatchObject({
      saved: false,
      reason: 'refused',
      message: expect.stringContaining('refused to save') as unknown,
    });
    setItem.mockRestore();
    expect(list.update((current) => current)).toEqual({ saved: true });
    expect(localStorage.getItem(key)).toBe(
      JSON.stringify([
        { id: 'second', n: 2 },
        { id: 'first', n: 1 },
      ]),
    );
    cleanStores(list.$list);
  });

  it('does not let another tab’s value silently replace changes held only in memory', () => {
    const list = persistentList<Item>(key, itemSchema);
    keepMount(list.$list);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    list.update(() => [{ id: 'mine', n: 1 }]);
    setItem.mockRestore();
    const theirs = JSON.stringify([{ id: 'theirs', n: 2 }]);
    localStorage.setItem(key, theirs);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: theirs }));
    expect(list.$list.get()).toEqual([{ id: 'mine', n: 1 }]);
    cleanStores(list.$list);
  });
});

// Issue 29: stores decode with a fast decoder and load the schema (with zod) only for a record
// the fast decoder is unsure of. Here the fast decoder takes items with a text id and a number.
describe('persistentList with a schema loaded on demand', () => {
  const fast = (v: unknown) => {
    const item = v as Partial<Item> | null;
    return typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      typeof item.n === 'number'
      ? { id: item.id, n: item.n }
      : UNSURE;
  };
  // The slow schema repairs a numeric id, as the entity schemas do for the original app's ids.
  const repairing = z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    n: z.number(),
  });
  const decoder = () => {
    const load = vi.fn(() => Promise.resolve(repairing as SafeParser<Item>));
    return { decoder: onDemand<Item>(fast, load), load };
  };

  it('never loads the schema when every record is in the shape the app writes', async () => {
    localStorage.setItem(
      key,
      JSON.stringify([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ]),
    );
    const { decoder: d, load } = decoder();
    const list = persistentList<Item>(key, d);
    expect(list.$list.get()).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    await recordsDecoded();
    expect(load).not.toHaveBeenCalled();
  });

  it('repairs a record once the schema has loaded, in its stored place, without writing', async () => {
    const raw = JSON.stringify([
      { id: 'a', n: 1 },
      { id: 7, n: 2 },
      { id: 'c', n: 3 },
    ]);
    localStorage.setItem(key, raw);
    const { decoder: d, load } = decoder();
    const list = persistentList<Item>(key, d);
    keepMount(list.$list);
    const seen: string[][] = [];
    list.$list.listen((items) => seen.push(items.map((i) => i.id)));
    expect(list.$list.get().map((i) => i.id)).toEqual(['a', 'c']);
    await recordsDecoded();
    expect(load).toHaveBeenCalledTimes(1);
    expect(list.$list.get().map((i) => i.id)).toEqual(['a', '7', 'c']);
    expect(seen).toEqual([['a', '7', 'c']]);
    expect(localStorage.getItem(key)).toBe(raw);
    expect(corruptCopies()).toEqual([]);
    expect($storageNotices.get()).toEqual([]);
    cleanStores(list.$list);
  });

  it('keeps a record the schema refuses aside and reports it, as a schema at hand would', async () => {
    const raw = JSON.stringify([{ id: 'a', n: 1 }, { id: 'b', n: 'x' }, 'junk']);
    localStorage.setItem(key, raw);
    const list = persistentList<Item>(key, decoder().decoder);
    keepMount(list.$list);
    expect(list.$list.get()).toEqual([{ id: 'a', n: 1 }]);
    await recordsDecoded();
    expect(list.$list.get()).toEqual([{ id: 'a', n: 1 }]);
    expect(localStorage.getItem(corruptCopies()[0] ?? '')).toBe(raw);
    expect($storageNotices.get()[0]?.message).toContain('2 of 3');
    cleanStores(list.$list);
  });

  it('keeps a waiting record stored through a change made before the schema loads', async () => {
    localStorage.setItem(
      key,
      JSON.stringify([
        { id: 'a', n: 1 },
        { id: 7, n: 2 },
      ]),
    );
    const list = persistentList<Item>(key, decoder().decoder);
    keepMount(list.$list);
    list.update((current) => [{ id: 'new', n: 0 }, ...current]);
    expect(JSON.parse(localStorage.getItem(key) ?? '[]')).toEqual([
      { id: 'new', n: 0 },
      { id: 'a', n: 1 },
      { id: 7, n: 2 },
    ]);
    await recordsDecoded();
    expect(list.$list.get().map((i) => i.id)).toEqual(['new', 'a', '7']);
    list.update((current) => current.filter((i) => i.id !== 'a'));
    expect(JSON.parse(localStorage.getItem(key) ?? '[]')).toEqual([
      { id: 'new', n: 0 },
      { id: '7', n: 2 },
    ]);
    cleanStores(list.$list);
  });

  it('decodes at once with the schema once it has loaded', async () => {
    const { decoder: d } = decoder();
    await d.load();
    localStorage.setItem(
      key,
      JSON.stringify([
        { id: 9, n: 1 },
        { id: 'b', n: 'x' },
      ]),
    );
    const list = persistentList<Item>(key, d);
    expect(list.$list.get()).toEqual([{ id: '9', n: 1 }]);
    expect($storageNotices.get()[0]?.message).toContain('1 of 2');
  });

  it('leaves a waiting record stored when the schema cannot load (offline), and tries again', async () => {
    localStorage.setItem(key, JSON.stringify([{ id: 7, n: 2 }]));
    const load = vi
      .fn<() => Promise<SafeParser<Item>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(repairing as SafeParser<Item>);
    const d = onDemand<Item>(fast, load);
    const list = persistentList<Item>(key, d);
    keepMount(list.$list);
    await recordsDecoded();
    expect(list.$list.get()).toEqual([]);
    list.update((current) => [{ id: 'new', n: 0 }, ...current]);
    expect(JSON.parse(localStorage.getItem(key) ?? '[]')).toEqual([
      { id: 'new', n: 0 },
      { id: 7, n: 2 },
    ]);
    // Another page load (or tab) decodes the list again and loads the schema this time.
    list.decode(localStorage.getItem(key) ?? '[]');
    await recordsDecoded();
    expect(load).toHaveBeenCalledTimes(2);
    expect(list.$list.get().map((i) => i.id)).toEqual(['new', '7']);
    cleanStores(list.$list);
  });
});
