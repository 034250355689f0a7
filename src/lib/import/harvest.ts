import { shownCell, yesNo } from './cells';
import { locateColumns } from './columns';
import { readDate } from './date-formats';
import type { ImportEntry } from './entry';
import { rowReader } from './row-reader';
import { plainNumber, scaledNumber } from './numbers';
import { cellAt, lengthProblem, type BoundSource, type CsvSource } from './source';

// Harvest's Detailed time report, exported as CSV (Reports → Detailed time → Export → CSV):
// Date,Client,Project,Project Code,Task,Notes,Hours,Hours Rounded,Billable?,Invoiced?,Approved?,
// First Name,Last Name,Roles,Employee?,Billable Rate,Billable Amount,Cost Rate,Cost Amount,
// Currency,External Reference URL. Hours are decimal hours; in a locale with decimal commas the
// numbers are written "2,5" and "2.400,0". There are no clock times and no email addresses.

const columns = [
  'Date',
  'Client',
  'Project',
  'Task',
  'Notes',
  'Hours',
  'Billable?',
  'Invoiced?',
  'Approved?',
  'First Name',
  'Last Name',
  'Billable Amount',
  'Billable Rate',
  'Cost Rate',
  'Cost Amount',
  'Currency',
] as const;
type Column = (typeof columns)[number];

/** Invoiced?, Approved?, the rates, amounts and Currency are read when there. */
const required: readonly Column[] = [
  'Date',
  'Client',
  'Project',
  'Task',
  'Notes',
  'Hours',
  'Billable?',
  'First Name',
  'Last Name',
];

/** The ISO code of a Currency cell like `US Dollar - USD` (or just `USD`), or null. */
function currencyCode(cell: string): string | null {
  const match = /(?:^|\s-\s*)([A-Za-z]{3})$/.exec(cell.trim());
  return match?.[1] ? match[1].toUpperCase() : null;
}

function bind(header: readonly string[]): BoundSource | { missing: string[] } {
  const { at, missing } = locateColumns(header, columns, required);
  if (missing.length) return { missing };
  const cell = (cells: readonly string[], column: Column) => cellAt(cells, at[column]);
  const numberColumns: Column[] = [
    'Hours',
    'Billable Rate',
    'Billable Amount',
    'Cost Rate',
    'Cost Amount',
  ];
  return {
    survey: (cells) => ({
      dates: [cell(cells, 'Date')],
      numbers: numberColumns.map((column) => cell(cells, column)),
    }),
    reader: (width, settings) => {
      const example = settings.numberFormat === 'decimal-comma' ? '2,5' : '2.5';
      const flag = (cells: readonly string[], column: Column) =>
        at[column] === -1 ? false : yesNo(cell(cells, column));
      // Rows of the wrong width or with a quote never closed are refused by rowReader first.
      return rowReader(width, (cells, line): ImportEntry | string => {
        const date = readDate(cell(cells, 'Date'), settings.dateFormat);
        if (!date)
          return `Date “${shownCell(cell(cells, 'Date'))}” is not a date in the order ${settings.dateFormat}.`;
        // Decimal hours to the second (0.76 h is 2736 s), or H:MM when the account shows time so.
        const clock = /^(\d{1,4}):([0-5]\d)$/.exec(cell(cells, 'Hours').trim());
        const seconds = clock
          ? Number(clock[1]) * 3600 + Number(clock[2]) * 60
          : scaledNumber(cell(cells, 'Hours'), settings.numberFormat, 3600);
        if (seconds === null)
          return `Hours “${shownCell(cell(cells, 'Hours'))}” is not a number like ${example}.`;
        const tooLong = lengthProblem(seconds);
        if (tooLong) return tooLong;
        const billable = yesNo(cell(cells, 'Billable?'));
        if (billable === null)
          return `Billable? “${shownCell(cell(cells, 'Billable?'))}” is neither Yes nor No.`;
        const invoiced = flag(cells, 'Invoiced?');
        if (invoiced === null)
          return `Invoiced? “${shownCell(cell(cells, 'Invoiced?'))}” is neither Yes nor No.`;
        const approved = flag(cells, 'Approved?');
        if (approved === null)
          return `Approved? “${shownCell(cell(cells, 'Approved?'))}” is neither Yes nor No.`;
        // Harvest knows people by name only: matched by name.
        const name = [cell(cells, 'First Name').trim(), cell(cells, 'Last Name').trim()]
          .filter(Boolean)
          .join(' ');
        if (!name) return 'It names no person (First Name and Last Name are empty).';
        const amountCell = cell(cells, 'Billable Amount');
        const amountMinor = amountCell.trim()
          ? scaledNumber(amountCell, settings.numberFormat, 100)
          : null;
        if (amountCell.trim() && amountMinor === null)
          return `Billable Amount “${shownCell(amountCell)}” is not an amount like ${settings.numberFormat === 'decimal-comma' ? '2.400,00' : '2,400.00'}.`;
        const costCell = cell(cells, 'Cost Rate');
        const labourRate = costCell.trim() ? plainNumber(costCell, settings.numberFormat) : null;
        if (costCell.trim() && (labourRate === null || labourRate < 0))
          return `Cost Rate “${shownCell(costCell)}” is not a rate like ${example}.`;
        return {
          line,
          person: { name, email: '' },
          // A row without client is a project without client, as Hourmark keeps it.
          client: cell(cells, 'Client').trim(),
          project: cell(cells, 'Project').trim(),
          task: cell(cells, 'Task').trim(),
          description: cell(cells, 'Notes').trim(),
          billable,
          date,
          // Harvest's report has no clock times: a log without a start, as one typed by hours.
          startTime: '',
          durationSeconds: seconds,
          tags: [],
          amountMinor,
          currency: currencyCode(cell(cells, 'Currency')),
          invoicedElsewhere: invoiced,
          approved,
          labourRate,
        };
      });
    },
  };
}

export const harvest: CsvSource = {
  source: 'harvest',
  name: 'Harvest Detailed time report (CSV)',
  howToExport: 'Harvest’s Detailed time report (Reports → Detailed time → Export → CSV)',
  required,
  // Harvest writes ISO dates; an export re-saved by a spreadsheet may not.
  defaultDateFormat: 'YYYY-MM-DD',
  bind,
};
