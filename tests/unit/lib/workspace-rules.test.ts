import { describe, expect, it } from 'vitest';
import {
  autoLockedUpTo,
  defaultRules,
  isLockedDay,
  lockedUpTo,
  todayIn,
  weekStartOf,
} from '../../../src/lib/workspace-rules';

// 2026-11-25 is a Wednesday; 2026-11-22 a Sunday.
describe('the workspace calendar', () => {
  it('knows today in the workspace time zone, not the server’s', () => {
    const evening = new Date('2026-11-23T20:00:00Z');
    expect(todayIn('Asia/Kolkata', evening)).toBe('2026-11-24');
    expect(todayIn('America/New_York', evening)).toBe('2026-11-23');
    expect(todayIn('America/New_York', new Date('2026-11-23T02:00:00Z'))).toBe('2026-11-22');
    expect(todayIn('Not/AZone', evening)).toBe('2026-11-23');
  });

  it('starts weeks on the chosen day', () => {
    expect(weekStartOf('2026-11-25', 1)).toBe('2026-11-23');
    expect(weekStartOf('2026-11-25', 0)).toBe('2026-11-22');
    expect(weekStartOf('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekStartOf('2026-11-22', 1)).toBe('2026-11-16');
  });
});

describe('automatic locks', () => {
  it('closes each day after its grace', () => {
    expect(autoLockedUpTo({ period: 'daily', graceDays: 0 }, 1, '2026-11-25')).toBe('2026-11-24');
    expect(autoLockedUpTo({ period: 'daily', graceDays: 2 }, 1, '2026-11-25')).toBe('2026-11-22');
  });

  it('closes whole weeks only', () => {
    const weekly = (graceDays: number, weekStart: number) =>
      autoLockedUpTo({ period: 'weekly', graceDays }, weekStart, '2026-11-25');
    expect(weekly(0, 1)).toBe('2026-11-22');
    expect(weekly(2, 1)).toBe('2026-11-22');
    // Three days' grace: last week's Sunday is not past it yet, so the week before is the last.
    expect(weekly(3, 1)).toBe('2026-11-15');
    // Sunday-to-Saturday weeks end on Saturdays.
    expect(weekly(0, 0)).toBe('2026-11-21');
  });

  it('closes whole months only', () => {
    const monthly = (graceDays: number, today: string) =>
      autoLockedUpTo({ period: 'monthly', graceDays }, 1, today);
    expect(monthly(0, '2026-11-25')).toBe('2026-10-31');
    expect(monthly(5, '2026-11-03')).toBe('2026-09-30');
    expect(monthly(5, '2026-11-06')).toBe('2026-10-31');
    expect(monthly(0, '2026-03-01')).toBe('2026-02-28');
  });

  it('locks up to the later of the manual date and the automatic one', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(lockedUpTo(defaultRules, now)).toBeNull();
    const manual = { ...defaultRules, lockedUpTo: '2026-11-10' };
    expect(lockedUpTo(manual, now)).toBe('2026-11-10');
    const both = { ...manual, autoLock: { period: 'weekly' as const, graceDays: 0 } };
    expect(lockedUpTo(both, now)).toBe('2026-11-22');
    expect(lockedUpTo({ ...both, lockedUpTo: '2026-11-24' }, now)).toBe('2026-11-24');
    expect(isLockedDay('2026-11-22', both, now)).toBe(true);
    expect(isLockedDay('2026-11-23', both, now)).toBe(false);
  });
});
