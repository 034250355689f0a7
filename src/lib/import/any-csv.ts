import { clockDurationSeconds, clockTime, shownCell, tagList } from './cells';
import { columnKey } from './columns';
import { readDate } from './date-formats';
import type { ImportEntry, ReadRows } from './entry';
import {
  anyCsvFieldLabels,
  anyCsvFields,
  missingColumn,
  type AnyCsvField,
  type AnyCsvMapping,
  type AnyCsvSampleRow,
} from './any-csv-mapping';
import { scaledNumber, type NumberFormat } from './numbers';
import { rowReader } from './row-reader';
import { cellAt, lengthProblem, type BoundSource, type CsvSource } from './source';

// Any CSV (issue 33): a file of any tool, read through the person's mapping of its columns
// (any-csv-mapping.ts). It is tried only when no known source recognises the header. Required:
// a date, and a duration or a start and an end time. Without a person column every row is the
// importing person's own.

/** Who a row without person columns belongs to: the person importing. */
export interface Importing {
  name: string;
  email: string;
}

/** Billable cells in English and German, as a time sheet kept by hand writes them; '' is no. */
function billableFlag(cell: string): boolean | null {
  const text = cell.trim().toLowerCase();
  if (['1', 'yes', 'y', 'true', 'ja', 'j', 'x'].includes(text)) return true;
  if (['0', 'no', 'n', 'false', 'nein', ''].includes(text)) return false;
  return null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A duration cell to the second: H:MM:SS, H:MM, or decimal hours in the file's decimal mark. */
function durationSeconds(cell: string, format: NumberFormat): number | null {
  const exact = clockDurationSeconds(cell);
  if (exact !== null) return exact;
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(cell.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  return scaledNumber(cell, format, 3600);
}

/** The source that reads a file through `mapping`; `me` owns rows that name no person. */
export function anyCsvSource(mapping: AnyCsvMapping, me: Importing): CsvSource {
  const bind = (header: readonly string[]): BoundSource | { missing: string[] } => {
    const lacking = missingColumn(mapping, header);
    if (lacking) return { missing: [lacking.column] };
    const keys = header.map(columnKey);
    const at = Object.fromEntries(
      anyCsvFields.map((field) => {
        const name = mapping[field];
        return [field, name === undefined ? -1 : keys.indexOf(columnKey(name))];
      }),
    ) as Record<AnyCsvField, number>;
    const has = (field: AnyCsvField) => at[field] !== -1;
    const label = anyCsvFieldLabels;
    return {
      survey: (cells) => ({
        dates: [cellAt(cells, at.date)],
        numbers: [cellAt(cells, at.duration)],
      }),
      reader: (width, settings) =>
        rowReader(width, (cells, line): ImportEntry | string => {
          const cell = (field: AnyCsvField) => cellAt(cells, at[field]);
          const quoted = (field: AnyCsvField) => `${label[field]} “${shownCell(cell(field))}”`;
          const date = readDate(cell('date'), settings.dateFormat);
          if (!date) return `${quoted('date')} is not a date in the order ${settings.dateFormat}.`;
          let startTime = '';
          if (has('start') && (cell('start').trim() || !has('duration'))) {
            const start = clockTime(cell('start'));
            if (!start) return `${quoted('start')} is not a time like 09:30.`;
            startTime = start;
          }
          let length: number | null;
          if (has('duration')) {
            length = durationSeconds(cell('duration'), settings.numberFormat);
            if (length === null) return `${quoted('duration')} is not a length like 1.5 or 1:30.`;
          } else {
            const end = clockTime(cell('end'));
            if (!end) return `${quoted('end')} is not a time like 17:30.`;
            // An end before the start is the next day: 22:30 to 01:15 lasts 2 h 45 min.
            length = ((minutesOf(end) - minutesOf(startTime) + 1440) % 1440) * 60;
          }
          const tooLong = lengthProblem(length);
          if (tooLong) return tooLong;
          const billable = has('billable') ? billableFlag(cell('billable')) : true;
          if (billable === null) return `${quoted('billable')} is neither Yes nor No.`;
          const named = has('personName') || has('personEmail');
          const person = named
            ? { name: cell('personName').trim(), email: cell('personEmail').trim().toLowerCase() }
            : { name: me.name, email: me.email.trim().toLowerCase() };
          if (!person.name && !person.email)
            return 'It names no person (its name and email cells are empty).';
          return {
            line,
            person,
            client: cell('client').trim(),
            project: cell('project').trim(),
            task: cell('task').trim(),
            description: cell('description').trim(),
            billable,
            date,
            startTime,
            durationSeconds: length,
            tags: tagList(cell('tags')),
            amountMinor: null,
            currency: null,
            invoicedElsewhere: false,
            approved: false,
            labourRate: null,
          };
        }),
    };
  };
  return {
    source: 'any-csv',
    name: 'Any CSV (the columns you chose)',
    howToExport: 'any CSV file whose columns you choose',
    required: [mapping.date],
    defaultDateFormat: 'YYYY-MM-DD',
    bind,
  };
}

export const SAMPLE_ROWS = 5;

/** The first rows of the file as they would import, or why not: the mapping form's live preview. */
export function sampleRows(read: ReadRows, count = SAMPLE_ROWS): AnyCsvSampleRow[] {
  const rows: AnyCsvSampleRow[] = [
    ...read.entries.slice(0, count).map((e) => ({
      line: e.line,
      entry: {
        date: e.date,
        startTime: e.startTime,
        durationSeconds: e.durationSeconds,
        person: e.person.name || e.person.email,
        client: e.client,
        project: e.project,
        task: e.task,
        description: e.description,
        tags: e.tags,
        billable: e.billable,
      },
      problem: null,
    })),
    ...read.problems.slice(0, count).map((p) => ({ line: p.line, entry: null, problem: p.reason })),
  ];
  return rows.sort((a, b) => a.line - b.line).slice(0, count);
}
