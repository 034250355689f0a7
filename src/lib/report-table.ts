// A report as a table a file can hold (issue 30): columns that say what their cells are, rows
// of raw figures (seconds, minor units), group and total lines. The server's CSV, XLSX and PDF
// writers format it, so every report kind is exported the same way.

/** What a column's cells are, which decides how each file writes them. */
export type CellType = 'text' | 'date' | 'count' | 'duration' | 'hours' | 'money' | 'percent';

export interface TableColumn {
  heading: string;
  type: CellType;
  /** The column's width in points on a PDF page before it is fitted; text wraps inside it. */
  width: number;
}

/** A cell: text, or a number (seconds for durations and hours, minor units for money). */
export type Cell = string | number | null;

export interface TableRow {
  cells: Cell[];
  /** A group's heading line or the total, drawn bold and ruled off. */
  style?: 'group' | 'total';
  /** On paper, the first cell runs across this many columns (a group's name over its logs). */
  span?: number;
}

/** A report as a file shows it: its title, whose, which days, and its table. */
export interface TableDocument {
  title: string;
  workspaceName: string;
  /** '1 Nov 2026 – 30 Nov 2026'. */
  range: string;
  /** What narrows it, one line each ('All logs' when nothing does). */
  filterLines: string[];
  /** The workspace's currency (ISO 4217), which every amount is written in. */
  currency: string;
  columns: TableColumn[];
  rows: TableRow[];
}
