import { createRequire } from 'node:module';
import type * as EInvoiceEu from '@e-invoice-eu/core';
import type { Invoice as UblData, InvoiceService as Service } from '@e-invoice-eu/core';
import type { InvoiceDocument, InvoiceParty } from '../../lib/invoice-document';
import { lineAmount, type ComposedLine } from '../../lib/invoice-lines';
import { stripControlCharactersDeep } from '../../lib/storable-text';

// The EN 16931 e-invoice of an issued invoice, as UBL 2.1 (issue 14), for accounting software.
// @e-invoice-eu/core checks the data against its EN 16931 schema and writes the XML; it does not
// check that the sums add up, so the amounts come from the same integer totals as the PDF.

// Its ES module build imports paths Node cannot resolve (`ajv/dist/2019`); the CommonJS build
// loads everywhere, so it is required rather than imported.
const require = createRequire(import.meta.url);
let service: Service | null = null;
const invoiceService = () => {
  const { InvoiceService } = require('@e-invoice-eu/core') as typeof EInvoiceEu;
  // Its logger reports schema failures; they become the refusal below, not console noise.
  service ??= new InvoiceService({ log: () => {}, warn: () => {}, error: () => {} });
  return service;
};

/** An issued invoice as the e-invoice needs it. */
export interface InvoiceForUbl {
  number: string;
  issueDate: string;
  dueDate: string | null;
  document: InvoiceDocument;
  /** The seller's electronic address (BT-34): the email of the Admin who downloads it. */
  sellerEmail: string;
}

export type UblResult = { ok: true; xml: string } | { ok: false; message: string };

/** Why an e-invoice cannot be made yet, in words a person can act on; '' when it can. */
export function eInvoiceProblem(doc: InvoiceDocument): string {
  if (!doc.seller?.country)
    return 'E-invoices need your company’s country: choose it in Account setting → Invoices.';
  if (!doc.buyer?.country)
    return `E-invoices need the client’s country: choose it for ${doc.buyer?.name ?? 'the client'} in Clients.`;
  if (!doc.buyer.email)
    return `E-invoices need the client’s email address: add it for ${doc.buyer.name} in Clients.`;
  return '';
}

const amount = (minor: number) => (minor / 100).toFixed(2);

