import { sql } from 'drizzle-orm';
import { counterModes, type CounterMode } from '../../lib/invoice-number';
import { rows, type Runner } from '../sync/records';

/** A workspace's invoicing details (Account setting → Invoices, issue 14). */
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

/** What is read back: the settings and the logo uploaded for them ('' for none). */
export interface StoredInvoiceSettings extends InvoiceSettings {
  logoId: string;
}

/** Until an Admin says otherwise: INR, `{YYYY}-{SEQ:4}` starting again each year, 8 days (our Terms). */
export const defaultInvoiceSettings: InvoiceSettings = {
  companyName: '',
  address: '',
  taxNumber: '',
  vatNumber: '',
  country: 'IN',
  currency: 'INR',
  numberPattern: '{YYYY}-{SEQ:4}',
  counter: 'yearly',
  paymentTermsDays: 8,
  note: '',
  city: '',
  postCode: '',
  electronicAddress: '',
  electronicAddressScheme: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  iban: '',
  bic: '',
  paymentInstructions: '',
};

/** The workspace's settings, each missing or odd field read as its default. */
export async function invoiceSettingsOf(runner: Runner, workspaceId: string) {
  const [row] = await rows<{ name: string; settings: Partial<Record<string, unknown>> | null }>(
    runner,
    sql`SELECT name, invoice_settings AS settings FROM workspaces WHERE id = ${workspaceId}`,
  );
  const stored = row?.settings ?? {};
  const text = (key: keyof InvoiceSettings) => {
    const value = stored[key];
    return typeof value === 'string' ? value : String(defaultInvoiceSettings[key]);
  };
  const counter =
    counterModes.find((m) => m === stored['counter']) ?? defaultInvoiceSettings.counter;
  const terms = stored['paymentTermsDays'];
  return {
    workspaceName: row?.name ?? '',
    settings: {
      companyName: text('companyName'),
      address: text('address'),
      taxNumber: text('taxNumber'),
      vatNumber: text('vatNumber'),
      country: text('country'),
      currency: text('currency'),
      numberPattern: text('numberPattern'),
      counter,
      paymentTermsDays:
        typeof terms === 'number' && Number.isInteger(terms) && terms >= 0 && terms <= 365
          ? terms
          : defaultInvoiceSettings.paymentTermsDays,
      note: text('note'),
      city: text('city'),
      postCode: text('postCode'),
      electronicAddress: text('electronicAddress'),
      electronicAddressScheme: text('electronicAddressScheme'),
      contactName: text('contactName'),
      contactPhone: text('contactPhone'),
      contactEmail: text('contactEmail'),
      iban: text('iban'),
      bic: text('bic'),
      paymentInstructions: text('paymentInstructions'),
      logoId: typeof stored['logoId'] === 'string' ? stored['logoId'] : '',
    } satisfies StoredInvoiceSettings,
  };
}

/** Stores the workspace's invoicing details (validated by the caller); the logo stays. */
export async function saveInvoiceSettings(
  runner: Runner,
  workspaceId: string,
  settings: InvoiceSettings | { logoId: string },
): Promise<void> {
  await runner.execute(
    sql`UPDATE workspaces SET invoice_settings = invoice_settings || ${JSON.stringify(settings)}::jsonb WHERE id = ${workspaceId}`,
  );
}
