import { reportCsv } from '../../../lib/report-csv';
import { tableCsv } from '../../../lib/table-csv';
import type { Paper } from '../../pdf/pdf-document';
import { tablePdf } from '../tables/table-pdf';
import { aboutSheet, tableSheet } from '../tables/table-xlsx';
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
