import { clockify } from './clockify';
import { harvest } from './harvest';
import { kimai } from './kimai';
import { anyCsvSource, type Importing } from './any-csv';
import { anyCsvFieldLabels, missingColumn, type AnyCsvMapping } from './any-csv-mapping';
import { csvRows, eachCsvRow, type CsvRow } from './csv-rows';
import {
  dateFormats as allDateFormats,
  possibleDateFormats,
  readDate,
  type DateFormat,
} from './date-formats';
import { decodeCsvBytes, type ReadEncoding } from './decode-bytes';
import type { ImportEntry, RowProblem } from './entry';
import { decideNumberFormat, type NumberFormat } from './numbers';
import type { BoundSource, CsvSource } from './source';
import type { ImportStructure } from './structure';
import { structureCsvSources, type StructureCsvSource } from './structure-csv';
import { TOGGL_NAME, togglLayout, togglRowReader, type TogglLayout } from './toggl';

// An uploaded file, read without looking at any workspace (issue 32): bytes → text → rows →
// the source recognised by its columns → normalised entries and the rows that cannot be read.

export type ImportSource =
  | 'toggl'
  | CsvSource['source']
  // Files of structure without time (issue 33; structure.ts).
  | StructureCsvSource
  | 'toggl-account'
  // Hourmark's own export, JSON (issue 32; hourmark.ts): a structure and its logs.
  | 'hourmark';

export type ReadImportFile =
  | {
      ok: true;
      source: ImportSource;
      sourceName: string;
      /** The text encoding read, or XLSX for a spreadsheet (issue 33). */
      encoding: ReadEncoding | 'XLSX';
      entries: ImportEntry[];
      problems: RowProblem[];
      /** Date orders that read every start date of the file (more than one: the person chooses). */
      dateFormats: DateFormat[];
      /** The order the dates were read in: the person's choice, the only one that fits, or the tool's default. */
      dateFormat: DateFormat;
      /** Several orders fit every date and the person has not chosen one. */
      mustChooseDateFormat: boolean;
      /** The decimal mark the file's numbers were read with, decided from its values. */
      numberFormat: NumberFormat;
      /** Clients, projects and tasks of a file that holds no time (its entries are none). */
      structure?: ImportStructure;
      /** Any CSV (issue 33): the file's header, as the mapping form lists it. */
      columns?: string[];
    }
  | {
      ok: false;
      /** server_busy: the server reads too many zips at once just now (issue 46); try again. */
      error: 'unreadable_file' | 'unknown_source' | 'unknown_column' | 'server_busy';
      message: string;
      /** unknown_source: the file's header, for mapping its columns (Any CSV, issue 33). */
      columns?: string[];
      /** unknown_column: the mapping's field naming a column the file lacks. */
      field?: string;
    };

/** What the person may say about a file before it is read again. */
export interface ReadOptions {
  /** The order the file's dates are written in, when the file cannot say (03/04/2026). */
  dateFormat?: DateFormat | undefined;
  /** Any CSV (issue 33): how to read a file no known source recognises, and who imports it. */
  anyCsv?: { mapping: AnyCsvMapping; me: Importing } | undefined;
}

/** The sources of part 2, tried in order after Toggl. */
const sources: readonly CsvSource[] = [clockify, harvest, kimai];

const togglExport = 'Toggl Track’s Detailed report (Reports → Detailed → Export → CSV)';
const expected = `Hourmark reads ${[togglExport, ...sources.map((s) => s.howToExport)].join('; ')}; and, for clients and projects without time, ${[...structureCsvSources.map((s) => s.howToExport), 'Toggl Track’s account export (zip)'].join('; ')}.`;

/** Most columns a file may have to be mapped (Any CSV); its answer lists them all. */
const MAX_MAPPED_COLUMNS = 300;

function unknownSource(header: readonly string[], togglMissing: readonly string[]): ReadImportFile {
  // The columns missing for the source the header comes closest to.
  let closest = { name: 'Toggl Track’s Detailed report', missing: togglMissing };
  for (const source of sources) {
    const bound = source.bind(header);
    if ('missing' in bound && bound.missing.length < closest.missing.length)
      closest = { name: source.name.replace(/ \(CSV\)$/, ''), missing: bound.missing };
  }
  for (const source of structureCsvSources) {
    const read = source.read(header, []);
    // Only a header that has some of its columns comes close to a projects or clients list.
    if (
      'missing' in read &&
      read.missing.length < source.required.length &&
      read.missing.length < closest.missing.length
    )
      closest = { name: source.name.replace(/ \(CSV\)$/, ''), missing: read.missing };
  }
  const { missing } = closest;
  return {
    ok: false,
    error: 'unknown_source',
    message: `This file is not a report Hourmark can import: it has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''} of ${closest.name}. ${expected}`,
    // A header that could be mapped (Any CSV): not a line of junk of a million cells.
    ...(header.length <= MAX_MAPPED_COLUMNS && header.every((name) => name.length <= 200)
      ? { columns: [...header] }
      : {}),
  };
}