/** The address as EN 16931 splits it: first line, second line, the rest on one line. */
function address(party: InvoiceParty) {
  const lines = party.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    ...(lines[0] ? { 'cbc:StreetName': lines[0] } : {}),
    ...(lines[1] ? { 'cbc:AdditionalStreetName': lines[1] } : {}),
    ...(lines.length > 2 ? { 'cac:AddressLine': { 'cbc:Line': lines.slice(2).join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.country as never },
  };
}

/**
 * The UBL 2.1 XML of an issued invoice. Its taxes (one, or two such as CGST and SGST) are one
 * standard-rated VAT category at their combined rate, as EN 16931 allows one rate per category;
 * without tax the lines are exempt. The discount is a document-level allowance before tax.
 */
export async function ublInvoice(invoice: InvoiceForUbl): Promise<UblResult> {
  const made = await generate(invoice, { format: 'UBL' });
  return made.ok
    ? { ok: true, xml: typeof made.out === 'string' ? made.out : Buffer.from(made.out).toString() }
    : made;
}

/**
 * A line's price (BT-146), so that quantity × price ÷ base quantity is its amount to the paisa,
 * as validators check. Usually the line's rate; a time line left as logged has its logs' own sum
 * as amount, which its average rate only approaches (EN 16931 prices have two decimals here), so
 * it is priced as its amount per its whole quantity (BT-149).
 */
function price(
  line: Pick<ComposedLine, 'kind' | 'quantity' | 'unitMinor' | 'amountMinor'>,
  currency: string,
) {
  if (line.quantity > 0 && lineAmount(line.quantity, line.unitMinor) === line.amountMinor)
    return { 'cbc:PriceAmount': amount(line.unitMinor), 'cbc:PriceAmount@currencyID': currency };
  return {
    'cbc:PriceAmount': amount(line.amountMinor),
    'cbc:PriceAmount@currencyID': currency,
    ...(line.quantity > 0
      ? {
          'cbc:BaseQuantity': String(line.quantity),
          'cbc:BaseQuantity@unitCode': line.kind === 'time' ? 'HUR' : 'C62',
        }
      : {}),
  };
}

/**
 * The invoice's PDF as Factur-X (EN 16931 profile): the same pages with the invoice's data
 * embedded as factur-x.xml, which accounting software reads instead of the text.
 */
export async function facturX(
  invoice: InvoiceForUbl,
  pdf: Buffer,
): Promise<{ ok: true; pdf: Buffer } | { ok: false; message: string }> {
  const made = await generate(invoice, {
    format: 'Factur-X-EN16931',
    pdf: { buffer: pdf, filename: `invoice-${invoice.number}.pdf`, mimetype: 'application/pdf' },
  });
  return made.ok ? { ok: true, pdf: Buffer.from(made.out) } : made;
}

async function generate(
  invoice: InvoiceForUbl,
  options: { format: string; pdf?: { buffer: Buffer; filename: string; mimetype: string } },
): Promise<{ ok: true; out: string | Uint8Array } | { ok: false; message: string }> {
  const doc = invoice.document;
  const problem = eInvoiceProblem(doc);
  if (problem) return { ok: false, message: problem };
  const seller = doc.seller!;
  const buyer = doc.buyer!;
  const currency = doc.currency as never;
  const money = (minor: number) => ({ value: amount(minor), currency });
  const percent = doc.taxes.reduce((sum, t) => sum + t.percent, 0);
  const category =
    percent > 0
      ? {
          'cbc:ID': 'S' as const,
          'cbc:Percent': String(percent),
          'cac:TaxScheme': { 'cbc:ID': 'VAT' },
        }
      : { 'cbc:ID': 'E' as const, 'cbc:Percent': '0', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  const withCurrency = <K extends string>(key: K, minor: number) =>
    ({ [key]: money(minor).value, [`${key}@currencyID`]: currency }) as Record<string, string>;
  const data = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issueDate,
      ...(invoice.dueDate ? { 'cbc:DueDate': invoice.dueDate } : {}),
      'cbc:InvoiceTypeCode': '380',
      ...(doc.note ? { 'cbc:Note': [doc.note] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      'cac:InvoicePeriod': { 'cbc:StartDate': doc.from, 'cbc:EndDate': doc.to },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': invoice.sellerEmail,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': address(seller),
          ...(seller.taxNumber
            ? {
                'cac:PartyTaxScheme': [
                  { 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
                ],
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyer.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': address(buyer),
          ...(buyer.taxNumber
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyer.taxNumber,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
          ...(buyer.email ? { 'cac:Contact': { 'cbc:ElectronicMail': buyer.email } } : {}),
        },
      },
      ...(doc.discountMinor > 0
        ? {
            'cac:AllowanceCharge': [
              {
                'cbc:ChargeIndicator': 'false',
                'cbc:AllowanceChargeReason': 'Discount',
                'cbc:MultiplierFactorNumeric': String(doc.discountPercent),
                ...withCurrency('cbc:Amount', doc.discountMinor),
                ...withCurrency('cbc:BaseAmount', doc.subtotalMinor),
                'cac:TaxCategory': category,
              },
            ],
          }
        : {}),
      'cac:TaxTotal': [
        {
          ...withCurrency('cbc:TaxAmount', doc.taxMinor),
          'cac:TaxSubtotal': [
            {
              ...withCurrency('cbc:TaxableAmount', doc.taxableMinor),
              ...withCurrency('cbc:TaxAmount', doc.taxMinor),
              'cac:TaxCategory':
                percent > 0
                  ? category
                  : { ...category, 'cbc:TaxExemptionReason': 'No tax charged on this invoice' },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        ...withCurrency('cbc:LineExtensionAmount', doc.subtotalMinor),
        ...withCurrency('cbc:TaxExclusiveAmount', doc.taxableMinor),
        ...withCurrency('cbc:TaxInclusiveAmount', doc.totalMinor),
        ...(doc.discountMinor > 0
          ? withCurrency('cbc:AllowanceTotalAmount', doc.discountMinor)
          : {}),
        ...withCurrency('cbc:PayableAmount', doc.totalMinor),
      },
      'cac:InvoiceLine': doc.lines.map((line, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(line.quantity),
        // UN/ECE rec. 20: HUR is an hour, C62 one unit.
        'cbc:InvoicedQuantity@unitCode': line.kind === 'time' ? 'HUR' : 'C62',
        ...withCurrency('cbc:LineExtensionAmount', line.amountMinor),
        'cac:Item': {
          'cbc:Name': line.description || 'Work',
          'cac:ClassifiedTaxCategory': category,
        },
        'cac:Price': price(line, currency),
      })),
    },
  } as unknown as UblData;
  // Text stored before control characters were refused may still hold some, which XML 1.0
  // cannot carry even escaped: they are dropped here, where the XML is written.
  const clean = stripControlCharactersDeep(data);
  try {
    return { ok: true, out: await invoiceService().generate(clean, { ...options, lang: 'en-us' }) };
  } catch (error) {
    // The library's error names each field its schema refused: kept in the server's log.
    console.error('E-invoice refused by its schema', JSON.stringify(error, null, 1).slice(0, 4000));
    return {
      ok: false,
      message:
        'This invoice could not be written as an e-invoice. Check the client’s and your company’s details, or write to support.',
    };
  }
}
