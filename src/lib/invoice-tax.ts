import { isCountryCode } from './countries';

// Which tax identifier is which, and how an invoice's tax reads under EN 16931 (issue 27). Pure:
// the invoice screen, the PDF and the e-invoice all decide with these, so they never disagree.

/** EU member states as VAT numbers prefix them (Greece writes EL; XI is Northern Ireland). */
const euVatPrefixes = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

/** EU member states as ISO 3166-1 alpha-2 countries. */
const euCountries = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** True for a country in the European Union, e.g. 'DE'. */
export const isEuCountry = (code: string) => euCountries.has(code);

/** A tax number without spaces, dots or dashes, upper case, as identifiers are compared. */
export const compactTaxId = (text: string) => text.replace(/[\s.-]/g, '').toUpperCase();

/**
 * True when `text` is a VAT number as EN 16931 writes one (BT-31, BT-48): it starts with an ISO
 * 3166-1 alpha-2 country code (or EL for Greece), e.g. DE123456789 or GB123456789. An Indian
 * GSTIN (27AAPFU0939F1ZV) starts with digits, so it is a tax registration number instead.
 */
export function isVatNumber(text: string): boolean {
  const id = compactTaxId(text);
  const prefix = id.slice(0, 2);
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(id) && (isCountryCode(prefix) || prefix === 'EL');
}

/** True when `text` is a VAT number of an EU member state (what reverse charge needs). */
export const isEuVatNumber = (text: string) =>
  isVatNumber(text) && euVatPrefixes.has(compactTaxId(text).slice(0, 2));

/** The tax identifiers of a seller or a client, as stored. */
export interface TaxIds {
  /** A VAT number with its country prefix (BT-31 of the seller, BT-48 of the buyer). */
  vatNumber?: string | undefined;
  /** Any other tax or company registration number, such as a GSTIN (BT-32 / BT-47). */
  taxNumber: string;
}

/**
 * The identifiers as an e-invoice writes them: a VAT number only when it has its country prefix;
 * anything else (including a number typed into the VAT field without its prefix) is the
 * registration number.
 */
export function taxIdsOf(party: TaxIds): { vat: string; registration: string } {
  const vat = (party.vatNumber ?? '').trim();
  const other = party.taxNumber.trim();
  if (vat && !isVatNumber(vat)) return { vat: '', registration: other || vat };
  return { vat, registration: other };
}

/** How the tax of an invoice reads: EN 16931's VAT category and, without tax, why. */
export type TaxTreatment =
  | { category: 'S'; percent: number }
  | { category: 'AE'; code: 'VATEX-EU-AE'; reason: string }
  | { category: 'E'; reason: string }
  | { category: 'O'; code: 'VATEX-EU-O'; reason: string };

/** What the PDF and screen print for a reverse-charge invoice. */
export const REVERSE_CHARGE_TEXT = 'Reverse charge: VAT to be accounted for by the recipient';

/**
 * The tax treatment of an invoice with `percent` tax in all between seller and buyer. With tax,
 * standard rate (S). Without: reverse charge (AE) for a client in another EU country with an EU
 * VAT number; not subject to VAT (O) for a seller with no tax number at all; else exempt (E).
 */
export function taxTreatment(
  percent: number,
  seller: TaxIds & { country?: string | undefined },
  buyer: TaxIds & { country?: string | undefined },
): TaxTreatment {
  if (percent > 0) return { category: 'S', percent };
  const sellerIds = taxIdsOf(seller);
  const buyerIds = taxIdsOf(buyer);
  const sellerKnown = Boolean(sellerIds.vat || sellerIds.registration);
  if (!sellerKnown) return { category: 'O', code: 'VATEX-EU-O', reason: 'Not subject to VAT' };
  const buyerCountry = buyer.country ?? '';
  if (
    isEuCountry(buyerCountry) &&
    buyerCountry !== (seller.country ?? '') &&
    isEuVatNumber(buyerIds.vat)
  )
    return { category: 'AE', code: 'VATEX-EU-AE', reason: REVERSE_CHARGE_TEXT };
  return { category: 'E', reason: 'No tax charged on this invoice' };
}

/** The taxes' combined rate of a document, as its one VAT category rate. */
export const combinedPercent = (doc: { taxes: readonly { percent: number }[] }) =>
  doc.taxes.reduce((sum, t) => sum + t.percent, 0);

/**
 * What an issued invoice says under its totals about tax it does not charge, or '' (a draft has
 * no parties yet, and a taxed invoice shows its taxes).
 */
export function taxTreatmentText(doc: {
  taxes: readonly { percent: number }[];
  seller?: (TaxIds & { country?: string | undefined }) | undefined;
  buyer?: (TaxIds & { country?: string | undefined }) | undefined;
}): string {
  if (!doc.seller || !doc.buyer) return '';
  const treatment = taxTreatment(combinedPercent(doc), doc.seller, doc.buyer);
  if (treatment.category === 'AE') return `${treatment.reason} (${treatment.code}).`;
  if (treatment.category === 'O') return `${treatment.reason}.`;
  return '';
}
