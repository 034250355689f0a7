import { sql } from 'drizzle-orm';
import { counterModes } from '../../lib/invoice-number';
import type { InvoiceSettings } from '../../lib/invoice-settings';
import { rows, type Runner } from '../sync/records';
import { workspaceCurrency, workspaceDefaults } from '../../lib/workspace-defaults';

export type { InvoiceSettings } from '../../lib/invoice-settings';

/** What is read back: the settings and the logo uploaded for them ('' for none). */
export interface StoredInvoiceSettings extends InvoiceSettings {
  logoId: string;
}

/**
 * Until an Admin says otherwise: `{YYYY}-{SEQ:4}` starting again each year, 8 days (our Terms);
 * the country and currency come from the workspace's time zone (issue 47), India and INR where
 * it says none.
 */
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
  const [row] = await rows<{
    name: string;
    settings: Partial<Record<string, unknown>> | null;
    time_zone: string;
  }>(
    runner,
    sql`SELECT name, invoice_settings AS settings, time_zone FROM workspaces WHERE id = ${workspaceId}`,
  );
  const stored = row?.settings ?? {};
  const zone = row?.time_zone ?? 'UTC';
  const defaults: InvoiceSettings = {
    ...defaultInvoiceSettings,
    country: workspaceDefaults(zone).country,
    currency: workspaceCurrency(stored, zone),
  };
  const text = (key: keyof InvoiceSettings) => {
    const value = stored[key];
    return typeof value === 'string' ? value : String(defaults[key]);
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
