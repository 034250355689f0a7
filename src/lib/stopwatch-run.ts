import { nowClock } from './clock-time';
import { toDay } from './day';

/** The part of a stopwatch run that fell on one calendar day. */
export interface RunDay {
  date: string;
  st: string;
  end: string;
  seconds: number;
}

/**
 * A stopwatch run from `startedAt` to `endedAt` (epoch ms), cut at each local midnight it
 * crossed: a log belongs to the day it ran, whichever day the screen showed at Start or Stop.
 * A part that ends at midnight ends at '00:00'. Midnights come from the calendar, so a day
 * with a daylight-saving change is 23 or 25 hours long.
 */
export function splitRunByDay(startedAt: number, endedAt: number): RunDay[] {
  const parts: RunDay[] = [];
  // Whole seconds since the start, so the parts add up to exactly the run's whole seconds.
  const elapsed = (t: number) => Math.floor((t - startedAt) / 1000);
  let from = startedAt;
  while (from < endedAt) {
    const start = new Date(from);
    const midnight = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime();
    const to = Math.min(endedAt, midnight);
    parts.push({
      date: toDay(start),
      st: nowClock(start),
      end: nowClock(new Date(to)),
      seconds: elapsed(to) - elapsed(from),
    });
    from = to;
  }
  return parts;
}

/**
 * The same cut for a device that is not this one: midnights of a clock `offsetMinutes` ahead of
 * UTC (the device says its offset when it stops; a run across a daylight-saving change is cut
 * at the midnight of the offset it stopped in).
 */
export function splitRunAtOffset(
  startedAt: number,
  endedAt: number,
  offsetMinutes: number,
): RunDay[] {
  const shift = offsetMinutes * 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  const dayOf = (d: Date) =>
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const clockOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const parts: RunDay[] = [];
  const elapsed = (t: number) => Math.floor((t - startedAt) / 1000);
  let from = startedAt;
  while (from < endedAt) {
    const local = new Date(from + shift);
    const midnight =
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - shift;
    const to = Math.min(endedAt, midnight);
    parts.push({
      date: dayOf(local),
      st: clockOf(local),
      end: clockOf(new Date(to + shift)),
      seconds: elapsed(to) - elapsed(from),
    });
    from = to;
  }
  return parts;
}
