import type { CsvRow } from './csv-rows';
import type { ImportEntry, RowProblem } from './entry';
import { shapeProblem, type RowReader } from './source';

// The scaffold of every row reader of part 2 (issue 33): rows with the wrong number of cells or a
// quote never closed are refused before their cells are looked at, the rest are read into an
// entry or a reason, and both are collected with the row's line. Clockify, Harvest, Kimai and
// Any CSV read their rows through it.

/** Reads one well-formed row's cells into an entry, or the reason it cannot be imported. */
export type ReadCells = (cells: readonly string[], line: number) => ImportEntry | string;

export function rowReader(width: number, readCells: ReadCells): RowReader {
  const entries: ImportEntry[] = [];
  const problems: RowProblem[] = [];
  const read = (row: CsvRow): void => {
    const shape = shapeProblem(row, width);
    const outcome = shape ?? readCells(row.cells, row.line);
    if (typeof outcome === 'string') problems.push({ line: row.line, reason: outcome });
    else entries.push(outcome);
  };
  return { entries, problems, read };
}
