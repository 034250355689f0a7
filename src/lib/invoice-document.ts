import type { EInvoiceProfile } from './e-invoice-profile';
import type { ComposedTotals, DraftLayout, InvoicePeriod } from './invoice-lines';

// What an invoice says, as stored with it and read by its screens, PDF and e-invoice.

export type InvoiceLine = ComposedTotals['lines'][number];

export interface InvoiceParty {
  name: string;
  address: string;
  /** Any tax or company registration number that is not a VAT number, e.g. a GSTIN. */
  taxNumber: string;
  /** A VAT number with its country prefix (EN 16931 BT-31 / BT-48); absent before issue 27. */
  vatNumber?: string;
  /** ISO 3166-1 alpha-2, which an e-invoice needs for both parties. */
  country?: string;
  /** The logo (src/server/invoices/logos.ts) the seller had when the invoice was issued. */
  logoId?: string;
  /** Issue 28: the rest of a structured address (street lines are `address`). */
  city?: string;
  postCode?: string;
  /** BT-34 / BT-49 and its scheme (EAS code), e.g. 0208. */
  electronicAddress?: string;
  electronicAddressScheme?: string;
}

/** What only the seller's copy holds (issue 28): its contact and how to pay it. */
export interface SellerDetails {
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  iban?: string;
  bic?: string;
  paymentInstructions?: string;
}

export interface InvoiceDocument extends ComposedTotals {
  /**
   * The days the draft was made from on Uninvoiced: which logs it took, never what it states
   * (that is `period`, issue 47).
   */
  from: string;
  to: string;
  /**
   * The period the invoice states (EN 16931 BT-73 / BT-74, "Work from … to …"): the one set on
   * the draft (`layout.period`), else the first and last day of its logs, else `from`–`to` when
   * it holds no log. Recomputed with its lines while a draft, frozen when issued. Documents
   * stored before issue 47 lack it and read as storedDocument says.
   */
  period: InvoicePeriod;
  /** The first and last day of the logs it holds; absent when it holds none (issue 47). */
  logPeriod?: InvoicePeriod;
  currency: string;
  layout: DraftLayout;
  logIds: string[];
  /** Copies made when issued, so later renames or new rates never change an issued invoice. */
  seller?: InvoiceParty & SellerDetails;
  buyer?: InvoiceParty & { email: string };
  /** The e-invoice profile its client had when it was issued; absent is EN 16931 (issue 28). */
  profile?: EInvoiceProfile;
  /** The draft's note, as it was when issued. */
  note?: string;
}

/** Whether some of an invoice's logs fall outside the period set on it (issue 47). */
export const logsOutsidePeriod = (doc: Pick<InvoiceDocument, 'period' | 'logPeriod'>) =>
  doc.logPeriod !== undefined &&
  (doc.logPeriod.start < doc.period.start || doc.logPeriod.end > doc.period.end);

/** The post code and city of a party, as a line under its street: '10117 Berlin', or ''. */
export const placeLine = (party: Pick<InvoiceParty, 'city' | 'postCode'>) =>
  [party.postCode?.trim(), party.city?.trim()].filter(Boolean).join(' ');

/** The buyer's references a document carries, as one line, or '' (issue 28). */
export function referencesLine(layout: Pick<DraftLayout, 'buyerReference' | 'orderReference'>) {
  return [
    layout.buyerReference ? `Buyer reference: ${layout.buyerReference}` : '',
    layout.orderReference ? `Order number: ${layout.orderReference}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
