import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  dayHeading,
  formatCreated,
  fromDay,
  inRange,
  isValidDay,
  toDay,
} from '../../../src/lib/day';

describe('toDay and fromDay', () => {
  it('formats the local calendar day', () => {
    expect(toDay(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(toDay(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });

  it('reads a day as local midnight', () => {
    const date = fromDay('2026-11-22');
    expect([
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
    ]).toEqual([2026, 10, 22, 0, 0]);
    expect(toDay(fromDay('2026-02-28'))).toBe('2026-02-28');
  });
});

describe('isValidDay', () => {
  it.each(['2026-11-22', '2026-01-01', '2026-12-31', '2028-02-29'])('accepts %s', (day) => {
    expect(isValidDay(day)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-1-5',
    '22-11-2026',
    '2026/11/22',
    '',
    'today',
  ])('rejects %j', (day) => {
    expect(isValidDay(day)).toBe(false);
  });
});

describe('addDays', () => {
  it('moves across months and years, forward and back', () => {
    expect(addDays('2026-11-22', 1)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDays('2026-11-22', -30)).toBe('2026-10-23');
  });

  describe('in a zone with daylight saving time', () => {
    const original = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'America/New_York';
    });
    afterAll(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it('does not skip or repeat a day when the clocks change', () => {
      // 2026-03-08 is 23 hours long there and 2026-11-01 is 25 hours long.
      const HOUR = 3_600_000;
      expect(fromDay('2026-03-09').getTime() - fromDay('2026-03-08').getTime()).toBe(23 * HOUR);
      expect(fromDay('2026-11-02').getTime() - fromDay('2026-11-01').getTime()).toBe(25 * HOUR);
      expect(addDays('2026-03-09', -1)).toBe('2026-03-08');
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
      expect(addDays('2026-11-02', -1)).toBe('2026-11-01');
    });
  });
});

describe('dayHeading', () => {
  it('gives the day of month and short month', () => {
    expect(dayHeading('2026-11-22')).toEqual({ dayOfMonth: '22', month: 'Nov' });
    expect(dayHeading('2026-01-05')).toEqual({ dayOfMonth: '5', month: 'Jan' });
  });

  it('gives empty parts for an invalid day', () => {
    expect(dayHeading('2026-02-30')).toEqual({ dayOfMonth: '', month: '' });
    expect(dayHeading('')).toEqual({ dayOfMonth: '', month: '' });
  });
});

describe('formatCreated', () => {
  it('shows day-month-year', () => {
    expect(formatCreated(new Date(2026, 10, 22, 15, 0))).toBe('22-11-2026');
    expect(formatCreated(new Date(2026, 2, 5))).toBe('05-03-2026');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatCreated(new Date('nonsense'))).toBe('');
  });
});

describe('inRange', () => {
  it('is inclusive at both ends', () => {
    expect(inRange('2026-11-01', '2026-11-01', '2026-11-30')).toBe(true);
    expect(inRange('2026-11-30', '2026-11-01', '2026-11-30')).toBe(true);
    expect(inRange('2026-11-15', '2026-11-01', '2026-11-30')).toBe(true);
  });

  it('excludes days outside the range', () => {
    expect(inRange('2026-10-31', '2026-11-01', '2026-11-30')).toBe(false);
    expect(inRange('2026-12-01', '2026-11-01', '2026-11-30')).toBe(false);
  });

  it('treats a missing end as open', () => {
    expect(inRange('1999-01-01')).toBe(true);
    expect(inRange('2030-01-01', '2026-11-01')).toBe(true);
    expect(inRange('2026-10-31', '2026-11-01')).toBe(false);
    expect(inRange('2020-01-01', undefined, '2026-11-30')).toBe(true);
    expect(inRange('2026-12-01', '', '2026-11-30')).toBe(false);
  });
});
