const DAY_MINUTES = 24 * 60;
const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight of an 'HH:MM' clock time, or null when it isn't one. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:MM' of minutes after midnight (wrapping past midnight). */
export function formatClock(minutes: number): string {
  const m = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** End time of a log that starts at `start` and lasts `seconds` ('' when start is not a time). */
export function endFromStart(start: string, seconds: number): string {
  const minutes = parseClock(start);
  return minutes === null ? '' : formatClock(minutes + Math.round(seconds / 60));
}

/** Seconds from start to end; an end before the start means the log crossed midnight. */
export function durationFromRange(start: string, end: string): number {
  const from = parseClock(start);
  const to = parseClock(end);
  if (from === null || to === null) return 0;
  return ((((to - from) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES) * 60;
}

export { nowClock } from './clock-now';
