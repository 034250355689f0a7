import { formatDay, toDay } from './day';

// Where Copy puts a log (issue 29). A log that can be changed is copied to its own day. A locked,
// approved or invoiced one cannot be written there again, so its copy goes to today, as a new
// log nothing holds: one toast says where it went, instead of "copied" and then "not saved".

export type CopyTarget = { ok: true; day: string; said: string } | { ok: false; message: string };

/**
 * The day a copy of a log dated `day` goes to, given why the log itself cannot be changed
 * (`problem`, null when it can) and why a new log on a day would be refused (`dayProblem`).
 */
export function copyTarget(
  day: string,
  problem: string | null,
  dayProblem: (day: string, now: Date) => string | null,
  now: Date,
): CopyTarget {
  const mine = problem === null ? dayProblem(day, now) : problem;
  if (mine === null) return { ok: true, day, said: 'Time log copied' };
  const today = toDay(now);
  const refused = dayProblem(today, now);
  if (refused) return { ok: false, message: refused };
  return { ok: true, day: today, said: `Time log copied to today, ${formatDay(today)}` };
}
