import { formatDuration } from '../../../lib/duration';
import { newPdf, type Paper } from '../../pdf/pdf-document';
import { formatMoney } from '../../../lib/money';
import type { ReportTotals } from '../../../lib/report-spec';
import { readableGroups, type ReportDocument } from './report-document';

// The detailed report as a PDF people print or forward: the workspace, the dates and the filter
// on top, then a table that repeats its heading on each page (fonts: src/server/pdf).

export type { Paper };

interface Column {
  heading: string;
  width: number;
  value: (t: ReportTotals) => string;
}

function figureColumns(withAmounts: boolean, currency: string): Column[] {
  const money = (minor: number | null) => (minor === null ? '' : formatMoney(minor, currency));
  return [
    { heading: 'Hours', width: 48, value: (t) => formatDuration(t.seconds) },
    { heading: 'Billed hours', width: 52, value: (t) => formatDuration(t.billableSeconds) },
    ...(withAmounts
      ? [
          {
            heading: 'Billable amount',
            width: 70,
            value: (t: ReportTotals) => money(t.billableMinor),
          },
          { heading: 'Labour cost', width: 66, value: (t: ReportTotals) => money(t.costMinor) },
          { heading: 'Profit', width: 66, value: (t: ReportTotals) => money(t.profitMinor) },
        ]
      : []),
    { heading: 'Expenses', width: 62, value: (t) => money(t.expensesMinor) },
  ];
}

interface Line {
  label: string;
  depth: number;
  totals: ReportTotals;
  strong: boolean;
  total?: boolean;
}

function linesOf(doc: ReportDocument): Line[] {
  const lines: Line[] = [];
  for (const g of readableGroups(doc)) {
    lines.push({ label: g.label, depth: 0, totals: g.totals, strong: Boolean(g.children) });
    for (const c of g.children ?? [])
      lines.push({ label: c.label, depth: 1, totals: c.totals, strong: false });
  }
  lines.push({ label: 'Total', depth: 0, totals: doc.report.totals, strong: true, total: true });
  return lines;
}

/** The PDF of `doc` on `paper`, as bytes. */
export function reportPdf(doc: ReportDocument, paper: Paper): Promise<Buffer> {
  const { pdf, bytes: done } = newPdf(paper, {
    Title: `Detailed report, ${doc.range}`,
    Author: doc.workspaceName,
  });

  const left = pdf.page.margins.left;
  const usable = pdf.page.width - left - pdf.page.margins.right;
  const figures = figureColumns(doc.withAmounts, doc.currency);
  const labelWidth = usable - figures.reduce((sum, c) => sum + c.width, 0);
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;

  pdf.font('bold').fontSize(16).text('Detailed report');
  pdf
    .font('regular')
    .fontSize(10)
    .text(doc.workspaceName || 'Workspace');
  pdf.text(doc.range);
  pdf.fontSize(9).fillColor('#475569');
  for (const line of doc.filterLines) pdf.text(line, { width: usable });
  pdf.fillColor('black').moveDown();

  const row = (label: string, cells: string[], font: 'regular' | 'bold', indent = 0) => {
    pdf.font(font).fontSize(8.5);
    const height =
      Math.max(
        pdf.heightOfString(label, { width: labelWidth - indent - 4 }),
        pdf.currentLineHeight(),
      ) + 4;
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      heading();
      pdf.font(font).fontSize(8.5);
    }
    const y = pdf.y;
    pdf.text(label, left + indent, y, { width: labelWidth - indent - 4 });
    let x = left + labelWidth;
    figures.forEach((column, i) => {
      pdf.text(cells[i] ?? '', x, y, { width: column.width - 2, align: 'right' });
      x += column.width;
    });
    pdf.x = left;
    pdf.y = y + height;
  };
  const rule = () =>
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + usable, pdf.y - 2)
      .strokeColor('#cbd5e1')
      .stroke();
  const heading = () => {
    row(
      doc.levelHeadings.join(' / ') || 'All logs',
      figures.map((c) => c.heading),
      'bold',
    );
    rule();
  };

  heading();
  for (const line of linesOf(doc)) {
    if (line.total) rule();
    row(
      line.label,
      figures.map((c) => c.value(line.totals)),
      line.strong ? 'bold' : 'regular',
      line.depth * 12,
    );
  }
  pdf.end();
  return done;
}
