import { formatDay } from '../../lib/day';
import { quantityText, roundingNote } from '../../lib/invoice-lines';
import { settlementText, type Settlement } from '../../lib/invoice-settlement';
import { taxTreatmentText } from '../../lib/invoice-tax';
import { formatMoney } from '../../lib/money';
import { newPdf, type Paper } from '../pdf/pdf-document';
import type { InvoiceDocument } from './document';
import {
  placeLine,
  referencesLine,
  type InvoiceParty,
  type SellerDetails,
} from '../../lib/invoice-document';

/** What the PDF of an invoice needs besides its document. */
export interface InvoiceForPdf {
  number: string | null;
  status: 'draft' | 'issued' | 'void';
  issueDate: string | null;
  dueDate: string | null;
  clientName: string;
  document: InvoiceDocument;
  /** What became of the money paid on it, once voided (issue 27). */
  settlement?: Settlement | null;
  /** Its payments: a void invoice and its credit note list what was paid before the void. */
  payments?: readonly { paidOn: string; amountMinor: number; note: string }[];
}

/** How to pay, as the seller's copy says it (issue 28): its account and bank, or its words. */
function paymentText(seller: SellerDetails | undefined): string {
  if (!seller) return '';
  const account = seller.iban
    ? `Pay to account ${seller.iban}${seller.bic ? ` (BIC ${seller.bic})` : ''}.`
    : '';
  return [account, seller.paymentInstructions ?? ''].filter(Boolean).join(' ');
}

/**
 * An invoice as a PDF with selectable text: seller and client, number and dates, a line per
 * project with hours and amount, tax and total in the invoice's currency. Drafts and void
 * invoices say so across the top.
 */
