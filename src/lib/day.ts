// The Date API alone: a 'YYYY-MM-DD' day needs only a pattern, a padded number and setDate
// (date-fns's format() and parse() pull every token parser and the en-US locale into Track's
// first load, about 7 KB gzipped; even its addDays and isValid came to 0.4 KB, issue 29).

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const monthShort = new Intl.DateTimeFormat('en', { month: 'short' });
const isValid = (date: Date) => !Number.isNaN(date.getTime());

/** The local calendar day of `date` as 'YYYY-MM-DD'. */
export function toDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a 'YYYY-MM-DD' day (an invalid Date when `day` has another shape). */
export function fromDay(day: string): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) return new Date(Number.NaN);
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // new Date(2026, 1, 30) rolls over to March; a day that does not exist is invalid instead.
  return toDay(date) === day ? date : new Date(Number.NaN);
}

/** True when `text` is a real calendar day 'YYYY-MM-DD' (not 2026-02-30). */
export function isValidDay(text: string): boolean {
  return isValid(fromDay(text));
}

/** The day `n` days after `day` (negative for before), across months, years and DST. */
export function addDays(day: string, n: number): string {
  const date = fromDay(day);
  // Local midnight plus n calendar days: setDate keeps the time of day across DST changes.
  date.setDate(date.getDate() + n);
  return toDay(date);
}

/** Day of month and month abbreviation for the Track heading, e.g. { '22', 'Nov' }. */
export function dayHeading(day: string): { dayOfMonth: string; month: string } {
  if (!isValidDay(day)) return { dayOfMonth: '', month: '' };
  const date = fromDay(day);
  return { dayOfMonth: String(date.getDate()), month: monthShort.format(date) };
}

/** A day for reading, e.g. '28 Sep 2026' ('' when `day` is not one). */
export function formatDay(day: string): string {
  const { dayOfMonth, month } = dayHeading(day);
  return dayOfMonth ? `${dayOfMonth} ${month} ${day.slice(0, 4)}` : '';
}

/** SPEC.md's CREATED column: day-month-year, e.g. '22-11-2026'. */
export function formatCreated(date: Date): string {
  return isValid(date)
    ? `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${pad(date.getFullYear(), 4)}`
    : '';
}

/** True when `day` lies within the optional inclusive range (string order is date order). */
export function inRange(day: string, from?: string, to?: string): boolean {
  if (from && day < from) return false;
  if (to && day > to) return false;
  return true;
}
