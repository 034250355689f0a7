import { describe, expect, it } from 'vitest';
import {
  durationFromRange,
  endFromStart,
  formatClock,
  nowClock,
  parseClock,
} from '../../../src/lib/clock-time';

describe('parseClock', () => {
  it('reads HH:MM as minutes after midnight', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock(' 23:59 ')).toBe(1439);
  });

  it.each(['', '9:30', '24:00', '12:60', '12:5', '12-30', 'noon', '12:30:00'])(
    'rejects %j',
    (text) => {
      expect(parseClock(text)).toBeNull();
    },
  );
});

describe('formatClock', () => {
  it('pads hours and minutes', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(570)).toBe('09:30');
    expect(formatClock(1439)).toBe('23:59');
  });

  it('wraps past midnight in both directions', () => {
    expect(formatClock(1440)).toBe('00:00');
    expect(formatClock(1440 + 75)).toBe('01:15');
    expect(formatClock(-15)).toBe('23:45');
  });

  it('rounds fractional minutes', () => {
    expect(formatClock(570.6)).toBe('09:31');
  });
});

describe('endFromStart', () => {
  it('adds the duration to the start time', () => {
    expect(endFromStart('09:00', 90 * 60)).toBe('10:30');
    expect(endFromStart('09:00', 0)).toBe('09:00');
  });

  it('rounds the duration to whole minutes', () => {
    expect(endFromStart('09:00', 89)).toBe('09:01'); // 1.48 min → 1
    expect(endFromStart('09:00', 29)).toBe('09:00'); // 0.48 min → 0
  });

  it('crosses midnight', () => {
    expect(endFromStart('23:30', 3600)).toBe('00:30');
  });

  it('gives an empty end when the start is not a time', () => {
    expect(endFromStart('', 3600)).toBe('');
    expect(endFromStart('9am', 3600)).toBe('');
  });
});

describe('durationFromRange', () => {
  it('gives the seconds from start to end', () => {
    expect(durationFromRange('09:00', '10:30')).toBe(5400);
    expect(durationFromRange('09:00', '09:00')).toBe(0);
  });

  it('treats an end before the start as crossing midnight', () => {
    expect(durationFromRange('23:30', '00:15')).toBe(45 * 60);
    expect(durationFromRange('10:00', '09:00')).toBe(23 * 3600);
  });

  it('gives 0 when either side is not a time', () => {
    expect(durationFromRange('', '10:00')).toBe(0);
    expect(durationFromRange('09:00', '25:00')).toBe(0);
  });
});

describe('nowClock', () => {
  it('gives the local HH:MM of a date', () => {
    expect(nowClock(new Date(2026, 10, 22, 7, 5, 59))).toBe('07:05');
    expect(nowClock(new Date(2026, 10, 22, 23, 59))).toBe('23:59');
  });
});
