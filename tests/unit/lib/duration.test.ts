import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatHours,
  MAX_LOG_SECONDS,
  parseDuration,
} from '../../../src/lib/duration';

const HELP = 'Use a duration like 1:30, 1h 30m, 90m or 1.5';
const TOO_LONG = 'A single log can be at most 24 hours';

describe('parseDuration', () => {
  it.each([
    ['1:30', 90 * 60],
    ['0:05', 5 * 60],
    ['00:00', 0],
    ['1:30:15', 90 * 60 + 15],
    ['0:45:00', 45 * 60], // what the edit dialog shows (formatDuration 'clock') must read back
    ['1h 30m', 90 * 60],
    ['1h30m', 90 * 60],
    ['1 h 30 m', 90 * 60],
    ['30m 1h', 90 * 60],
    ['1h 30m 15s', 90 * 60 + 15],
    ['90m', 90 * 60],
    ['45s', 45],
    ['2h', 2 * 3600],
    ['2H', 2 * 3600],
    ['1.5h', 90 * 60],
    ['1,5h', 90 * 60],
    ['1.5', 90 * 60],
    ['1,5', 90 * 60],
    ['.5', 30 * 60],
    ['1.', 3600],
    ['2', 2 * 3600],
    ['0', 0],
    ['  90M  ', 90 * 60],
    ['20min', 20 * 60],
    ['20 min', 20 * 60],
    ['20 mins', 20 * 60],
    ['1h30', 90 * 60],
    ['2 hours', 2 * 3600],
    ['1 hour 30 minutes', 90 * 60],
    ['1 hr 15 mins', 75 * 60],
    ['30 secs', 30],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds });
  });

  it('reads one digit after the hours as minutes, and asks whether it meant their tens', () => {
    // "2h 3" is 2:03 as typed, but may be half of "2h 30": the form asks, as it does for "20".
    expect(parseDuration('2h 3')).toEqual({ ok: true, seconds: 7380, secondsInstead: 9000 });
    expect(parseDuration('1h 5')).toEqual({ ok: true, seconds: 3900, secondsInstead: 6600 });
    // 6 to 9 tens would be an hour or more; two digits and a zero leave nothing to ask.
    expect(parseDuration('1h 7')).toEqual({ ok: true, seconds: 4020 });
    expect(parseDuration('1h 0')).toEqual({ ok: true, seconds: 3600 });
    expect(parseDuration('2h 30')).toEqual({ ok: true, seconds: 9000 });
  });

  it('reads an empty or blank field as no duration', () => {
    expect(parseDuration('')).toEqual({ ok: true, seconds: 0 });
    expect(parseDuration('   ')).toEqual({ ok: true, seconds: 0 });
  });

  it('rounds fractional hours to whole seconds', () => {
    // 0.3333 h × 3600 = 1199.88 s → 1200 s
    expect(parseDuration('0.3333')).toEqual({ ok: true, seconds: 1200 });
  });

  it('reads a bare number as hours, and asks about minutes from 10 on', () => {
    // Contract: a plain number is decimal hours (like 1.5), not minutes.
    expect(parseDuration('45')).toEqual({ ok: false, message: TOO_LONG, minutesInstead: 45 });
    expect(parseDuration('45m')).toEqual({ ok: true, seconds: 45 * 60 });
    // 15 is 15 hours, but far more often meant as a quarter of an hour: the form asks.
    expect(parseDuration('15')).toEqual({ ok: true, seconds: 15 * 3600, minutesInstead: 15 });
    expect(parseDuration('9')).toEqual({ ok: true, seconds: 9 * 3600 });
    expect(parseDuration('10.5')).toEqual({ ok: true, seconds: 10.5 * 3600 });
    // More than a day of minutes is no likelier.
    expect(parseDuration('1441')).toEqual({ ok: false, message: TOO_LONG });
  });

  it('accepts exactly 24 hours and refuses anything longer', () => {
    expect(MAX_LOG_SECONDS).toBe(86_400);
    expect(parseDuration('24:00')).toEqual({ ok: true, seconds: 86_400 });
    expect(parseDuration('1440m')).toEqual({ ok: true, seconds: 86_400 });
    expect(parseDuration('24:00:01')).toEqual({ ok: false, message: TOO_LONG });
    expect(parseDuration('25h')).toEqual({ ok: false, message: TOO_LONG });
    expect(parseDuration('24.5')).toEqual({ ok: false, message: TOO_LONG });
  });

  it.each([
    'abc',
    '-1',
    '-1h',
    '+1',
    '1:75', // minutes must be 00–59
    '1:30:60',
    '1:5',
    '100:00',
    '1h75', // minutes after the hours must be 0–59
    '1m30', // only hours take bare minutes after them
    '1h 1h', // the same unit twice
    '1.5.2',
    '1 30',
    '1e2',
    '0x10',
    'Infinity',
    '1d',
  ])('refuses %j with the help text', (text) => {
    expect(parseDuration(text)).toEqual({ ok: false, message: HELP });
  });
});

describe('formatDuration', () => {
  it('shows h:mm:ss by default (clock style)', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(5)).toBe('0:00:05');
    expect(formatDuration(90 * 60 + 15)).toBe('1:30:15');
    expect(formatDuration(86_400, 'clock')).toBe('24:00:00');
    expect(formatDuration(100 * 3600 + 61)).toBe('100:01:01');
  });

  it('shows h:mm in short style, dropping (not rounding) the seconds', () => {
    expect(formatDuration(0, 'short')).toBe('0:00');
    expect(formatDuration(5 * 60, 'short')).toBe('0:05');
    expect(formatDuration(90 * 60 + 59, 'short')).toBe('1:30');
    expect(formatDuration(3599, 'short')).toBe('0:59');
    expect(formatDuration(10 * 3600, 'short')).toBe('10:00');
  });

  it('floors fractional seconds and shows negatives as zero', () => {
    expect(formatDuration(59.9)).toBe('0:00:59');
    expect(formatDuration(-30)).toBe('0:00:00');
    expect(formatDuration(-30, 'short')).toBe('0:00');
  });

  it('round-trips with parseDuration', () => {
    for (const seconds of [0, 59, 3600, 5415, 86_400]) {
      expect(parseDuration(formatDuration(seconds))).toEqual({ ok: true, seconds });
    }
    expect(parseDuration(formatDuration(5400, 'short'))).toEqual({ ok: true, seconds: 5400 });
  });
});

describe('formatHours', () => {
  it('gives decimal hours with two decimals', () => {
    expect(formatHours(5400)).toBe('1.50');
    expect(formatHours(0)).toBe('0.00');
    expect(formatHours(3900)).toBe('1.08'); // 1h05m = 1.0833 h
    expect(formatHours(86_400)).toBe('24.00');
    expect(formatHours(-60)).toBe('0.00');
  });
});
