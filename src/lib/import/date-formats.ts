// Which order a file's dates are written in, when the file itself cannot say (issue 32). Toggl
// writes ISO dates; Clockify and others write 03/04/2026, which is 4 March or 3 April depending
// on the exporting person's settings. The preview lists the orders that read EVERY date of the
// file, and asks the person to choose only when more than one does.

export type DateFormat = 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'DD.MM.YYYY';

export const dateFormats: readonly DateFormat[] = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
];

const patterns: Record<DateFormat, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
};

/** The day `text` names when read in `format` ('YYYY-MM-DD'), or null. */
export function readDate(text: string, format: DateFormat): string | null {
  const groups = patterns[format].exec(text.trim())?.groups;
  if (!groups) return null;
  const [y, m, d] = [Number(groups['y']), Number(groups['m']), Number(groups['d'])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The formats that read every one of `dates` as a real day. One format: the file says which.
 * Several (every date has day and month at most 12, like 03/04/2026): the person must choose.
 * None: the dates are mixed or not dates at all.
 */
export function possibleDateFormats(dates: readonly string[]): DateFormat[] {
  return dateFormats.filter((format) => dates.every((date) => readDate(date, format) !== null));
}
