import { LONGEST_ENTRY_SECONDS } from './cells';
import type { CsvRow } from './csv-rows';
import type { DateFormat } from './date-formats';
import type { ReadRows } from './entry';
import type { NumberFormat } from './numbers';

// What a source of part 2 (issue 33) is to the file reader: its name, the columns it needs, and,
// once its header is found, what its rows say about the file's date order and decimal mark (a
// first pass), and a reader of its rows with those decided (a second pass).

/** How a file's dates and numbers are read, decided once per file. */
export interface FileSettings {
  dateFormat: DateFormat;
  numberFormat: NumberFormat;
}

/** Reads rows one at a time into entries, and the rows that cannot be imported with why. */
export type RowReader = ReadRows & { read: (row: CsvRow) => void };

/** A source bound to one file's header. */
export interface BoundSource {
  /** The cells of a row that tell the file's date order and its decimal mark. */
  survey: (cells: readonly string[]) => { dates: string[]; numbers: string[] };
  reader: (width: number, settings: FileSettings) => RowReader;
}

export interface CsvSource {
  /** 'any-csv': a file read through the person's mapping of its columns. */
  source: 'clockify' | 'harvest' | 'kimai' | 'any-csv';
  /** As the preview names it. */
  name: string;
  /** Where a person finds the export in the tool, for messages. */
  howToExport: string;
  required: readonly string[];
  /** The order read when several fit every date and the person has not chosen. */
  defaultDateFormat: DateFormat;
  /** The source bound to `header`, or the required columns it lacks. */
  bind: (header: readonly string[]) => BoundSource | { missing: string[] };
}

/** Why a row cannot be read at all, before its cells are looked at, or null. */
export function shapeProblem({ cells, problem }: CsvRow, width: number): string | null {
  if (problem) return problem;
  if (cells.length !== width) return `It has ${cells.length} cells where the header has ${width}.`;
  return null;
}

/** Why a length cannot be a log, or null: none, or more than the longest log Hourmark keeps. */
export function lengthProblem(seconds: number): string | null {
  if (seconds <= 0) return 'It lasts no time.';
  if (seconds > LONGEST_ENTRY_SECONDS)
    return 'It lasts more than 24 hours, the longest log Hourmark keeps.';
  return null;
}

/** A column's cell, '' when the file has no such column or the row is short. */
export const cellAt = (cells: readonly string[], index: number) =>
  index === -1 ? '' : (cells[index] ?? '');
