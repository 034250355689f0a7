import writeXlsxFile, { type Cell as XlsxCell, type Row, type Sheet } from 'write-excel-file/node';
import { fileHeading } from '../../../lib/table-csv';
import type { Cell, TableColumn, TableDocument, TableRow } from '../../../lib/report-table';

// A report table as a spreadsheet: figures as numbers (hours as decimal hours, durations as
// elapsed time, money in the workspace's currency, which the headings name), then a sheet
// saying what it shows.

const formats: Partial<Record<TableColumn['type'], string>> = {
  count: '0',
  hours: '0.00',
  // A duration in days, shown as hours, minutes and seconds past 24 (Excel's elapsed time).
  duration: '[h]:mm:ss',
  money: '#,##0.00',
  percent: '0.0',
};

function cellOf(column: TableColumn, cell: Cell, strong: boolean): XlsxCell {
  const weight = strong ? { fontWeight: 'bold' as const } : {};
  if (cell === null) return null;
  if (typeof cell === 'string') return { value: cell, ...weight };
  const value =
    column.type === 'duration'
      ? cell / 86_400
      : column.type === 'hours'
        ? cell / 3600
        : column.type === 'money'
          ? cell / 100
          : cell;
  return { value, type: Number, format: formats[column.type] ?? '0', ...weight };
}

/** `doc`'s table as a sheet named `name`, its heading kept in view. */
export function tableSheet(doc: TableDocument, name: string): Sheet<Buffer> {
  const heading: Row = doc.columns.map((c) => ({
    value: fileHeading(c, doc.currency),
    fontWeight: 'bold' as const,
  }));
  const body: Row[] = doc.rows.map((row: TableRow) =>
    doc.columns.map((c, i) => cellOf(c, row.cells[i] ?? null, row.style !== undefined)),
  );
  return {
    // Sheet names: at most 31 characters, no [ ] : * ? / \ (Excel refuses them).
    sheet: name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31),
    data: [heading, ...body],
    columns: doc.columns.map((c) => ({ width: c.type === 'text' ? 28 : 16 })),
    stickyRowsCount: 1,
  };
}

/** A sheet saying what the workbook shows: the title, the workspace, the dates, the filter. */
export function aboutSheet(doc: TableDocument): Sheet<Buffer> {
  return {
    sheet: 'About',
    data: [
      [{ value: doc.title, fontWeight: 'bold' }],
      ['Workspace', doc.workspaceName],
      ['Dates', doc.range],
      ...doc.filterLines.map((line, i) => [i === 0 ? 'Filter' : '', line]),
    ],
    columns: [{ width: 14 }, { width: 60 }],
  };
}

/** The workbook of `doc`: its table on a sheet named `name`, then About; as .xlsx bytes. */
export async function tableXlsx(doc: TableDocument, name: string): Promise<Buffer> {
  return writeXlsxFile([tableSheet(doc, name), aboutSheet(doc)]).toBuffer();
}
