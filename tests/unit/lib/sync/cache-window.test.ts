import { describe, expect, it } from 'vitest';
import { cacheWindowStart, logsInWindow } from '../../../../src/lib/sync/cache-window';

describe('the cache window', () => {
  it('starts 56 days (8 weeks) before today, across months and years', () => {
    expect(cacheWindowStart('2026-11-23')).toBe('2026-09-28');
    expect(cacheWindowStart('2026-02-10')).toBe('2025-12-16');
  });

  it('keeps the window’s logs, undated ones, and old ones with pending changes or fetched to look at', () => {
    const logs = [
      { id: 'new', date: '2026-09-28' },
      { id: 'old', date: '2026-09-27' },
      { id: 'undated', date: '' },
      { id: 'edited', date: '2025-01-01' },
      { id: 'shown', date: '2024-06-03' },
    ];
    const kept = logsInWindow(
      logs,
      '2026-09-28',
      new Set(['timeLog:edited', 'client:old']),
      new Set(['shown']),
    );
    expect(kept.map((l) => l.id)).toEqual(['new', 'undated', 'edited', 'shown']);
  });
});
