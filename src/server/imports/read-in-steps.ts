import { csvRows, type CsvRow } from '../../lib/import/csv-rows';
import { dialectOf, eachSliceRow, sliceEnd, type SliceState } from '../../lib/import/csv-slices';
import { decodeCsvBytes } from '../../lib/import/decode-bytes';
import type { ImportEntry } from '../../lib/import/entry';
import {
  csvSourceOf,
  sourceSurvey,
  togglFileReader,
  type ReadImportFile,
  type ReadOptions,
} from '../../lib/import/read-file';
import { togglLayout, type TogglLayout } from '../../lib/import/toggl';
import { pauseForOthers } from './pause-for-others';
import { startsLikeJson } from './read-hourmark';
import { readImportUpload } from './read-upload';

// An uploaded file read as `readImportUpload` reads it, with the same answer, but in steps
// (issue 32): a CSV's rows are parsed and read a slice of 64 KB at a time (a few ms to 20 ms of
// work), with a pause between slices, so the server answers other requests while a 100,000-row
// file is read instead of after half a second. Toggl's in one pass; Clockify's, Harvest's,
// Kimai's and Any CSV's in two, as the whole read does (the first decides the date order and
// the decimal mark). Workbooks, files of structure, and texts whose quotes make the rows unsure
// are read whole, as before.

/** Characters of the text read between pauses. */
export const SLICE_CHARS = 64 * 1024;

const ZIP_MARK = [0x50, 0x4b, 0x03, 0x04];

/**
 * Where the entries go as they are read, a slice at a time in the file's order, instead of the
 * answer's `entries` (then empty): the upload stages them (staged-entries.ts), so it never holds
 * every entry of a file read in steps.
 */
export type EntrySink = (entries: ImportEntry[]) => Promise<void>;

/** Entries handed to a sink at once from a file read whole. */
const SINK_ENTRIES = 500;

/**
 * A file read whole, its entries handed to `sink` in slices when there is one, but for the
 * first `sunk`: those a read in steps handed over before it found it could not go on (the whole
 * read gives the same entries in the same order).
 */
async function readWhole(
  bytes: Uint8Array,
  options: ReadOptions,
  sink: EntrySink | undefined,
  sunk = 0,
): Promise<ReadImportFile> {
  const file = await readImportUpload(bytes, options);
  if (!sink || !file.ok || file.structure) return file;
  for (let start = sunk; start < file.entries.length; start += SINK_ENTRIES)
    await sink(file.entries.slice(start, start + SINK_ENTRIES));
  return { ...file, entries: [] };
}

/**
 * Reads an uploaded file, pausing between slices of its rows where it can. With `sink`, the
 * entries go there a slice at a time and the answer's `entries` is empty.
 */
export async function readUploadInSteps(
  bytes: Uint8Array,
  options: ReadOptions = {},
  sliceChars = SLICE_CHARS,
  sink?: EntrySink,
): Promise<ReadImportFile> {
  if (ZIP_MARK.every((b, i) => bytes[i] === b) || startsLikeJson(bytes))
    return readWhole(bytes, options, sink);
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, error: 'unreadable_file', message: decoded.message };
  const { text, encoding } = decoded;
  await pauseForOthers();
  const header = csvRows(text, 1)[0];
  const dialect = dialectOf(text);
  if (!header || !dialect || header.line !== 1) return readWhole(bytes, options, sink);
  const layout = togglLayout(header.cells);
  const other = 'missing' in layout ? csvSourceOf(header.cells, options) : null;
  // Neither Toggl nor a part-2 source: a file of structure, or one answered with an error.
  if ('missing' in layout && !other) return readWhole(bytes, options, sink);
  // The header's own end: the first slice starts after it.
  const headerEnd = sliceEnd(text, 0, 1, dialect);
  if (headerEnd === null || csvRows(text.slice(0, headerEnd)).length !== 1)
    return readWhole(bytes, options, sink);
  const width = header.cells.length;
  // Entries handed to the sink so far.
  let sunk = 0;
  /**
   * One pass over the rows after the header, a slice at a time with a pause after each, as
   * eachCsvRow hands them over; the entries `reader` read go to the sink after each slice.
   * False when a quote makes the rows unsure: the file is then read whole.
   */
  const eachRow = async (
    visit: (row: CsvRow) => void,
    entries: ImportEntry[] | null,
  ): Promise<boolean> => {
    let from = headerEnd;
    // As if the header had just been handed over.
    const state: SliceState = { previous: headerEnd, counted: 0, lines: 0 };
    while (from < text.length) {
      const end = sliceEnd(text, from, sliceChars, dialect);
      if (end === null) return false;
      eachSliceRow(text, from, end, dialect, state, visit);
      from = end;
      if (sink && entries && entries.length > 0) {
        const some = entries.splice(0);
        sunk += some.length;
        await sink(some);
      }
      await pauseForOthers();
    }
    return true;
  };
  if (!other) {
    // As readImportRows reads a Toggl file: row by row, the start dates collected on the way.
    const reader = togglFileReader(layout as TogglLayout, width);
    if (!(await eachRow(reader.read, reader.entries))) return readWhole(bytes, options, sink, sunk);
    return reader.answer(encoding);
  }
  // A part-2 source, as readImportRows reads it: a first pass deciding the date order and the
  // decimal mark, a second reading the rows with them (issue 33).
  const { source, bound, columns } = other;
  const survey = sourceSurvey(source, bound, options);
  if (!(await eachRow(survey.visit, null))) return readWhole(bytes, options, sink);
  const settings = survey.settings();
  const reader = bound.reader(width, settings);
  if (!(await eachRow(reader.read, reader.entries))) return readWhole(bytes, options, sink, sunk);
  return {
    ok: true,
    encoding,
    source: source.source,
    sourceName: source.name,
    entries: reader.entries,
    problems: reader.problems,
    ...settings,
    ...(columns ? { columns } : {}),
  };
}
