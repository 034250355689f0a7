/** Length of the Pro trial in days (SPEC.md section 9). */
export const TRIAL_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days of the Pro trial left at `now` for an account created at `createdAt` (never negative). */
export function trialDaysLeft(createdAt: Date, now: Date): number {
  if (Number.isNaN(createdAt.getTime())) return 0;
  const used = Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS);
  return Math.max(0, TRIAL_DAYS - Math.max(0, used));
}