export function invoicePdf(
  invoice: InvoiceForPdf,
  paper: Paper,
  logo: Buffer | null = null,
  credit: { number: string; issuedOn: string } | null = null,
): Promise<Buffer> {
  const doc = invoice.document;
  const title = credit
    ? `Credit note ${credit.number}`
    : invoice.number
      ? `Invoice ${invoice.number}`
      : `Draft invoice for ${invoice.clientName}`;
  const { pdf, bytes } = newPdf(paper, { Title: title, Author: doc.seller?.name ?? '' });
  // A credit note is the invoice with every amount the other way.
  const money = (minor: number) => formatMoney(credit ? -minor : minor, doc.currency || 'INR');
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  if (logo) {
    // Top right, at most 140 × 60 pt, its proportions kept; the title starts beside it.
    const top = pdf.y;
    pdf.image(logo, left + width - 140, top, { fit: [140, 60], align: 'right' });
    pdf.y = top;
  }
  if (invoice.status !== 'issued' && !credit)
    pdf
      .font('bold')
      .fontSize(11)
      .fillColor('#b91c1c')
      .text(
        invoice.status === 'void' ? 'VOID: this invoice was cancelled.' : 'DRAFT: not issued yet.',
      )
      .fillColor('black');
  pdf.font('bold').fontSize(18).text(title);
  pdf.font('regular').fontSize(10);
  if (credit) {
    pdf.text(`Issued ${formatDay(credit.issuedOn)}`);
    pdf.text(
      `Cancels invoice ${invoice.number ?? ''} of ${formatDay(invoice.issueDate ?? '')} in full.`,
    );
  } else {
    if (invoice.issueDate) pdf.text(`Issued ${formatDay(invoice.issueDate)}`);
    if (invoice.dueDate) pdf.text(`Due ${formatDay(invoice.dueDate)}`);
  }
  pdf.text(`Work from ${formatDay(doc.period.start)} to ${formatDay(doc.period.end)}`);
  const references = referencesLine(doc.layout);
  if (references) pdf.text(references);
  pdf.moveDown();

  const top = pdf.y;
  const party = (x: number, heading: string, p: InvoiceParty | undefined, fallback: string) => {
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor('#475569')
      .text(heading, x, top, { width: width / 2 - 10 });
    pdf
      .fillColor('black')
      .font('bold')
      .fontSize(10)
      .text(p?.name || fallback, { width: width / 2 - 10 });
    pdf.font('regular');
    if (p?.address) pdf.text(p.address, { width: width / 2 - 10 });
    if (p && placeLine(p)) pdf.text(placeLine(p), { width: width / 2 - 10 });
    if (p?.vatNumber) pdf.text(`VAT number: ${p.vatNumber}`, { width: width / 2 - 10 });
    if (p?.taxNumber) pdf.text(`Tax number: ${p.taxNumber}`, { width: width / 2 - 10 });
    return pdf.y;
  };
  const bottom = Math.max(
    party(left, 'From', doc.seller, ''),
    party(left + width / 2, 'Bill to', doc.buyer, invoice.clientName),
  );
  pdf.x = left;
  pdf.y = bottom + 16;

  const qtyWidth = 70;
  const rateWidth = 95;
  const amountWidth = 100;
  const descWidth = width - qtyWidth - rateWidth - amountWidth;
  const row = (cells: [string, string, string, string], font: 'regular' | 'bold') => {
    pdf.font(font).fontSize(10);
    const y = pdf.y;
    const height =
      Math.max(pdf.heightOfString(cells[0], { width: descWidth - 6 }), pdf.currentLineHeight()) + 4;
    if (y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
    const at = pdf.y;
    pdf.text(cells[0], left, at, { width: descWidth - 6 });
    pdf.text(cells[1], left + descWidth, at, { width: qtyWidth - 6, align: 'right' });
    pdf.text(cells[2], left + descWidth + qtyWidth, at, { width: rateWidth - 6, align: 'right' });
    pdf.text(cells[3], left + descWidth + qtyWidth + rateWidth, at, {
      width: amountWidth,
      align: 'right',
    });
    pdf.x = left;
    pdf.y = at + height;
  };
  const rule = () =>
    pdf
      .moveTo(left, pdf.y - 2)
      .lineTo(left + width, pdf.y - 2)
      .strokeColor('#cbd5e1')
      .stroke();

  row(['Description', 'Quantity', 'Rate', 'Amount'], 'bold');
  rule();
  for (const line of doc.lines)
    row(
      [line.description, quantityText(line), money(line.unitMinor), money(line.amountMinor)],
      'regular',
    );
  rule();
  row(['Subtotal', '', '', money(doc.subtotalMinor)], 'regular');
  if (doc.discountMinor > 0)
    row([`Discount ${doc.discountPercent} %`, '', '', money(-doc.discountMinor)], 'regular');
  for (const tax of doc.taxes)
    row([`${tax.name} ${tax.percent} %`, '', '', money(tax.amountMinor)], 'regular');
  row(['Total', '', '', money(doc.totalMinor)], 'bold');
  const rounded = roundingNote(doc, doc.layout.hoursRounding);
  if (rounded) {
    pdf.moveDown(0.5);
    pdf.font('regular').fontSize(10).text(rounded, left, pdf.y, { width });
  }
  const paidBefore = invoice.status === 'void' ? (invoice.payments ?? []) : [];
  if (paidBefore.length) {
    pdf.moveDown(0.5);
    pdf.font('bold').fontSize(10).text('Paid before it was voided', left, pdf.y, { width });
    pdf.font('regular');
    for (const p of paidBefore)
      pdf.text(
        `${formatDay(p.paidOn)}: ${formatMoney(p.amountMinor, doc.currency || 'INR')}${p.note ? ` (${p.note})` : ''}`,
        left,
        pdf.y,
        { width },
      );
  }
  if (invoice.settlement) {
    pdf.moveDown(0.5);
    pdf
      .font('bold')
      .fontSize(10)
      .text(
        settlementText(invoice.settlement, { ...invoice, currency: doc.currency }),
        left,
        pdf.y,
        { width },
      );
  }
  const payTo = paymentText(doc.seller);
  if (payTo && !credit) {
    pdf.moveDown(0.5);
    pdf.font('regular').fontSize(10).text(payTo, left, pdf.y, { width });
  }
  const treatment = taxTreatmentText(doc);
  if (treatment) {
    pdf.moveDown(0.5);
    pdf.font('regular').fontSize(10).text(treatment, left, pdf.y, { width });
  }
  if (doc.note) {
    pdf.moveDown();
    pdf.font('regular').fontSize(9).text(doc.note, left, pdf.y, { width });
  }
  pdf.end();
  return bytes;
}
