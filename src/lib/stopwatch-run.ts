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
