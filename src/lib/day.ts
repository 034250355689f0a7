import { addDays as addCalendarDays, format, isValid, parse } from 'date-fns';

const DAY_FORMAT = 'yyyy-MM-dd';

/** The local calendar day of `date` as 'YYYY-MM-DD'. */
export function toDay(date: Date): string {
  return format(date, DAY_FORMAT);
}

/** True when `text` is a real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isValidDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = parse(text, DAY_FORMAT, new Date(2000, 0, 1));
  return isValid(date) && toDay(date) === text;
}

/** Local midnight of a 'YYYY-MM-DD' day. */
export function fromDay(day: string): Date {
  return parse(day, DAY_FORMAT, new Date(2000, 0, 1));
}

/** The day `n` days after `day` (negative for before), across months, years and DST. */
export function addDays(day: string, n: number): string {
  return toDay(addCalendarDays(fromDay(day), n));
}

/** Day of month and month abbreviation for the Track heading, e.g. { '22', 'Nov' }. */
export function dayHeading(day: string): { dayOfMonth: string; month: string } {
  if (!isValidDay(day)) return { dayOfMonth: '', month: '' };
  const date = fromDay(day);
  return { dayOfMonth: format(date, 'd'), month: format(date, 'MMM') };
}

/** SPEC.md's CREATED column: day-month-year, e.g. '22-11-2026'. */
export function formatCreated(date: Date): string {
  return isValid(date) ? format(date, 'dd-MM-yyyy') : '';
}

/** True when `day` lies within the optional inclusive range (string order is date order). */
export function inRange(day: string, from?: string, to?: string): boolean {
  if (from && day < from) return false;
  if (to && day > to) return false;
  return true;
}
