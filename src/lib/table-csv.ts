import { toCsv, type CsvColumn } from './csv';
import { formatDuration, formatHours } from './duration';
import { fromMinor } from './money';
import type { Cell, TableColumn, TableDocument, TableRow } from './report-table';

// A report table as CSV: durations as h:mm:ss, hours as decimal hours, money as plain decimals
// headed with the currency, so a spreadsheet sums them.

/** How a cell of `column` reads in a CSV. */
export function csvCell(column: TableColumn, cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  switch (column.type) {
    case 'duration':
      return formatDuration(cell);
    case 'hours':
      return formatHours(cell);
    case 'money':
      return fromMinor(cell).toFixed(2);
    default:
      return cell;
  }
}

/** A column's heading in a CSV or spreadsheet: money names its currency, a share its %. */
export function fileHeading(column: TableColumn, currency: string): string {
  if (column.type === 'money') return `${column.heading} (${currency})`;
  return column.type === 'percent' ? `${column.heading} (%)` : column.heading;
}

/** `doc`'s table as RFC 4180 CSV, one line per row, group and total lines included. */
export function tableCsv(doc: TableDocument): string {
  const columns: CsvColumn<TableRow>[] = doc.columns.map((column, i) => ({
    header: fileHeading(column, doc.currency),
    value: (row) => csvCell(column, row.cells[i] ?? null),
  }));
  return toCsv(columns, doc.rows);
}