/**
 * The order a file's dates are read in: the person's choice; else the tool's default when it
 * reads every date, or the only order that does; else (a date that no order reads, a mixed file)
 * the order that reads most of them, and the rows it cannot read are refused.
 */
function chooseDateFormat(
  dates: ReadonlySet<string>,
  fallback: DateFormat,
  asked: DateFormat | undefined,
): { dateFormats: DateFormat[]; dateFormat: DateFormat; mustChooseDateFormat: boolean } {
  const fitting = possibleDateFormats([...dates]);
  if (asked) return { dateFormats: fitting, dateFormat: asked, mustChooseDateFormat: false };
  if (fitting.length)
    return {
      dateFormats: fitting,
      dateFormat: fitting.includes(fallback) ? fallback : (fitting[0] ?? fallback),
      mustChooseDateFormat: fitting.length > 1,
    };
  const reads = (format: DateFormat) =>
    [...dates].filter((date) => readDate(date, format) !== null).length;
  const best = allDateFormats.reduce(
    (most, format) => (reads(format) > reads(most) ? format : most),
    fallback,
  );
  return { dateFormats: [], dateFormat: best, mustChooseDateFormat: false };
}

/** A file's rows after the header, handed one at a time to `visit` (read again on each call). */
type EachDataRow = (visit: (row: CsvRow) => void) => void;

/** Rows after the header of a CSV text, one at a time. */
const csvDataRows =
  (text: string): EachDataRow =>
  (visit) => {
    let first = true;
    eachCsvRow(text, (row) => {
      if (first) first = false;
      else visit(row);
    });
  };

/**
 * The first pass of a part-2 source over a file's rows: the dates and numbers that decide the
 * date order and the decimal mark; then how the second pass reads them. Shared by the whole read
 * and the server's read in steps (read-in-steps.ts), a slice of rows at a time.
 */
export function sourceSurvey(source: CsvSource, bound: BoundSource, options: ReadOptions) {
  const dates = new Set<string>();
  const numbers: string[] = [];
  return {
    visit: (row: CsvRow) => {
      if (row.problem) return;
      const survey = bound.survey(row.cells);
      for (const date of survey.dates) if (date.trim()) dates.add(date.trim());
      // A sample is enough to decide the mark; all of a 300,000-row file need not be kept.
      if (numbers.length < 20_000) numbers.push(...survey.numbers.filter((n) => n.trim()));
    },
    /** The date order and decimal mark decided, once every row was visited. */
    settings: () => {
      const mapped = options.anyCsv?.mapping;
      const dateChoice = chooseDateFormat(
        dates,
        source.defaultDateFormat,
        mapped?.dateFormat ?? options.dateFormat,
      );
      const numberFormat = mapped?.numberFormat ?? decideNumberFormat(numbers);
      return { ...dateChoice, numberFormat };
    },
  };
}

/**
 * A part-2 source's file in two passes over its rows: the first reads only the dates and numbers
 * that decide the date order and the decimal mark, the second reads the rows with them.
 */
function readWithSource(
  eachDataRow: EachDataRow,
  width: number,
  source: CsvSource,
  bound: BoundSource,
  options: ReadOptions,
) {
  const survey = sourceSurvey(source, bound, options);
  eachDataRow(survey.visit);
  const settings = survey.settings();
  const reader = bound.reader(width, settings);
  eachDataRow(reader.read);
  return {
    source: source.source,
    sourceName: source.name,
    entries: reader.entries,
    problems: reader.problems,
    ...settings,
  };
}

/**
 * The part-2 source (Clockify, Harvest, Kimai, or Any CSV through the mapping given) a CSV
 * header is read by, as readImportRows decides it; null for a Toggl header, a file of structure,
 * and any header readImportRows answers with an error (those are read whole). `columns` is set
 * for Any CSV, as its answer carries the header.
 */
export function csvSourceOf(
  header: readonly string[],
  options: ReadOptions,
): { source: CsvSource; bound: BoundSource; columns?: string[] } | null {
  if (!('missing' in togglLayout(header))) return null;
  for (const source of sources) {
    const bound = source.bind(header);
    if (!('missing' in bound)) return { source, bound };
  }
  if (structureCsvSources.some((source) => !('missing' in source.read(header, [])))) return null;
  if (!options.anyCsv || header.length > MAX_MAPPED_COLUMNS) return null;
  if (missingColumn(options.anyCsv.mapping, header)) return null;
  const source = anyCsvSource(options.anyCsv.mapping, options.anyCsv.me);
  const bound = source.bind(header);
  return 'missing' in bound ? null : { source, bound, columns: [...header] };
}

/**
 * Rows already split into cells (a CSV text's, or a spreadsheet's), read by the source their
 * header is recognised as. `encoding` is what the preview names as read.
 */
