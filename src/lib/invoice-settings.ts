import type { CounterMode } from './invoice-number';

/**
 * A workspace's invoicing details (Account setting → Invoices, issue 14), as the server keeps
 * them and the settings screen edits them.
 */
export interface InvoiceSettings {
  companyName: string;
  address: string;
  /** Tax registration number that is not a VAT number, e.g. a GSTIN (EN 16931 BT-32). */
  taxNumber: string;
  /** VAT number with its ISO country prefix (BT-31); '' for none. */
  vatNumber: string;
  /** ISO 3166-1 alpha-2 country of the company, which e-invoices need. */
  country: string;
  currency: string;
  numberPattern: string;
  counter: CounterMode;
  paymentTermsDays: number;
  note: string;
  /** Issue 28: what Peppol and XRechnung e-invoices need (src/lib/e-invoice-profile.ts). */
  city: string;
  postCode: string;
  /** BT-34 and its scheme (EAS), e.g. 0208 and a Belgian enterprise number. */
  electronicAddress: string;
  electronicAddressScheme: string;
  /** The seller contact (BG-6). */
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  /** Payment instructions (BG-16): an account (IBAN, or another account number) and its bank. */
  iban: string;
  bic: string;
  /** Another means of payment, in words, when there is no account. */
  paymentInstructions: string;
}
