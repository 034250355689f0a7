import { nowClock } from './clock-now';
import { toDay } from './day';

/** The part of a stopwatch run that fell on one calendar day. */
export interface RunDay {
  date: string;
  st: string;
  end: string;
  seconds: number;
}

/** A calendar to cut runs by: the day and clock time of an instant, and the next midnight. */
interface Calendar {
  day: (t: number) => string;
  clock: (t: number) => string;
  nextMidnight: (t: number) => number;
}

/** The run from `startedAt` to `endedAt` (epoch ms), cut at each midnight of `calendar`. */
function splitRun(startedAt: number, endedAt: number, calendar: Calendar): RunDay[] {
  const parts: RunDay[] = [];
  // Whole seconds since the start, so the parts add up to exactly the run's whole seconds.
  const elapsed = (t: number) => Math.floor((t - startedAt) / 1000);
  let from = startedAt;
  while (from < endedAt) {
    const to = Math.min(endedAt, calendar.nextMidnight(from));
    parts.push({
      date: calendar.day(from),
      st: calendar.clock(from),
      end: calendar.clock(to),
      seconds: elapsed(to) - elapsed(from),
    });
    from = to;
  }
  return parts;
}

/**
 * A stopwatch run from `startedAt` to `endedAt` (epoch ms), cut at each local midnight it
 * crossed: a log belongs to the day it ran, whichever day the screen showed at Start or Stop.
 * A part that ends at midnight ends at '00:00'. Midnights come from the calendar, so a day
 * with a daylight-saving change is 23 or 25 hours long.
 */
export function splitRunByDay(startedAt: number, endedAt: number): RunDay[] {
  return splitRun(startedAt, endedAt, {
    day: (t) => toDay(new Date(t)),
    clock: (t) => nowClock(new Date(t)),
    nextMidnight: (t) => {
      const d = new Date(t);
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    },
  });
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
  // The device's wall clock, read through UTC getters of the shifted instant.
  const local = (t: number) => new Date(t + shift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return splitRun(startedAt, endedAt, {
    day: (t) => {
      const d = local(t);
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    },
    clock: (t) => `${pad(local(t).getUTCHours())}:${pad(local(t).getUTCMinutes())}`,
    nextMidnight: (t) => {
      const d = local(t);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - shift;
    },
  });
}
