import { describe, expect, it } from 'vitest';
import { splitRunByDay } from '../../../src/lib/stopwatch-run';

// Local times, so the expectations hold in any time zone the tests run in.
const at = (y: number, m: number, d: number, h: number, min: number, s = 0) =>
  new Date(y, m - 1, d, h, min, s).getTime();

describe('a stopwatch run belongs to the day it ran', () => {
  it('is one part on the day it ran, whatever day the screen showed', () => {
    expect(splitRunByDay(at(2026, 11, 23, 9, 15), at(2026, 11, 23, 10, 45, 30))).toEqual([
      { date: '2026-11-23', st: '09:15', end: '10:45', seconds: 5430 },
    ]);
  });

  it('is cut at midnight into one part per day', () => {
    expect(splitRunByDay(at(2026, 11, 22, 23, 30), at(2026, 11, 23, 1, 15))).toEqual([
      { date: '2026-11-22', st: '23:30', end: '00:00', seconds: 1800 },
      { date: '2026-11-23', st: '00:00', end: '01:15', seconds: 4500 },
    ]);
  });

  it('covers whole days in between and adds up to the run', () => {
    const parts = splitRunByDay(at(2026, 12, 31, 22, 0), at(2027, 1, 2, 2, 0));
    expect(parts.map((p) => [p.date, p.seconds])).toEqual([
      ['2026-12-31', 7200],
      ['2027-01-01', 86_400],
      ['2027-01-02', 7200],
    ]);
  });

  it('is nothing for a run of no time', () => {
    expect(splitRunByDay(at(2026, 11, 23, 9, 0), at(2026, 11, 23, 9, 0))).toEqual([]);
  });
});
