/** Longest single log we accept: a day. */
export const MAX_LOG_SECONDS = 24 * 3600;

/**
 * Result of reading a duration a person typed. `minutesInstead` is set for a bare whole number
 * of 10 or more, read as hours but more likely meant as minutes ("15", "90"): the form asks.
 * `secondsInstead` is the other reading of one digit after the hours ("2h 3": 2:03 or 2:30?),
 * which the form asks about too (issue 29).
 */
export type ParsedDuration =
  | { ok: true; seconds: number; minutesInstead?: number; secondsInstead?: number }
  | { ok: false; message: string; minutesInstead?: number };

/** Bare whole numbers from here on are more likely minutes than hours in a single log. */
const LIKELY_MINUTES = 10;

const HELP = 'Use a duration like 1:30, 1h 30m, 90m or 1.5';
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

function accept(seconds: number): ParsedDuration {
  if (!Number.isFinite(seconds) || seconds < 0) return { ok: false, message: HELP };
  if (seconds > MAX_LOG_SECONDS)
    return { ok: false, message: 'A single log can be at most 24 hours' };
  return { ok: true, seconds: Math.round(seconds) };
}

/** Unit words people type, as the one-letter units read below ("1 hour 30 mins" → 1h 30m). */
function shortUnits(input: string): string {
  return input
    .replace(/(\d)\s*(?:hours?|hrs?)\b/g, '$1h')
    .replace(/(\d)\s*(?:minutes?|mins?)\b/g, '$1m')
    .replace(/(\d)\s*(?:seconds?|secs?)\b/g, '$1s');
}

/**
 * Reads what people type for a duration: `1:30`, `1:30:15`, `1h 30m`, `1h30`, `90m`, `20min`,
 * `1 hour 30 minutes`, `45s`, `2h`, `1.5h`, `1.5` or `1,5` (hours). Empty means no duration.
 */
export function parseDuration(text: string): ParsedDuration {
  const input = shortUnits(text.trim().toLowerCase());
  if (input === '') return { ok: true, seconds: 0 };
  const clock = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(input);
  if (clock) return accept(Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0));
  const decimal = /^(\d+(?:[.,]\d*)?|[.,]\d+)$/.exec(input);
  if (decimal) {
    const read = accept(Number(input.replace(',', '.')) * 3600);
    const whole = /^\d+$/.test(input) ? Number(input) : 0;
    return whole >= LIKELY_MINUTES && whole <= MAX_LOG_SECONDS / 60
      ? { ...read, minutesInstead: whole }
      : read;
  }
  const units = input.replace(/\s+/g, '');
  // "1h30": minutes after the hours without their unit, as people write it.
  const hoursMinutes = /^(\d+)h([0-5]?\d)$/.exec(units);
  if (hoursMinutes) {
    const hours = Number(hoursMinutes[1]) * 3600;
    const read = accept(hours + Number(hoursMinutes[2]) * 60);
    // One digit may be the tens of the minutes, half-typed: "2h 3" for 2h 30m.
    const digit = hoursMinutes[2] ?? '';
    return read.ok && /^[1-5]$/.test(digit)
      ? { ...read, secondsInstead: hours + Number(digit) * 600 }
      : read;
  }
  if (/^(\d+(?:[.,]\d+)?[hms])+$/.test(units)) {
    let seconds = 0;
    const seen = new Set<string>();
    for (const [, amount = '0', unit = 's'] of units.matchAll(/(\d+(?:[.,]\d+)?)([hms])/g)) {
      if (seen.has(unit)) return { ok: false, message: HELP };
      seen.add(unit);
      seconds += Number(amount.replace(',', '.')) * (UNIT_SECONDS[unit] ?? 0);
    }
    return accept(seconds);
  }
  return { ok: false, message: HELP };
}

// Formatting lives in ./duration-format.ts, which Track's first visit loads without the parser.
export { formatDuration, formatHours } from './duration-format';
