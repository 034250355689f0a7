import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The PDFs Hourmark makes (reports, invoices): DejaVu Sans embedded, only the glyphs used, so ₹,
// € and accented names print the same on every reader; A4 or Letter.

const require = createRequire(import.meta.url);
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type Paper = 'a4' | 'letter';

/**
 * A new document with the fonts 'regular' and 'bold', and a promise of its bytes once ended;
 * landscape for tables too wide for a portrait page.
 */
export function newPdf(
  paper: Paper,
  info: { Title: string; Author: string },
  layout: 'portrait' | 'landscape' = 'portrait',
): { pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const pdf = new PDFDocument({
    size: paper === 'letter' ? 'LETTER' : 'A4',
    layout,
    margin: 40,
    font: REGULAR,
    info: { ...info, Creator: 'Hourmark' },
  });
  pdf.registerFont('regular', REGULAR);
  pdf.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}

/** The page's width in points for `paper` and `layout`, less the 40 pt margins. */
export function usableWidth(paper: Paper, layout: 'portrait' | 'landscape'): number {
  const [short, long] = paper === 'letter' ? [612, 792] : [595.28, 841.89];
  return (layout === 'portrait' ? short : long) - 80;
}
