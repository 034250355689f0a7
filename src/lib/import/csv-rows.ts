import Papa from 'papaparse';

// Splits a file's text into rows of cells with papaparse, remembering the line each row starts
// on, so a row that cannot be imported is named the way a person finds it in a text editor.
// Every cell stays text: nothing is typed or evaluated, so a cell like `=1+2` or `@SUM(A1)` is
// kept as those characters (formula injection is a concern of whoever opens an export, and no
// cell here is ever given to a spreadsheet).

export interface CsvRow {
  /** 1-based line of the file the row starts on (the header is line 1 in a usual file). */
  line: number;
  cells: string[];
  /** Why papaparse could not read the row whole, e.g. a quote left open at the end of the file. */
  problem?: string;
}

const newlines = (text: string, from = 0, to = text.length) => {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1))
    count += 1;
  return count;
};

/**
 * Hands every non-empty row of `text` (or the first `limit`) to `visit`, in order, with its line
 * number; no row is kept here, so a large file's rows need not all be held at once.
 */
export function eachCsvRow(text: string, visit: (row: CsvRow) => void, limit = 0): void {
  let counted = 0;
  let linesBefore = 0;
  let previous = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    // 0 reads every row; the header alone is read first, so junk is refused without parsing it all.
    preview: limit,
    step: (result) => {
      // papaparse's cursor lands after a row, sometimes before its line break and sometimes
      // after it; the row starts at the first character past the previous row that is not a
      // line break or blank (blank lines are skipped), which spaces never move to another line.
      let start = previous;
      while (start < text.length && /[\r\n\t ]/.test(text[start] ?? '')) start += 1;
      previous = result.meta.cursor;
      linesBefore += newlines(text, counted, start);
      counted = start;
      const row: CsvRow = { line: linesBefore + 1, cells: result.data };
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

/** Every non-empty row of `text` (or the first `limit`), in order, with its line number. */
export function csvRows(text: string, limit = 0): CsvRow[] {
  const rows: CsvRow[] = [];
  eachCsvRow(text, (row) => rows.push(row), limit);
  return rows;
}
