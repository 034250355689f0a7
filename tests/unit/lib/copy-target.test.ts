import { describe, expect, it } from 'vitest';
import { copyTarget } from '../../../src/lib/copy-target';

// Copy of a locked log (issue 29): today is Tuesday 10 Mar 2026; days up to 8 Mar are locked.
const now = new Date(2026, 2, 10, 12, 0);
const lockedUpTo8 = (day: string) =>
  day <= '2026-03-08'
    ? 'Logs up to 8 Mar 2026 are locked: only an Admin can add, change or remove them.'
    : null;

describe('where Copy puts a log', () => {
  it('copies a log that can be changed to its own day', () => {
    expect(copyTarget('2026-03-09', null, lockedUpTo8, now)).toEqual({
      ok: true,
      day: '2026-03-09',
      said: 'Time log copied',
    });
  });

  it('copies a locked or approved log to today, and says so once', () => {
    expect(copyTarget('2026-03-02', 'locked', lockedUpTo8, now)).toEqual({
      ok: true,
      day: '2026-03-10',
      said: 'Time log copied to today, 10 Mar 2026',
    });
    // A log the person may not change for another reason (approved) goes to today as well.
    expect(copyTarget('2026-03-09', 'This log is approved', lockedUpTo8, now)).toMatchObject({
      day: '2026-03-10',
    });
  });

  it('says why when today is locked too', () => {
    expect(copyTarget('2026-03-02', 'locked', () => 'Everything is locked.', now)).toEqual({
      ok: false,
      message: 'Everything is locked.',
    });
  });
});
