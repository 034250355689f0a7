import { reportCsv } from '../../../lib/report-csv';
import type { ExportFormat } from './export-query';
import { readableGroups, type ReportDocument } from './report-document';
import { reportPdf, type Paper } from './report-pdf';
import { reportXlsx } from './report-xlsx';

/** `doc` as a file in `format` (the same CSV the screen makes, so both read alike). */
export async function reportFile(
  doc: ReportDocument,
  format: ExportFormat,
  paper: Paper = 'a4',
): Promise<Buffer> {
  if (format === 'xlsx') return reportXlsx(doc);
  if (format === 'pdf') return reportPdf(doc, paper);
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
