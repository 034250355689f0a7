import { createRequire } from 'node:module';
import type * as EInvoiceEu from '@e-invoice-eu/core';
import type { Invoice as UblData, InvoiceService as Service } from '@e-invoice-eu/core';

// @e-invoice-eu/core as this app uses it: one shared service, with the corrections EN 16931 and
// the XSDs need made to what it writes (issue 27), and text escaped so it survives its writer.

// Its ES module build imports paths Node cannot resolve (`ajv/dist/2019`); the CommonJS build
// loads everywhere, so it is required rather than imported.
const require = createRequire(import.meta.url);

/** The parts of the library's format services this module adjusts (not in its typings). */
interface FormatService {
  patchSchema(schema: { properties: Record<string, unknown> }): void;
  generate(invoice: UblData, options: unknown): Promise<string | Uint8Array>;
  postProcess?: (cii: Record<string, unknown>) => void;
}
interface FormatFactory {
  createFormatService(format: string, logger: unknown): FormatService;
}

/**
 * The corrections to what the library writes, made on each format service it creates:
 * - CII (inside Factur-X) must hold `ram:ApplicableHeaderTradeDelivery`, even empty, between the
 *   agreement and the settlement (both XSDs); the library writes it only for a delivery.
 * - The buyer's electronic address (BT-49) is optional in EN 16931; the library makes it
 *   required, so a client without an email address could not have an e-invoice.
 * - A credit note's reference to the invoice it cancels (BT-25, BT-26) is read from the wrong
 *   place by the library's CII mapping; it is written here from the UBL data.
 * - CII writes several notes as one `ram:IncludedNote` with a `ram:Content` each; the CII XSDs
 *   allow one Content per IncludedNote, so each note becomes its own.
 * A service is made for one document, so what it was given is kept with it.
 */
function adjust(format: FormatService): FormatService {
  let given: UblData | null = null;
  const generateOne = format.generate.bind(format);
  format.generate = (invoice, options) => {
    given = invoice;
    return generateOne(invoice, options);
  };
  const patchSchema = format.patchSchema.bind(format);
  format.patchSchema = (schema) => {
    patchSchema(schema);
    const ubl = schema.properties['ubl:Invoice'] as
      | { properties: Record<string, { properties: Record<string, { required?: string[] }> }> }
      | undefined;
    const party = ubl?.properties['cac:AccountingCustomerParty']?.properties['cac:Party'];
    if (party?.required) party.required = party.required.filter((k) => k !== 'cbc:EndpointID');
  };
  const postProcess = format.postProcess?.bind(format);
  if (postProcess)
    format.postProcess = (cii) => {
      postProcess(cii);
      const root = cii['rsm:CrossIndustryInvoice'] as Record<string, unknown> | undefined;
      const trade = root?.['rsm:SupplyChainTradeTransaction'] as
        Record<string, unknown> | undefined;
      if (!root || !trade) return;
      separateNotes(root);
      sellerIdentifier(trade);
      invoiceReference(trade, given);
      if ('ram:ApplicableHeaderTradeDelivery' in trade) return;
      // Key order is element order: the delivery goes right before the settlement.
      const ordered: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(trade)) {
        if (key === 'ram:ApplicableHeaderTradeSettlement')
          ordered['ram:ApplicableHeaderTradeDelivery'] = {};
        ordered[key] = value;
      }
      root['rsm:SupplyChainTradeTransaction'] = ordered;
    };
  return format;
}

/** The document's notes (BT-22), one `ram:IncludedNote` each, as the CII XSDs require. */
function separateNotes(root: Record<string, unknown>) {
  const header = root['rsm:ExchangedDocument'] as Record<string, unknown> | undefined;
  const note = header?.['ram:IncludedNote'] as Record<string, unknown> | undefined;
  const contents = note?.['ram:Content'];
  if (!header || !Array.isArray(contents)) return;
  header['ram:IncludedNote'] = contents.map((content: unknown) => ({ 'ram:Content': content }));
}

/**
 * The seller identifier (BT-29) the UBL carries as PartyIdentification, which the library does
 * not carry over into CII: written as the seller's first `ram:ID`, from the same values (its tax
 * registration number, else its electronic address), when the seller has no VAT number.
 */
function sellerIdentifier(trade: Record<string, unknown>) {
  const agreement = trade['ram:ApplicableHeaderTradeAgreement'] as
    Record<string, unknown> | undefined;
  const seller = agreement?.['ram:SellerTradeParty'] as Record<string, unknown> | undefined;
  if (!agreement || !seller || 'ram:ID' in seller) return;
  const registrations = (seller['ram:SpecifiedTaxRegistration'] ?? []) as Record<string, string>[];
  if (registrations.some((r) => r['ram:ID@schemeID'] === 'VA')) return;
  const address = seller['ram:URIUniversalCommunication'] as Record<string, string> | undefined;
  const id =
    registrations.find((r) => r['ram:ID@schemeID'] === 'FC')?.['ram:ID'] ?? address?.['ram:URIID'];
  if (id) agreement['ram:SellerTradeParty'] = { 'ram:ID': id, ...seller };
}

/** BT-25 and BT-26 of a credit note, as CII writes them in the settlement. */
function invoiceReference(trade: Record<string, unknown>, invoice: UblData | null) {
  const refs = (invoice?.['ubl:Invoice'] as Record<string, unknown> | undefined)?.[
    'cac:BillingReference'
  ] as { 'cac:InvoiceDocumentReference': { 'cbc:ID': string; 'cbc:IssueDate'?: string } }[];
  const ref = refs?.[0]?.['cac:InvoiceDocumentReference'];
  const settlement = trade['ram:ApplicableHeaderTradeSettlement'] as
    Record<string, unknown> | undefined;
  if (!ref || !settlement) return;
  settlement['ram:InvoiceReferencedDocument'] = {
    'ram:IssuerAssignedID': ref['cbc:ID'],
    ...(ref['cbc:IssueDate']
      ? {
          'ram:FormattedIssueDateTime': {
            'qdt:DateTimeString': ref['cbc:IssueDate'].replaceAll('-', ''),
            'qdt:DateTimeString@format': '102',
          },
        }
      : {}),
  };
}

let service: Service | null = null;
/** The library's invoice service, made once, with its format services corrected. */
export const invoiceService = () => {
  if (service) return service;
  const { InvoiceService } = require('@e-invoice-eu/core') as typeof EInvoiceEu;
  // Its logger reports schema failures; they become the refusal below, not console noise.
  const made = new InvoiceService({ log: () => {}, warn: () => {}, error: () => {} });
  const factory = (made as unknown as { formatFactoryService: FormatFactory }).formatFactoryService;
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => adjust(create(format, logger));
  service = made;
  return service;
};

/**
 * Text as the library's XML writer must be given it: it reads entities in a value before it
 * escapes it again (so a client called "A &amp; B" came out as "A & B"). Written `&amp;amp;`,
 * each `&` survives both steps and the XML holds exactly the text that was typed. Attribute
 * values (keys with `@`) are codes and identifiers, left as they are.
 */
export function escapeAmpersands<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('&', '&amp;amp;') as T;
  if (Array.isArray(value)) return value.map((v: unknown) => escapeAmpersands(v)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k.includes('@') ? v : escapeAmpersands(v)]),
    ) as T;
  return value;
}
