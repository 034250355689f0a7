import { csvRows, type CsvRow } from '../../lib/import/csv-rows';
import {
  dialectOf,
  eachSliceRow,
  sliceEnd,
  type CsvDialect,
  type SliceState,
} from '../../lib/import/csv-slices';
import { firstBytes, surveyEncoding, textPieces } from '../../lib/import/decode-stream';
import type { ImportEntry, RowProblem } from '../../lib/import/entry';
import {
  csvSourceOf,
  sourceSurvey,
  togglFileReader,
  type ReadImportFile,
  type ReadOptions,
} from '../../lib/import/read-file';
import { togglLayout, type TogglLayout } from '../../lib/import/toggl';
import { isByteSource, memorySource, wholeBytes, type ByteSource } from './byte-source';
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

/**
 * Where the rows that cannot be imported go as they are found, instead of the answer's
 * `problems` (then empty): the preview keeps the first 500 by line and counts the rest.
 */
export type ProblemSink = (problems: RowProblem[]) => void;

/** Entries handed to a sink at once from a file read whole. */
const SINK_ENTRIES = 500;

/**
 * A file read whole, its entries handed to `sink` in slices when there is one, but for the
 * first `sunk`: those a read in steps handed over before it found it could not go on (the whole
 * read gives the same entries in the same order).
 */
async function readWholeFile(
  bytes: Uint8Array,
  options: ReadOptions,
  sink: EntrySink | undefined,
  sunk = 0,
  problemSink?: ProblemSink,
): Promise<ReadImportFile> {
  const file = await readImportUpload(bytes, options);
  if (!sink || !file.ok || file.structure) return file;
  if (problemSink) problemSink(file.problems.splice(0));
  for (let start = sunk; start < file.entries.length; start += SINK_ENTRIES)
    await sink(file.entries.slice(start, start + SINK_ENTRIES));
  return { ...file, entries: [] };
}

/** A text read a piece at a time, of which only what is not read yet (and a little before) is kept. */
class TextWindow {
  /** The text held: the whole text from `base` on, as far as it was decoded. */
  text = '';
  base = 0;
  done = false;
  private readonly pieces: AsyncIterator<string>;
  constructor(pieces: AsyncIterable<string>) {
    this.pieces = pieces[Symbol.asyncIterator]();
  }
  /** Decodes one more piece; false at the text's end. */
  async more(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.pieces.next();
    if (next.done) this.done = true;
    else this.text += next.value;
    return !this.done;
  }
  /** Holds at least `length` characters, or the rest of the text. */
  async fill(length: number): Promise<void> {
    while (this.text.length < length && (await this.more()));
  }
  /** Forgets the first `count` characters held. */
  drop(count: number): void {
    if (count <= 0) return;
    this.text = this.text.slice(count);
    this.base += count;
  }
  /**
   * sliceEnd over the window, with what it would answer over the whole text: an end found at
   * the window's edge, or a quote left open there, may change with the text after it, so more
   * is decoded (doubling what is held) until the end is inside the window or the text ends.
   */
  async sliceEnd(from: number, size: number, dialect: CsvDialect): Promise<number | null> {
    for (;;) {
      const end = sliceEnd(this.text, from, size, dialect);
      if (this.done || (end !== null && end < this.text.length)) return end;
      await this.fill(Math.max(this.text.length * 2, from + size + 1));
    }
  }
}

/** Characters of text held before the header is read: papaparse's guesses look at 2 MB. */
const DIALECT_CHARS = 2 * 1024 * 1024 + 1;

/** Newlines in text[0, to). */
const newlinesBefore = (text: string, to: number) => {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
};

/** The upload starts like JSON, looking no further than needed. */
async function sourceStartsLikeJson(source: ByteSource): Promise<boolean> {
  const head = await firstBytes(source.pieces, 64 * 1024);
  if (startsLikeJson(head) || head.length >= source.size) return startsLikeJson(head);
  // Only white space (or a mark) so far: decided on the whole, as before.
  return /^(\xef\xbb\xbf)?[ \t\r\n]*$/.test(Buffer.from(head).toString('latin1'))
    ? startsLikeJson(await wholeBytes(source))
    : false;
}

/**
 * Reads an uploaded file, pausing between slices of its rows where it can. With `sink`, the
 * entries go there a slice at a time and the answer's `entries` is empty. A CSV file is never
 * held whole, as bytes or as text: it is decoded a piece at a time from `file` (bytes in memory
 * or the upload's stored chunks), and only the slice being read is kept, with the first 2 MB of
 * text while the header is read. Zips, JSON, files of structure and texts whose quotes make
 * the rows unsure are read whole.
 */
