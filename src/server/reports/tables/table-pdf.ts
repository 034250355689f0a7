import { formatDay } from '../../../lib/day';
import { formatDuration, formatHours } from '../../../lib/duration';
import { formatMoney } from '../../../lib/money';
import type { Cell, TableColumn, TableDocument } from '../../../lib/report-table';
import { newPdf, usableWidth, type Paper } from '../../pdf/pdf-document';

// A report table as a PDF people print or forward: the title, workspace, dates and filter on
// top, then the table, its heading repeated on each page. Every row is as tall as its tallest
// cell, so a heading or a name that wraps stays inside its own row; a table too wide for a
// portrait page turns the page, and one too wide for that too narrows its columns to fit.

export type { Paper };

/** The table's type size, down to SMALLEST when its columns are narrowed to fit the page. */
const SIZE = 8.5;
const SMALLEST = 5.5;
const PAD = 4;

/** How a cell of `column` reads on paper; `narrow` durations drop their seconds to fit. */
function text(column: TableColumn, cell: Cell, currency: string, narrow = false): string {
  if (cell === null) return '';
  if (typeof cell === 'string')
    return column.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatDay(cell) : cell;
  switch (column.type) {
    case 'duration':
      return formatDuration(cell, narrow ? 'short' : 'clock');
    case 'hours':
      return formatHours(cell);
    case 'money':
      return formatMoney(cell, currency);
    case 'percent':
      return `${cell.toFixed(1)} %`;
    default:
      return String(cell);
  }
}

/** The page's layout for columns `natural` points wide in all, and each column's width. */
export function fit(columns: readonly TableColumn[], paper: Paper) {
  const natural = columns.reduce((sum, c) => sum + c.width, 0);
  const layout = natural > usableWidth(paper, 'portrait') ? 'landscape' : 'portrait';
  const usable = usableWidth(paper, layout);
  const widths = columns.map((c) => (c.width * usable) / natural);
  const size = Math.max(SMALLEST, Math.min(SIZE, (SIZE * usable) / natural));
  return { layout, widths, usable, size } as const;
}

/** The PDF of `doc` on `paper`, as bytes. */
export function tablePdf(doc: TableDocument, paper: Paper): Promise<Buffer> {
  const { layout, widths, usable, size } = fit(doc.columns, paper);
  const { pdf, bytes } = newPdf(
    paper,
    { Title: `${doc.title}, ${doc.range}`, Author: doc.workspaceName },
    layout,
  );
  const left = pdf.page.margins.left;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;

  pdf.font('bold').fontSize(16).text(doc.title, { width: usable });
  pdf
    .font('regular')
    .fontSize(10)
    .text(doc.workspaceName || 'Workspace');
  pdf.text(doc.range);
  pdf.fontSize(9).fillColor('#475569');
  for (const line of doc.filterLines) pdf.text(line, { width: usable });
  pdf.fillColor('black').moveDown();

  const rule = () =>
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + usable, pdf.y - 2)
      .strokeColor('#cbd5e1')
      .stroke();
  const align = (c: TableColumn) => (c.type === 'text' || c.type === 'date' ? 'left' : 'right');
  const row = (cells: string[], font: 'regular' | 'bold', repeatHeading: boolean, span = 1) => {
    pdf.font(font).fontSize(size);
    // A spanning first cell takes the widths of the columns it covers, which stay empty.
    const spanned = widths.map((w, i) =>
      i === 0 ? widths.slice(0, span).reduce((a, b) => a + b, 0) : i < span ? 0 : w,
    );
    const height =
      Math.max(
        pdf.currentLineHeight(),
        ...cells.map((cell, i) =>
          (spanned[i] ?? 0) > 0 ? pdf.heightOfString(cell, { width: (spanned[i] ?? 0) - PAD }) : 0,
        ),
      ) + PAD;
    if (pdf.y + height > bottom()) {
      pdf.addPage();
      if (repeatHeading) heading();
      pdf.font(font).fontSize(size);
    }
    const y = pdf.y;
    let x = left;
    doc.columns.forEach((column, i) => {
      const width = spanned[i] ?? 0;
      if (width > 0) pdf.text(cells[i] ?? '', x, y, { width: width - PAD, align: align(column) });
      x += width;
    });
    pdf.x = left;
    pdf.y = y + height;
  };
  const heading = () => {
    row(
      doc.columns.map((c) => c.heading),
      'bold',
      false,
    );
    rule();
  };

  // A duration column too narrow for '10:00:00' shows hours and minutes only.
  pdf.font('bold').fontSize(size);
  const narrow = widths.map((w) => pdf.widthOfString('10:00:00') > w - PAD);
  heading();
  for (const line of doc.rows) {
    if (line.style === 'total') rule();
    row(
      doc.columns.map((c, i) => text(c, line.cells[i] ?? null, doc.currency, narrow[i])),
      line.style ? 'bold' : 'regular',
      true,
      line.span,
    );
  }
  pdf.end();
  return bytes;
}
