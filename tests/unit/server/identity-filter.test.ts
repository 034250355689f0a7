import { describe, expect, it } from 'vitest';
import { identityFilter } from '../../../src/server/imports/identity-filter';
import { sha256 } from '../../../src/server/imports/seen-rows';

// The filter the upload asks before counting a row's identical rows in the database (issue 32,
// the upload's speed): never "no" for an identity it was given, so no count is ever skipped
// wrongly, and "no" for nearly every other.

describe('the identities an upload has staged', () => {
  it('answers yes for every identity it was given, and no for 99,990 of 100,000 others', () => {
    const filter = identityFilter();
    const given = Array.from({ length: 100_000 }, (_, i) => sha256(`row ${i}`));
    for (const hash of given) filter.add(hash);
    expect(given.every((hash) => filter.mayHave(hash))).toBe(true);
    const others = Array.from({ length: 100_000 }, (_, i) => sha256(`other ${i}`));
    // About one false alarm in 200,000 at this fill: 10 of 100,000 is a generous bound.
    expect(others.filter((hash) => filter.mayHave(hash)).length).toBeLessThanOrEqual(10);
  });

  it('answers no before anything is added, and refuses a size that is not a power of two', () => {
    expect(identityFilter().mayHave(sha256('row 1'))).toBe(false);
    expect(() => identityFilter(1000)).toThrow('power of two');
  });

  it('answers yes for everything once a tiny filter is full (a false alarm costs a count only)', () => {
    const filter = identityFilter(32);
    for (let i = 0; i < 200; i += 1) filter.add(sha256(`row ${i}`));
    expect(filter.mayHave(sha256('never given'))).toBe(true);
  });
});
