// A workspace's calendar and locking rules, shared by the server (which enforces them) and the
// browser (which shows a lock and says why before anyone tries). Days are 'YYYY-MM-DD' in the
// workspace's time zone, so "today" and "up to a date" mean the same for everyone in the team.
import { addDays, fromDay, isValidDay } from './day';
import type { DurationFormat } from './duration-format';

export type AutoLockPeriod = 'daily' | 'weekly' | 'monthly';

/** An automatic lock: each period locks `graceDays` days after it ends. */
export interface AutoLock {
  period: AutoLockPeriod;
  graceDays: number;
}

/** The workspace settings an Admin chooses on Account setting (docs/data-model.md). */
export interface WorkspaceRules {
  /** An IANA time zone, e.g. 'Asia/Kolkata': what "today" is for locks and weeks. */
  timeZone: string;
  /** The first day of a week: 0 Sunday … 6 Saturday (Monday, 1, by default). */
  weekStart: number;
  /** Every log dated up to this day is locked (null: no manual lock). */
  lockedUpTo: string | null;
  autoLock: AutoLock | null;
  /** Whether Managers see rates and amounts of their projects. */
  managersSeeAmounts: boolean;
  /**
   * Whether every log must name a project and a task (SPEC.md's "required project and task
   * input"; issue 29). Off, a log needs only a day and a duration.
   */
  requireProjectAndTask: boolean;
  /** How every screen shows durations: 1:20 or 1.33 (issue 47). */
  durationFormat: DurationFormat;
}

export const defaultRules: WorkspaceRules = {
  timeZone: 'UTC',
  weekStart: 1,
  lockedUpTo: null,
  autoLock: null,
  managersSeeAmounts: false,
  requireProjectAndTask: false,
  durationFormat: 'clock',
};

/** The longest grace an automatic lock may have (three months). */
export const MAX_GRACE_DAYS = 90;

/** True when `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The calendar day `now` falls on in `timeZone` (UTC when the zone is unknown). */
export function todayIn(timeZone: string, now: Date): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The first day of the week `day` is in, for weeks starting on `weekStart`. */
export function weekStartOf(day: string, weekStart: number): string {
  const back = (fromDay(day).getDay() - weekStart + 7) % 7;
  return addDays(day, -back);
}

/**
 * The last day the automatic lock has closed on `today`: the end of the latest whole period
 * that ended at least `graceDays` days before today. With a daily lock and no grace, yesterday;
 * weekly with 2 days' grace on a Wednesday of Monday weeks, the Sunday three days before.
 */
export function autoLockedUpTo(lock: AutoLock, weekStart: number, today: string): string {
  // The latest day that is past its grace: periods ending on or before it are closed.
  const latest = addDays(today, -1 - lock.graceDays);
  if (lock.period === 'daily') return latest;
  if (lock.period === 'weekly') {
    const nextWeek = weekStartOf(addDays(latest, 1), weekStart);
    // `latest` ends a week when the day after it starts one.
    return nextWeek === addDays(latest, 1) ? latest : addDays(nextWeek, -1);
  }
  // `latest` ends a month when the day after it is the 1st.
  if (addDays(latest, 1).endsWith('-01')) return latest;
  return addDays(`${latest.slice(0, 7)}-01`, -1);
}

/** Every log dated up to the returned day is locked now (null: nothing is locked). */
export function lockedUpTo(rules: WorkspaceRules, now: Date): string | null {
  const manual = rules.lockedUpTo && isValidDay(rules.lockedUpTo) ? rules.lockedUpTo : null;
  const auto = rules.autoLock
    ? autoLockedUpTo(rules.autoLock, rules.weekStart, todayIn(rules.timeZone, now))
    : null;
  if (manual && auto) return manual > auto ? manual : auto;
  return manual ?? auto;
}

/** True when a log dated `day` is locked now. */
export function isLockedDay(day: string, rules: WorkspaceRules, now: Date): boolean {
  const upTo = lockedUpTo(rules, now);
  return upTo !== null && day <= upTo;
}
