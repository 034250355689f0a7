// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const itemSchema = z.object({ id: z.string() });

/** One page load: fresh modules, as a reload gives, decoding what is stored under `key`. */
async function loadPage(key: string) {
  vi.resetModules();
  const { persistentList } = await import('../../../src/stores/persistent-list');
  const { $storageNotices } = await import('../../../src/stores/storage-notices');
  const { $unsavedWrites } = await import('../../../src/stores/unsaved-writes');
  const { exportSnapshot } = await import('../../../src/stores/export-data');
  const list = persistentList(key, itemSchema);
  return { list, notices: $storageNotices.get(), unsaved: $unsavedWrites.get(), exportSnapshot };
}

const copiesOf = (key: string) =>
  Object.keys(localStorage).filter((k) => k.startsWith(`${key}.corrupt.`));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('keeping a bad value aside', () => {
  it('copies it once however many pages load it, under a name made from its hash', async () => {
    const raw = '[{"id": "a"}, {"broken';
    localStorage.setItem('things', raw);
    let notices: Awaited<ReturnType<typeof loadPage>>['notices'] = [];
    for (let load = 0; load < 6; load += 1) {
      vi.setSystemTime(new Date(2026, 2, 10, 9, load));
      ({ notices } = await loadPage('things'));
    }
    const copies = copiesOf('things');
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/^things\.corrupt\.[0-9a-z]{1,11}$/);
    expect(localStorage.getItem(copies[0] ?? '')).toBe(raw);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(`kept under "${copies[0]}"`);
  });

  it('keeps each different bad value, and never overwrites one with another', async () => {
    localStorage.setItem('things', '{first');
    await loadPage('things');
    localStorage.setItem('things', '{second');
    await loadPage('things');
    const kept = copiesOf('things').map((k) => localStorage.getItem(k));
    expect(kept.sort()).toEqual(['{first', '{second']);
  });

  it('says the copy is only in this tab when storage refuses it, and exports it', async () => {
    localStorage.setItem('things', '{broken');
    const store = localStorage;
    const setItem = store.setItem.bind(store);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string, value: string) => {
      if (key.includes('.corrupt.')) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    });
    const { notices, unsaved, exportSnapshot } = await loadPage('things');
    expect(copiesOf('things')).toEqual([]);
    const [stashKey] = Object.keys(unsaved);
    expect(stashKey).toMatch(/^things\.corrupt\./);
    expect(notices[0]?.message).toContain(`could not store a copy under "${stashKey}"`);
    expect(notices[0]?.message).toContain('kept in this tab only');
    const exported = JSON.parse(exportSnapshot()) as { keptAside: Record<string, string> };
    expect(exported.keptAside).toEqual({ [stashKey ?? '']: '{broken' });
  });
});
