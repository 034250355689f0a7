import {
  profileProblems,
  type BuyerProfileData,
  type EInvoiceProfile,
  type MissingField,
  type SellerProfileData,
} from './e-invoice-profile';
import { taxIdsOf, type TaxIds } from './invoice-tax';

// Why a draft under its client's e-invoice profile cannot be issued yet (issues 28 and 47). One
// check: the server refuses Issue with it, and the draft's read carries the same answer so the
// screen lists every reason (and keeps Issue off) before anyone confirms anything.

const profileNames: Record<EInvoiceProfile, string> = {
  en16931: 'an EN 16931 e-invoice',
  peppol: 'a Peppol invoice',
  xrechnung: 'an XRechnung',
};

/** Why a draft cannot be issued: one sentence, and each field with what to do about it. */
export interface IssueRefusal {
  message: string;
  fields: Record<string, string>;
}

/**
 * EN 16931 (BR-S-02): an invoice that charges tax names the seller's VAT or tax number. The
 * e-invoice download asks the same (src/server/invoices/e-invoice.ts `eInvoiceProblem`).
 */
export const lacksSellerTaxId = (taxPercent: number, seller: TaxIds) => {
  const ids = taxIdsOf(seller);
  return taxPercent > 0 && !ids.vat && !ids.registration;
};

/**
 * What stops a draft for a client under `profile` from being issued, or null when nothing does.
 * Plain EN 16931 stops nothing (its e-invoice is an extra, completed after issuing); Peppol and
 * XRechnung need their fields, and a taxed invoice the seller's VAT or tax number, since an
 * invoice that could not be sent under them is not issued.
 */
export function issueRefusalOf(
  profile: EInvoiceProfile,
  seller: SellerProfileData & TaxIds,
  buyer: BuyerProfileData,
  references: { buyerReference: string; orderReference: string },
  taxPercent: number,
): IssueRefusal | null {
  if (profile === 'en16931') return null;
  const missing: MissingField[] = profileProblems(profile, seller, buyer, references);
  if (lacksSellerTaxId(taxPercent, seller))
    missing.push({
      field: 'seller.taxNumber',
      where: 'invoice settings',
      message:
        'Your VAT or tax number, as this invoice charges tax: add it in Account setting → Invoices',
    });
  if (missing.length === 0) return null;
  return {
    message: `This invoice cannot be issued as ${profileNames[profile]} yet. ${missing.map((m) => m.message).join('. ')}.`,
    fields: Object.fromEntries(missing.map((m) => [m.field, m.message])),
  };
}
