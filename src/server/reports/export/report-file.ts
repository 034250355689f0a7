import { reportCsv } from '../../../lib/report-csv';
import { tableCsv } from '../../../lib/table-csv';
import type { Paper } from '../../pdf/pdf-document';
import { tablePdf } from '../tables/table-pdf';
import { aboutSheet, tableSheet, tableXlsx } from '../tables/table-xlsx';
import type { TableDocument } from '../../../lib/report-table';
import { flatEntriesTable, nestedEntriesTable, summaryTable } from './detailed-tables';
import type { ExportFormat } from './export-query';
import { readableGroups, type ReportDocument } from './report-document';
import { reportXlsx } from './report-xlsx';
import writeXlsxFile from 'write-excel-file/node';

/**
 * `doc` as a file in `format`: its entries when it holds them (a spreadsheet also gets the group
 * sums), else its group sums (the same CSV the screen made, so both read alike).
 */
export async function reportFile(
  doc: ReportDocument,
  format: ExportFormat,
  paper: Paper = 'a4',
): Promise<Buffer> {
  if (doc.entries) {
    if (format === 'pdf') return tablePdf(nestedEntriesTable(doc), paper);
    const entries = flatEntriesTable(doc);
    if (format === 'csv') return Buffer.from(tableCsv(entries), 'utf8');
    const sums = summaryTable(doc);
    return writeXlsxFile([
      tableSheet(entries, 'Entries'),
      tableSheet(sums, 'Totals'),
      aboutSheet(entries),
    ]).toBuffer();
  }
  if (format === 'xlsx') return reportXlsx(doc);
  if (format === 'pdf') return tablePdf(summaryTable(doc), paper);
  const [first = 'Group', second = ''] = doc.levelHeadings;
  return Buffer.from(
    reportCsv(
      readableGroups(doc),
      doc.report.totals,
      [first, second],
      doc.withAmounts,
      doc.currency,
    ),
    'utf8',
  );
}

/** A report's table as a file in `format`, its spreadsheet sheet named `sheet`. */
export async function tableFile(
  table: TableDocument,
  format: ExportFormat,
  paper: Paper,
  sheet: string,
): Promise<Buffer> {
  if (format === 'pdf') return tablePdf(table, paper);
  if (format === 'xlsx') return tableXlsx(table, sheet);
  return Buffer.from(tableCsv(table), 'utf8');
}