export function readImportRows(
  header: readonly string[],
  eachDataRow: EachDataRow,
  encoding: ReadEncoding | 'XLSX',
  options: ReadOptions = {},
): ReadImportFile {
  const layout = togglLayout(header);
  if ('missing' in layout) {
    for (const source of sources) {
      const bound = source.bind(header);
      if (!('missing' in bound))
        return {
          ok: true,
          encoding,
          ...readWithSource(eachDataRow, header.length, source, bound, options),
          ...(encoding === 'XLSX' ? { sourceName: source.name.replace(' (CSV)', ' (Excel)') } : {}),
        };
    }
    // A projects or clients list without time (issue 33), recognised by its columns.
    const structured = readStructureRows(header, eachDataRow, encoding);
    if (structured) return structured;
    // Any CSV: a header no source recognises, read through the person's mapping of its columns.
    if (options.anyCsv && header.length <= MAX_MAPPED_COLUMNS) {
      const lacking = missingColumn(options.anyCsv.mapping, header);
      if (lacking)
        return {
          ok: false,
          error: 'unknown_column',
          message: `This file has no column “${lacking.column}” (chosen for ${anyCsvFieldLabels[lacking.field]}): choose one of its columns.`,
          columns: [...header],
          field: lacking.field,
        };
      const source = anyCsvSource(options.anyCsv.mapping, options.anyCsv.me);
      const bound = source.bind(header);
      if ('missing' in bound) return unknownSource(header, layout.missing);
      return {
        ok: true,
        encoding,
        ...readWithSource(eachDataRow, header.length, source, bound, options),
        columns: [...header],
      };
    }
    return unknownSource(header, layout.missing);
  }
  // Row by row: only entries and problems are kept, never every row's cells as well.
  const reader = togglFileReader(layout, header.length);
  eachDataRow(reader.read);
  return reader.answer(encoding);
}

/**
 * A Toggl file read row by row, as readImportRows reads it: its entries and problems, the start
 * dates collected on the way, and at the end the answer. The server's read in steps
 * (read-in-steps.ts) uses the same, a slice of rows at a time, and may take the entries read so
 * far out of `entries` (the upload stages them).
 */
export function togglFileReader(layout: TogglLayout, width: number) {
  const reader = togglRowReader(layout, width);
  const dateColumn = layout.at['Start date'];
  const dates = new Set<string>();
  return {
    entries: reader.entries,
    problems: reader.problems,
    read: (row: CsvRow) => {
      reader.read(row);
      const date = row.cells[dateColumn]?.trim() ?? '';
      if (date) dates.add(date);
    },
    answer: (encoding: ReadEncoding | 'XLSX'): ReadImportFile => {
      const dateFormats = possibleDateFormats([...dates]);
      return {
        ok: true,
        source: 'toggl',
        sourceName: encoding === 'XLSX' ? TOGGL_NAME.replace(' (CSV)', ' (Excel)') : TOGGL_NAME,
        encoding,
        entries: reader.entries,
        problems: reader.problems,
        dateFormats,
        // Toggl writes ISO dates whatever the person's settings.
        dateFormat: 'YYYY-MM-DD',
        mustChooseDateFormat: dateFormats.length > 1,
        numberFormat: 'decimal-point',
      };
    },
  };
}

/** A file of structure without time (issue 33), as the reader answers it: no entries. */
export function structureFile(
  source: ImportSource,
  sourceName: string,
  encoding: ReadEncoding | 'XLSX',
  structure: ImportStructure,
  problems: RowProblem[],
  numberFormat: NumberFormat = 'decimal-point',
): ReadImportFile {
  return {
    ok: true,
    source,
    sourceName,
    encoding,
    entries: [],
    problems,
    dateFormats: [],
    dateFormat: 'YYYY-MM-DD',
    mustChooseDateFormat: false,
    numberFormat,
    structure,
  };
}

/** A projects or clients CSV recognised by its columns, or null when the header is none of them. */
function readStructureRows(
  header: readonly string[],
  eachDataRow: EachDataRow,
  encoding: ReadEncoding | 'XLSX',
): ReadImportFile | null {
  for (const source of structureCsvSources) {
    if ('missing' in source.read(header, [])) continue;
    // These lists are small (a workspace's projects): their rows are kept.
    const rows: CsvRow[] = [];
    eachDataRow((row) => rows.push(row));
    const read = source.read(header, rows);
    if ('missing' in read) continue;
    return structureFile(
      source.source,
      source.name,
      encoding,
      read.structure,
      read.problems,
      read.numberFormat,
    );
  }
  return null;
}

/** The file is empty, or its first sheet is: what Hourmark expected instead. */
export const emptyFile: ReadImportFile = {
  ok: false,
  error: 'unreadable_file',
  message: `The file is empty. ${expected}`,
};

/** Reads an uploaded CSV file's bytes as far as can be without a workspace. */
export function readImportFile(bytes: Uint8Array, options: ReadOptions = {}): ReadImportFile {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, error: 'unreadable_file', message: decoded.message };
  const header = csvRows(decoded.text, 1)[0];
  if (!header) return emptyFile;
  return readImportRows(header.cells, csvDataRows(decoded.text), decoded.encoding, options);
}
