import { describe, expect, it } from 'vitest';
import { changedFields, conflictingFields } from '../../../src/lib/record-diff';

const opened = {
  dur: 2700,
  tags: 'design',
  desc: '<p>Draft</p>',
  projectId: null as string | null,
};

describe('changedFields', () => {
  it('returns only the fields whose value differs', () => {
    expect(changedFields(opened, { ...opened, tags: 'design, ui' })).toEqual({
      tags: 'design, ui',
    });
    expect(changedFields(opened, { ...opened })).toEqual({});
    expect(changedFields(opened, { ...opened, projectId: 'p1' })).toEqual({ projectId: 'p1' });
  });
});

describe('conflictingFields', () => {
  it('is empty when the stored record did not change since it was opened', () => {
    expect(conflictingFields(opened, opened, { dur: 7200 })).toEqual([]);
  });

  it('ignores fields changed elsewhere that the person did not touch', () => {
    const current = { ...opened, dur: 7200 };
    expect(conflictingFields(opened, current, { tags: 'ui' })).toEqual([]);
  });

  it('names a field both changed, to different values', () => {
    const current = { ...opened, dur: 7200 };
    expect(conflictingFields(opened, current, { dur: 3600, tags: 'ui' })).toEqual(['dur']);
  });

  it('does not count the same change made twice as a conflict', () => {
    const current = { ...opened, dur: 7200 };
    expect(conflictingFields(opened, current, { dur: 7200 })).toEqual([]);
  });
});
