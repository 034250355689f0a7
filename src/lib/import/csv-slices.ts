import Papa from 'papaparse';
import type { CsvRow } from './csv-rows';

// A large CSV text read in slices of whole rows (issue 32, the upload in steps), so a server can
// pause between slices instead of holding its event loop for the whole file. Each slice is read
// exactly as `eachCsvRow` reads the whole text: the delimiter and line break papaparse guesses
// for the whole file (it looks only at the file's first rows and first megabyte) are guessed
// once and given to every slice, and a slice ends only at a line break outside quotes. Where a
// quote is anything but plain RFC 4180 (a quote inside a quoted cell not doubled, a quote never
// closed), the text cannot be cut safely and the caller reads it whole instead.

/** How papaparse reads the whole text: the guesses it makes from its start. */
export interface CsvDialect {
  delimiter: string;
  newline: string;
}

/** The delimiter and line break papaparse guesses for `text`, or null when it cannot say. */
export function dialectOf(text: string): CsvDialect | null {
  // Papaparse guesses the line break from the first 1 MB and the delimiter from the first 10
  // rows; 2 MB holds both unless a row is very long (then the text is read whole).
  const start = text.slice(0, 2 * 1024 * 1024);
  let rows = 0;
  let dialect: CsvDialect | null = null;
  Papa.parse<string[]>(start, {
    skipEmptyLines: 'greedy',
    preview: 10,
    step: (result) => {
      rows += 1;
      dialect = { delimiter: result.meta.delimiter, newline: result.meta.linebreak };
    },
  });
  if (start.length < text.length && rows < 10) return null;
  const found = dialect as CsvDialect | null;
  return found && found.delimiter.length === 1 && ['\n', '\r\n', '\r'].includes(found.newline)
    ? found
    : null;
}

/**
 * The end of the slice that starts at `from` (a row's start, outside quotes): the first row end
 * at or past `from + size`, or the text's end; null when a quote makes the rows unsure.
 */
export function sliceEnd(
  text: string,
  from: number,
  size: number,
  { delimiter, newline }: CsvDialect,
): number | null {
  const target = from + size;
  const atNewline = (at: number) => text.startsWith(newline, at);
  const fieldStart = (at: number) =>
    at === 0 || text[at - 1] === delimiter || text.endsWith(newline, at) || at === from;
  let at = from;
  for (;;) {
    const nextLine = text.indexOf(newline, at);
    const nextQuote = text.indexOf('"', at);
    if (nextLine === -1 && nextQuote === -1) return text.length;
    if (nextQuote === -1 || (nextLine !== -1 && nextLine < nextQuote)) {
      const end = nextLine + newline.length;
      if (end >= target || end >= text.length) return end;
      at = end;
      continue;
    }
    if (!fieldStart(nextQuote)) {
      // A quote inside an unquoted cell is a character like any other, to papaparse too.
      at = nextQuote + 1;
      continue;
    }
    // A quoted cell: it ends at a quote followed by the delimiter, a line break or the end.
    let inside = nextQuote + 1;
    for (;;) {
      const quote = text.indexOf('"', inside);
      if (quote === -1) return null;
      if (text[quote + 1] === '"') {
        inside = quote + 2;
        continue;
      }
      const after = quote + 1;
      if (after === text.length || text[after] === delimiter || atNewline(after)) {
        at = after;
        break;
      }
      return null;
    }
  }
}

/** Newlines in text[from, to): the lines a slice starts after. */
const newlines = (text: string, from = 0, to = text.length) => {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1))
    count += 1;
  return count;
};

/** Where reading a text in slices is: eachCsvRow's counters, over the whole text. */
export interface SliceState {
  /** Where the last row handed over ended (papaparse's cursor), in the whole text. */
  previous: number;
  /** Up to where newlines were counted. */
  counted: number;
  /** Newlines before `counted`. */
  lines: number;
}

/**
 * Every non-empty row of text[from, to), as `eachCsvRow` hands it over when reading the whole
 * text: the same cells, the same problems, and the same line number, counted as it counts them
 * (from the end of the last row handed over, even when a row of only commas was skipped since).
 */
export function eachSliceRow(
  text: string,
  from: number,
  to: number,
  dialect: CsvDialect,
  state: SliceState,
  visit: (row: CsvRow) => void,
): void {
  Papa.parse<string[]>(text.slice(from, to), {
    skipEmptyLines: 'greedy',
    delimiter: dialect.delimiter,
    newline: dialect.newline as '\n',
    step: (result) => {
      let start = state.previous;
      while (start < text.length && /[\r\n\t ]/.test(text[start] ?? '')) start += 1;
      state.previous = from + result.meta.cursor;
      state.lines += newlines(text, state.counted, start);
      state.counted = start;
      const row: CsvRow = { line: state.lines + 1, cells: result.data };
      const error = result.errors[0];
      if (error)
        row.problem =
          error.code === 'MissingQuotes'
            ? 'A quoted cell is never closed: the file may be cut off.'
            : error.message;
      visit(row);
    },
  });
}