export async function readUploadInSteps(
  file: Uint8Array | ByteSource,
  options: ReadOptions = {},
  sliceChars = SLICE_CHARS,
  sink?: EntrySink,
  problemSink?: ProblemSink,
): Promise<ReadImportFile> {
  // Problems go to their sink only with the entries to theirs (the upload keeps them all).
  const problemsTo = sink ? problemSink : undefined;
  // Problems handed to their sink so far: a whole read after some slices skips them.
  let problemsSunk = 0;
  const readWhole = (
    bytes: Uint8Array,
    options: ReadOptions,
    sink: EntrySink | undefined,
    sunk = 0,
  ) =>
    readWholeFile(
      bytes,
      options,
      sink,
      sunk,
      problemsTo && ((problems) => problemsTo(problems.slice(problemsSunk))),
    );
  const drain = (problems: RowProblem[]) => {
    if (!problemsTo || problems.length === 0) return;
    problemsSunk += problems.length;
    problemsTo(problems.splice(0));
  };
  const source = isByteSource(file) ? file : memorySource(file);
  const whole = async () => (isByteSource(file) ? wholeBytes(source) : file);
  const head = await firstBytes(source.pieces, 4);
  if (ZIP_MARK.every((b, i) => head[i] === b) || (await sourceStartsLikeJson(source)))
    return readWhole(await whole(), options, sink);
  const surveyed = source.surveyed ?? (await surveyEncoding(source.pieces, pauseForOthers));
  if (!surveyed.ok) return { ok: false, error: 'unreadable_file', message: surveyed.message };
  const { encoding, label } = surveyed;
  const open = () => new TextWindow(textPieces(source.pieces, label));
  const first = open();
  await first.fill(DIALECT_CHARS);
  await pauseForOthers();
  const header = csvRows(first.text, 1)[0];
  const dialect = dialectOf(first.text);
  if (!header || !dialect || header.line !== 1) return readWhole(await whole(), options, sink);
  const layout = togglLayout(header.cells);
  const other = 'missing' in layout ? csvSourceOf(header.cells, options) : null;
  // Neither Toggl nor a part-2 source: a file of structure, or one answered with an error.
  if ('missing' in layout && !other) return readWhole(await whole(), options, sink);
  // The header's own end: the first slice starts after it.
  const headerEnd = await first.sliceEnd(0, 1, dialect);
  if (headerEnd === null || csvRows(first.text.slice(0, headerEnd)).length !== 1)
    return readWhole(await whole(), options, sink);
  const headerLines = newlinesBefore(first.text, headerEnd);
  const width = header.cells.length;
  // Entries handed to the sink so far.
  let sunk = 0;
  let unused: TextWindow | null = first;
  /**
   * One pass over the rows after the header, a slice at a time with a pause after each, as
   * eachCsvRow hands them over; the entries `reader` read go to the sink after each slice.
   * False when a quote makes the rows unsure: the file is then read whole. The text before the
   * slice being read is dropped after each slice, so positions are the window's.
   */
  const eachRow = async (
    visit: (row: CsvRow) => void,
    entries: ImportEntry[] | null,
    problems: RowProblem[] | null = null,
  ): Promise<boolean> => {
    const text = unused ?? open();
    unused = null;
    await text.fill(headerEnd + 1);
    text.drop(headerEnd);
    let from = 0;
    // As if the header had just been handed over (its newlines counted already).
    const state: SliceState = { previous: 0, counted: 0, lines: headerLines };
    for (;;) {
      await text.fill(from + sliceChars + 1);
      if (from >= text.text.length) break;
      const end = await text.sliceEnd(from, sliceChars, dialect);
      if (end === null) return false;
      eachSliceRow(text.text, from, end, dialect, state, visit);
      from = end;
      // Nothing before the last row handed over is looked at again.
      const done = Math.min(from, state.previous, state.counted);
      text.drop(done);
      from -= done;
      state.previous -= done;
      state.counted -= done;
      if (sink && entries && entries.length > 0) {
        const some = entries.splice(0);
        sunk += some.length;
        await sink(some);
      }
      if (problems) drain(problems);
      await pauseForOthers();
    }
    return true;
  };
  if (!other) {
    // As readImportRows reads a Toggl file: row by row, the start dates collected on the way.
    const reader = togglFileReader(layout as TogglLayout, width);
    if (!(await eachRow(reader.read, reader.entries, reader.problems)))
      return readWhole(await whole(), options, sink, sunk);
    const answer = reader.answer(encoding);
    if (answer.ok) drain(answer.problems);
    return answer;
  }
  // A part-2 source, as readImportRows reads it: a first pass deciding the date order and the
  // decimal mark, a second reading the rows with them (issue 33).
  const { source: csvSource, bound, columns } = other;
  const survey = sourceSurvey(csvSource, bound, options);
  if (!(await eachRow(survey.visit, null))) return readWhole(await whole(), options, sink);
  const settings = survey.settings();
  const reader = bound.reader(width, settings);
  if (!(await eachRow(reader.read, reader.entries, reader.problems)))
    return readWhole(await whole(), options, sink, sunk);
  drain(reader.problems);
  return {
    ok: true,
    encoding,
    source: csvSource.source,
    sourceName: csvSource.name,
    entries: reader.entries,
    problems: reader.problems,
    ...settings,
    ...(columns ? { columns } : {}),
  };
}
