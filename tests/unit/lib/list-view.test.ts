import { describe, expect, it } from 'vitest';
import { matchesSearch, matchesStatus, oneOf, sortItems } from '../../../src/lib/list-view';

describe('matchesSearch', () => {
  it('matches every word, ignoring case and accents', () => {
    expect(matchesSearch('jose web', 'José', 'Website')).toBe(true);
    expect(matchesSearch('ACME', 'Acme Ltd')).toBe(true);
    expect(matchesSearch('acme beta', 'Acme Ltd')).toBe(false);
    expect(matchesSearch('   ', 'anything')).toBe(true);
  });
});

describe('matchesStatus', () => {
  it('shows archived records only under Archived and All', () => {
    expect(matchesStatus('Archived', 'Active')).toBe(false);
    expect(matchesStatus('Archived', 'Archived')).toBe(true);
    expect(matchesStatus('Active', 'All')).toBe(true);
  });
});

describe('sortItems', () => {
  const names = ['beta', 'Alpha', '', 'item 10', 'item 9'];
  it('sorts text naturally without regard to case, blanks last in both directions', () => {
    expect(sortItems(names, (n) => n, 'asc')).toEqual(['Alpha', 'beta', 'item 9', 'item 10', '']);
    expect(sortItems(names, (n) => n, 'desc')).toEqual(['item 10', 'item 9', 'beta', 'Alpha', '']);
  });
  it('sorts numbers by value and leaves the input untouched', () => {
    const values = [3, 20, 1];
    expect(sortItems(values, (n) => n, 'asc')).toEqual([1, 3, 20]);
    expect(values).toEqual([3, 20, 1]);
  });
});

describe('oneOf', () => {
  it('falls back when the URL holds a value outside the set', () => {
    expect(oneOf(['asc', 'desc'] as const, 'desc', 'asc')).toBe('desc');
    expect(oneOf(['asc', 'desc'] as const, 'sideways', 'asc')).toBe('asc');
    expect(oneOf(['asc', 'desc'] as const, null, 'asc')).toBe('asc');
  });
});
