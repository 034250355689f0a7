import { describe, expect, it } from 'vitest';
import { roundingIntervals, type Rounding } from '../../../src/lib/entities/project';
import { roundSeconds } from '../../../src/lib/rounding';

const MIN = 60;

describe('roundSeconds', () => {
  // For each interval (minutes) and a step s = interval × 60 s:
  //   0 → 0; 2s → 2s (exact multiple); 2s+1 → up 3s, nearest 2s, down 2s;
  //   2.5s − 1 → nearest 2s; 2.5s (tie) → up 3s, nearest 3s (half up), down 2s; 3s−1 → up 3s, nearest 3s, down 2s.
  const cases: [Rounding, number, number, number][] = [];
  for (const interval of [1, 6, 15, 60]) {
    const s = interval * MIN;
    const rows: [number, Record<Rounding, number>][] = [
      [0, { up: 0, nearest: 0, down: 0, false: 0 }],
      [2 * s, { up: 2 * s, nearest: 2 * s, down: 2 * s, false: 2 * s }],
      [2 * s + 1, { up: 3 * s, nearest: 2 * s, down: 2 * s, false: 2 * s + 1 }],
      [2.5 * s - 1, { up: 3 * s, nearest: 2 * s, down: 2 * s, false: 2.5 * s - 1 }],
      [2.5 * s, { up: 3 * s, nearest: 3 * s, down: 2 * s, false: 2.5 * s }],
      [3 * s - 1, { up: 3 * s, nearest: 3 * s, down: 2 * s, false: 3 * s - 1 }],
    ];
    for (const [seconds, expected] of rows) {
      for (const mode of ['up', 'nearest', 'down', 'false'] as const)
        cases.push([mode, interval, seconds, expected[mode]]);
    }
  }

  it.each(cases)('%s to %i min: %i s → %i s', (mode, interval, seconds, expected) => {
    expect(roundSeconds(seconds, mode, interval)).toBe(expected);
  });

  it('rounds the way people describe it', () => {
    // 1h10m up to 15 min = 1h15m; nearest 15 = 1h15m; down = 1h00m.
    expect(roundSeconds(70 * MIN, 'up', 15)).toBe(75 * MIN);
    expect(roundSeconds(70 * MIN, 'nearest', 15)).toBe(75 * MIN);
    expect(roundSeconds(70 * MIN, 'down', 15)).toBe(60 * MIN);
    // 7m30s is exactly half of 15 min: nearest rounds half up to 15 min.
    expect(roundSeconds(7 * MIN + 30, 'nearest', 15)).toBe(15 * MIN);
    expect(roundSeconds(7 * MIN + 29, 'nearest', 15)).toBe(0);
    // 1 second rounded up to 6 min bills 6 min (0.1 h); down bills nothing.
    expect(roundSeconds(1, 'up', 6)).toBe(6 * MIN);
    expect(roundSeconds(1, 'down', 6)).toBe(0);
    // 59 min rounded down to a whole hour bills nothing; nearest bills the hour.
    expect(roundSeconds(59 * MIN, 'down', 60)).toBe(0);
    expect(roundSeconds(59 * MIN, 'nearest', 60)).toBe(60 * MIN);
  });

  it.each(roundingIntervals)('keeps an exact multiple of %i min in every mode', (interval) => {
    const seconds = 4 * interval * MIN;
    for (const mode of ['up', 'nearest', 'down', 'false'] as const)
      expect(roundSeconds(seconds, mode, interval)).toBe(seconds);
  });

  it('gives the raw time when rounding is off, whatever the interval', () => {
    expect(roundSeconds(4321, 'false', 15)).toBe(4321);
    expect(roundSeconds(4321, 'false', 60)).toBe(4321);
  });

  it('gives the raw time for an interval of 0 or less', () => {
    expect(roundSeconds(4321, 'up', 0)).toBe(4321);
    expect(roundSeconds(4321, 'down', -15)).toBe(4321);
  });

  it('never gives negative time', () => {
    expect(roundSeconds(-30, 'up', 15)).toBe(0);
    expect(roundSeconds(-30, 'false', 15)).toBe(0);
  });
});
