import { clockDurationSeconds, clockTime, shownCell, tagList, yesNo } from './cells';
import { currencyColumn, locateColumns } from './columns';
import { readDate } from './date-formats';
import type { ImportEntry } from './entry';
import { rowReader } from './row-reader';
import { scaledNumber } from './numbers';
import {
  cellAt,
  lengthProblem,
  type BoundSource,
  type CsvSource,
  type FileSettings,
} from './source';

// Clockify's Detailed report, exported as CSV (Reports → Detailed → Export → Save as CSV):
// Project,Client,Description,Task,User,Group,Email,Tags,Type,Billable,Invoiced,Invoice ID,
// Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal),Billable Rate (USD),
// Billable Amount (USD),Date of creation. Dates are in the exporting person's date format
// (MM/DD/YYYY by default), times in their 12- or 24-hour format, with or without seconds.

const columns = [
  'Project',
  'Client',
  'Description',
  'Task',
  'User',
  'Email',
  'Tags',
  'Type',
  'Billable',
  'Invoiced',
  'Start Date',
  'Start Time',
  'Duration (h)',
  'Duration (decimal)',
] as const;
type Column = (typeof columns)[number];

/** Task, Tags, Type and Invoiced are read when there; one of the two Durations must be. */
const required: readonly Column[] = [
  'Project',
  'Client',
  'Description',
  'User',
  'Email',
  'Billable',
  'Start Date',
  'Start Time',
];

/**
 * The length of a row to the second: `Duration (h)` as H:MM:SS when it is (exact); else
 * `Duration (decimal)` (hundredths of an hour, 36 s); else `Duration (h)` written as H:MM (the
 * "compact" duration setting) or as decimal hours.
 */
function seconds(clock: string, decimal: string, settings: FileSettings): number | null {
  const exact = clockDurationSeconds(clock);
  if (exact !== null) return exact;
  const hours = scaledNumber(decimal, settings.numberFormat, 3600);
  if (hours !== null) return hours;
  const compact = /^(\d{1,4}):([0-5]\d)$/.exec(clock.trim());
  if (compact) return Number(compact[1]) * 3600 + Number(compact[2]) * 60;
  return scaledNumber(clock, settings.numberFormat, 3600);
}

function bind(header: readonly string[]): BoundSource | { missing: string[] } {
  const { at, missing } = locateColumns(header, columns, required);
  if (at['Duration (h)'] === -1 && at['Duration (decimal)'] === -1) missing.push('Duration (h)');
  if (missing.length) return { missing };
  const amount = currencyColumn(header, 'Billable Amount');
  const rate = currencyColumn(header, 'Billable Rate');
  const cell = (cells: readonly string[], column: Column) => cellAt(cells, at[column]);
  return {
    survey: (cells) => ({
      dates: [cell(cells, 'Start Date')],
      numbers: [
        cell(cells, 'Duration (decimal)'),
        amount ? cellAt(cells, amount.index) : '',
        rate ? cellAt(cells, rate.index) : '',
      ],
    }),
    reader: (width, settings) => {
      // Rows of the wrong width or with a quote never closed are refused by rowReader first.
      return rowReader(width, (cells, line): ImportEntry | string => {
        const type = cell(cells, 'Type').trim();
        if (type && type.toLowerCase() !== 'regular')
          return `It is a Clockify ${shownCell(type)} entry, not time worked; only Regular entries are imported.`;
        const date = readDate(cell(cells, 'Start Date'), settings.dateFormat);
        if (!date)
          return `Start Date “${shownCell(cell(cells, 'Start Date'))}” is not a date in the order ${settings.dateFormat}.`;
        const startTime = clockTime(cell(cells, 'Start Time'));
        if (!startTime)
          return `Start Time “${shownCell(cell(cells, 'Start Time'))}” is not a time like 09:30 AM.`;
        const length = seconds(
          cell(cells, 'Duration (h)'),
          cell(cells, 'Duration (decimal)'),
          settings,
        );
        if (length === null)
          return `Duration “${shownCell(cell(cells, 'Duration (h)') || cell(cells, 'Duration (decimal)'))}” is not a length like 01:30:00 or 1.50.`;
        const tooLong = lengthProblem(length);
        if (tooLong) return tooLong;
        const billable = yesNo(cell(cells, 'Billable'));
        if (billable === null)
          return `Billable “${shownCell(cell(cells, 'Billable'))}” is neither Yes nor No.`;
        const invoiced = at.Invoiced === -1 ? false : yesNo(cell(cells, 'Invoiced'));
        if (invoiced === null)
          return `Invoiced “${shownCell(cell(cells, 'Invoiced'))}” is neither Yes nor No.`;
        const person = {
          name: cell(cells, 'User').trim(),
          email: cell(cells, 'Email').trim().toLowerCase(),
        };
        if (!person.name && !person.email) return 'It names no person (User and Email are empty).';
        const amountCell = amount ? cellAt(cells, amount.index) : '';
        const amountMinor = amountCell.trim()
          ? scaledNumber(amountCell, settings.numberFormat, 100)
          : null;
        if (amountCell.trim() && amountMinor === null)
          return `Billable Amount “${shownCell(amountCell)}” is not an amount like ${settings.numberFormat === 'decimal-comma' ? '250,00' : '250.00'}.`;
        return {
          line,
          person,
          client: cell(cells, 'Client').trim(),
          project: cell(cells, 'Project').trim(),
          task: cell(cells, 'Task').trim(),
          description: cell(cells, 'Description').trim(),
          billable,
          // The day it started: 10:30 PM to 01:15 AM stays on the Start Date.
          date,
          startTime,
          durationSeconds: length,
          tags: tagList(cell(cells, 'Tags')),
          amountMinor,
          currency: amount?.currency ?? null,
          invoicedElsewhere: invoiced,
          approved: false,
          labourRate: null,
        };
      });
    },
  };
}

export const clockify: CsvSource = {
  source: 'clockify',
  name: 'Clockify Detailed report (CSV)',
  howToExport: 'Clockify’s Detailed report (Reports → Detailed → Export → Save as CSV)',
  required: [...required, 'Duration (h)'],
  defaultDateFormat: 'MM/DD/YYYY',
  bind,
};
