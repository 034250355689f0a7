import type { EInvoiceProfile } from './e-invoice-profile';
import type { ComposedTotals, DraftLayout } from './invoice-lines';

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
  from: string;
  to: string;
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
