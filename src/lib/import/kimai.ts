import { clockDurationSeconds, clockTime, shownCell, tagList } from './cells';
import { locateColumns } from './columns';
import { readDate } from './date-formats';
import type { ImportEntry } from './entry';
import { rowReader } from './row-reader';
import { scaledNumber, type NumberFormat } from './numbers';
import { cellAt, lengthProblem, type BoundSource, type CsvSource } from './source';

// Kimai 2's timesheet export with its default template in English (Time tracking → Export →
// CSV or Excel), as Kimai's own code writes it (src/Export/DefaultTemplate.php and
// ColumnConverter.php, headers from translations/messages.en.xlf, cells from openspout's CSV
// writer): Date,From,To,Duration,Currency,Price,Internal price,Hourly price,Fixed price,Name,User,
// E-mail,Staff number,Customer,Project,Activity,Description,Billable,Tags,Type,Category,Account,
// Project number,VAT-ID,Order number. Date is Y-m-d, From and To are H:i, Duration is decimal
// hours rounded to two places (H:MM before Kimai 2.40 unless the user chose decimal), Billable is
// 1 or 0, Tags are ", "-separated. The rate columns are left out for people who may not see rates.

const columns = [
  'Date',
  'From',
  'To',
  'Duration',
  'Currency',
  'Price',
  'Name',
  'User',
  'E-mail',
  'Customer',
  'Project',
  'Activity',
  'Description',
  'Billable',
  'Exported',
  'Tags',
] as const;
type Column = (typeof columns)[number];

const required: readonly Column[] = [
  'Date',
  'From',
  'To',
  'Duration',
  'User',
  'Customer',
  'Project',
  'Activity',
  'Description',
];

/** 1/0 as openspout writes a boolean, and Yes/No, true/false; null for anything else. */
function flag(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (['1', 'yes', 'true'].includes(text)) return true;
  if (['0', 'no', 'false', ''].includes(text)) return false;
  return null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The length of a row to the second. H:MM:SS is exact; H:MM is to the minute. Decimal hours are
 * rounded to 36 s (0.33 for 20 minutes), so when the clock span From–To agrees with them within
 * that rounding (18 s either way), the span is the length, to the minute: 20 minutes stay 1200 s.
 * When it does not (a break was taken off, an entry longer than a day), the decimal hours are.
 */
function seconds(duration: string, from: string, to: string, format: NumberFormat): number | null {
  const exact = clockDurationSeconds(duration);
  if (exact !== null) return exact;
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(duration.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  const decimal = scaledNumber(duration, format, 3600);
  if (decimal === null) return null;
  const span = ((minutesOf(to) - minutesOf(from) + 1440) % 1440) * 60;
  return span > 0 && Math.abs(span - decimal) <= 18 ? span : decimal;
}

/**
 * Kimai prefixes "' " to a description that a spreadsheet could take for a formula (its
 * StringHelper::sanitizeDDE); the prefix is not the person's text, so it is taken off again.
 */
function description(cell: string): string {
  const text = cell.trim();
  if (!text.startsWith("' ")) return text;
  const rest = text.slice(2);
  return /^[=\-@+\t\r\n]/.test(rest) || /dde/i.test(rest) ? rest : text;
}

function bind(header: readonly string[]): BoundSource | { missing: string[] } {
  const { at, missing } = locateColumns(header, columns, required);
  if (missing.length) return { missing };
  const cell = (cells: readonly string[], column: Column) => cellAt(cells, at[column]);
  return {
    survey: (cells) => ({
      dates: [cell(cells, 'Date')],
      numbers: [cell(cells, 'Duration'), cell(cells, 'Price')],
    }),
    reader: (width, settings) => {
      // Rows of the wrong width or with a quote never closed are refused by rowReader first.
      return rowReader(width, (cells, line): ImportEntry | string => {
        const date = readDate(cell(cells, 'Date'), settings.dateFormat);
        if (!date)
          return `Date “${shownCell(cell(cells, 'Date'))}” is not a date in the order ${settings.dateFormat}.`;
        const from = clockTime(cell(cells, 'From'));
        if (!from) return `From “${shownCell(cell(cells, 'From'))}” is not a time like 09:30.`;
        // A running entry has no end yet: it cannot be imported until it stops.
        const to = clockTime(cell(cells, 'To'));
        if (!to)
          return cell(cells, 'To').trim()
            ? `To “${shownCell(cell(cells, 'To'))}” is not a time like 17:30.`
            : 'It is still running (To is empty).';
        const length = seconds(cell(cells, 'Duration'), from, to, settings.numberFormat);
        if (length === null)
          return `Duration “${shownCell(cell(cells, 'Duration'))}” is not a length like 1.5 or 1:30.`;
        const tooLong = lengthProblem(length);
        if (tooLong) return tooLong;
        // Exports without the column (before Kimai 2.x had one) are billable, Kimai's default.
        const billable = at.Billable === -1 ? true : flag(cell(cells, 'Billable'));
        if (billable === null)
          return `Billable “${shownCell(cell(cells, 'Billable'))}” is neither 1 nor 0.`;
        const exported = flag(cell(cells, 'Exported'));
        if (exported === null)
          return `Exported “${shownCell(cell(cells, 'Exported'))}” is neither 1 nor 0.`;
        const person = {
          name: cell(cells, 'Name').trim() || cell(cells, 'User').trim(),
          email: cell(cells, 'E-mail').trim().toLowerCase(),
        };
        if (!person.name && !person.email)
          return 'It names no person (Name, User and E-mail are empty).';
        const priceCell = cell(cells, 'Price');
        const amountMinor = priceCell.trim()
          ? scaledNumber(priceCell, settings.numberFormat, 100)
          : null;
        if (priceCell.trim() && amountMinor === null)
          return `Price “${shownCell(priceCell)}” is not an amount like 250.00.`;
        const currency = cell(cells, 'Currency').trim().toUpperCase();
        return {
          line,
          person,
          client: cell(cells, 'Customer').trim(),
          project: cell(cells, 'Project').trim(),
          // Kimai's activities are what Hourmark calls tasks.
          task: cell(cells, 'Activity').trim(),
          description: description(cell(cells, 'Description')),
          billable,
          // The day it started: 22:30 to 01:15 stays on Date.
          date,
          startTime: from,
          durationSeconds: length,
          tags: tagList(cell(cells, 'Tags')),
          amountMinor,
          currency: /^[A-Z]{3}$/.test(currency) ? currency : null,
          // Kimai's export state: exported or invoiced, kept off further invoices there too.
          invoicedElsewhere: exported,
          approved: false,
          labourRate: null,
        };
      });
    },
  };
}

export const kimai: CsvSource = {
  source: 'kimai',
  name: 'Kimai timesheet export (CSV)',
  howToExport: 'Kimai’s timesheet export in English (Time tracking → Export → CSV)',
  required,
  defaultDateFormat: 'YYYY-MM-DD',
  bind,
};
