import { isValidDay } from '../day';
import { MAX_LOG_SECONDS } from '../duration';

// Readers of single cells as exports write them. Each returns null for a cell it cannot read;
// the row reader turns that into a reason with the row's line number.

/** A clock duration `HH:MM:SS` or `H:MM:SS` (hours may pass 24 in a file; the caller decides). */
export function clockDurationSeconds(cell: string): number | null {
  const match = /^(\d{1,4}):([0-5]\d):([0-5]\d)$/.exec(cell.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** An ISO date `YYYY-MM-DD` that exists on the calendar. */
export function isoDay(cell: string): string | null {
  const text = cell.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isValidDay(text) ? text : null;
}

/**
 * A clock time as `HH:MM` (how logs store it): from `13:15`, `13:15:00`, or a 12-hour `1:15 PM`
 * / `01:15:00 pm`. Seconds are dropped: a log's start is to the minute, its length is the
 * Duration column's, to the second.
 */
export function clockTime(cell: string): string | null {
  const match = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?:\s*([ap])\.?m\.?)?$/i.exec(cell.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const half = match[4]?.toLowerCase();
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** Yes/No as Toggl writes it (true/false too); null for anything else. */
export function yesNo(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (text === 'yes' || text === 'true') return true;
  if (text === 'no' || text === 'false') return false;
  return null;
}

/**
 * An amount with a point for decimals (`250.00`, `75.83`, `-12.5`) in minor units, or null when
 * empty. Every currency a workspace may use has two decimals (src/lib/money.ts). The decimal
 * point is shifted in the text, so 75.83 is exactly 7583 (no binary rounding).
 */
export function amountMinor(cell: string): number | null | 'invalid' {
  const text = cell.trim();
  if (text === '') return null;
  if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(text)) return 'invalid';
  return Math.round(Number(`${text}e2`)) || 0;
}

/** The tags of a cell that holds several, comma-separated: trimmed, empty ones dropped. */
export function tagList(cell: string): string[] {
  return cell
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Longest log the import keeps, as a log typed in Hourmark: a day. */
export const LONGEST_ENTRY_SECONDS = MAX_LOG_SECONDS;

/** A cell as a reason quotes it: at most 40 characters, so 500 reasons stay a short answer. */
export function shownCell(cell: string): string {
  const text = cell.trim();
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
