import { createRequire } from 'node:module';
import type * as EInvoiceEu from '@e-invoice-eu/core';
import type { Invoice as UblData, InvoiceService as Service } from '@e-invoice-eu/core';
import { xmlCharacterProblem } from '../../lib/xml-characters';
import { ciiNote } from './e-invoice-note';
import { infoText, typedText, xmpText } from './e-invoice-text';

// @e-invoice-eu/core as this app uses it: one shared service, with the corrections EN 16931 and
// the XSDs need made to what it writes (issue 27); text is escaped for it in e-invoice-text.ts.

// Its ES module build imports paths Node cannot resolve (`ajv/dist/2019`); the CommonJS build
// loads everywhere, so it is required rather than imported.
const require = createRequire(import.meta.url);

/** The document information of the PDF a Factur-X service writes (pdf-lib's PDFDocument). */
interface PdfInfo {
  getTitle(): string | undefined;
  setTitle(title: string): void;
  getAuthor(): string | undefined;
  setAuthor(author: string): void;
  getSubject(): string | undefined;
  setSubject(subject: string): void;
}

/** The parts of the library's format services this module adjusts (not in its typings). */
interface FormatService {
  patchSchema(schema: { properties: Record<string, unknown> }): void;
  generate(invoice: UblData, options: unknown): Promise<string | Uint8Array>;
  postProcess?: (cii: Record<string, unknown>) => void;
  /** Writes the XML of UBL and CII alike (and so the CII a Factur-X PDF embeds). */
  renderXML(data: unknown): string;
  /** Factur-X only: the PDF's metadata, XMP and document information, from the invoice. */
  createPDFA?: (pdf: PdfInfo, options: unknown, invoice: UblData) => Promise<void>;
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
 * - XML whose text would not read back as characters XML allows is refused, not written.
 * - A Factur-X PDF's metadata (the seller's name, the number) is given the text as typed.
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
  const render = format.renderXML.bind(format);
  format.renderXML = (data) => {
    const xml = render(data);
    // Checked as the parser will decode it, so a reference such as `&#1;` counts as U+0001.
    const problem = xmlCharacterProblem(xml);
    if (problem) throw new Error(`The e-invoice would hold ${problem}, which XML cannot carry`);
    return xml;
  };
  const createPDFA = format.createPDFA?.bind(format);
  if (createPDFA)
    format.createPDFA = (pdf, options, invoice) => metadata(createPDFA, pdf, options, invoice);
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

/**
 * The Factur-X metadata from text as typed: its XMP is XML written by another route than the
 * invoice's (xmpText), and its document information is not XML at all (infoText).
 */
async function metadata(
  createPDFA: NonNullable<FormatService['createPDFA']>,
  pdf: PdfInfo,
  options: unknown,
  invoice: UblData,
) {
  await createPDFA(pdf, options, xmpText(invoice));
  pdf.setTitle(infoText(pdf.getTitle() ?? ''));
  pdf.setAuthor(infoText(pdf.getAuthor() ?? ''));
  pdf.setSubject(infoText(pdf.getSubject() ?? ''));
}

/** The document's notes (BT-22), one `ram:IncludedNote` each, as the CII XSDs require. */
function separateNotes(root: Record<string, unknown>) {
  const header = root['rsm:ExchangedDocument'] as Record<string, unknown> | undefined;
  const note = header?.['ram:IncludedNote'] as Record<string, unknown> | undefined;
  const contents = note?.['ram:Content'];
  if (!header || !Array.isArray(contents)) return;
  header['ram:IncludedNote'] = contents.map((content: unknown) => {
    if (typeof content !== 'string') return { 'ram:Content': content };
    // CII reads no code in a note's text, so it is written as typed, without one (Peppol allows
    // one element in the document's note: a SubjectCode beside it is refused).
    return { 'ram:Content': ciiNote(content, typedText).text };
  });
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
