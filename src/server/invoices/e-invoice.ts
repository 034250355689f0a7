import type { Invoice as UblData } from '@e-invoice-eu/core';
import type { InvoiceDocument, InvoiceParty, SellerDetails } from '../../lib/invoice-document';
import { customizationIds, isIban, PEPPOL_PROCESS } from '../../lib/e-invoice-profile';
import { lineAmount, type ComposedLine } from '../../lib/invoice-lines';
import { currencyDigits } from '../../lib/money-format';
import { combinedPercent, taxIdsOf, taxTreatment, type TaxTreatment } from '../../lib/invoice-tax';
import { stripControlCharactersDeep } from '../../lib/storable-text';
import { invoiceService } from './e-invoice-library';
import { ublNote } from './e-invoice-note';
import { escapeAmpersands } from './e-invoice-text';
import { lacksSellerTaxId } from '../../lib/issue-refusal';

// The EN 16931 e-invoice of an issued invoice, as UBL 2.1 (issue 14), for accounting software.
// @e-invoice-eu/core checks the data against its EN 16931 schema and writes the XML; it does not
// check that the sums add up, so the amounts come from the same integer totals as the PDF.

/** An issued invoice (or the credit note that cancels one) as the e-invoice needs it. */
export interface InvoiceForUbl {
  number: string;
  issueDate: string;
  dueDate: string | null;
  document: InvoiceDocument;
  /** The seller's electronic address (BT-34): the email of the Admin who downloads it. */
  sellerEmail: string;
  /** Only for a credit note (type 381): the invoice it cancels in full (BT-25, BT-26). */
  corrects?: { number: string; issueDate: string };
}

export type UblResult = { ok: true; xml: string } | { ok: false; message: string };

/** How this document's tax reads under EN 16931 (see src/lib/invoice-tax.ts). */
export function treatmentOf(doc: InvoiceDocument): TaxTreatment {
  return taxTreatment(
    combinedPercent(doc),
    doc.seller ?? { taxNumber: '' },
    doc.buyer ?? { taxNumber: '' },
  );
}

/** Why an e-invoice cannot be made yet, in words a person can act on; '' when it can. */
export function eInvoiceProblem(doc: InvoiceDocument): string {
  if (!doc.seller?.country)
    return 'E-invoices need your company’s country: choose it in Account setting → Invoices.';
  if (!doc.buyer?.country)
    return `E-invoices need the client’s country: choose it for ${doc.buyer?.name ?? 'the client'} in Clients.`;
  // EN 16931 (BR-S-02), as issuing under Peppol or XRechnung asks (src/lib/issue-refusal.ts).
  if (lacksSellerTaxId(combinedPercent(doc), doc.seller))
    return 'E-invoices that charge tax need your company’s VAT or tax number: add it in Account setting → Invoices.';
  return '';
}

/** A price (BT-146): two decimals, whatever the currency, so quantity × price is the amount. */
const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * An amount in `currency`'s minor units, at most two decimals as EN 16931 allows (issue 47):
 * '1234.50' EUR, '1235' JPY (its invoices hold whole yen, src/lib/invoice-lines.ts).
 */
const amountIn = (minor: number, currency: string) =>
  (minor / 100).toFixed(Math.min(2, currencyDigits(currency)));

/**
 * The address as EN 16931 splits it: first line, second line, the rest on one line, then the
 * city and post code when they are kept apart (issue 28; XRechnung needs them).
 */
function address(party: InvoiceParty) {
  const lines = party.address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    ...(lines[0] ? { 'cbc:StreetName': lines[0] } : {}),
    ...(lines[1] ? { 'cbc:AdditionalStreetName': lines[1] } : {}),
    ...(party.city?.trim() ? { 'cbc:CityName': party.city.trim() } : {}),
    ...(party.postCode?.trim() ? { 'cbc:PostalZone': party.postCode.trim() } : {}),
    ...(lines.length > 2 ? { 'cac:AddressLine': { 'cbc:Line': lines.slice(2).join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': party.country as never },
  };
}

/**
 * The UBL 2.1 XML of an issued invoice, or of its credit note (a UBL CreditNote). Its taxes (one,
 * or two such as CGST and SGST) are one standard-rated VAT category at their combined rate, as
 * EN 16931 allows one VAT rate per line; a note names each. Without tax the lines are reverse
 * charge, exempt or not subject to VAT (treatmentOf). The discount is an allowance before tax.
 */
export async function ublInvoice(invoice: InvoiceForUbl): Promise<UblResult> {
  const made = await generate(invoice, { format: 'UBL' });
  return made.ok
    ? { ok: true, xml: typeof made.out === 'string' ? made.out : Buffer.from(made.out).toString() }
    : made;
}

/**
 * The same e-invoice in UN/CEFACT CII D16B syntax (issue 28): what XRechnung portals take beside
 * UBL, and the XML a Factur-X PDF embeds, as a file of its own.
 */
export async function ciiInvoice(invoice: InvoiceForUbl): Promise<UblResult> {
  const made = await generate(invoice, { format: 'CII' });
  return made.ok
    ? { ok: true, xml: typeof made.out === 'string' ? made.out : Buffer.from(made.out).toString() }
    : made;
}

/**
 * A line's price (BT-146), so that quantity × price ÷ base quantity is its amount to the paisa,
 * as validators check. Lines are composed so that quantity × rate is their amount
 * (src/lib/invoice-lines.ts); a line stored before that was so is priced as its amount per its
 * whole quantity (BT-149).
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
 * embedded as factur-x.xml, which accounting software reads instead of the text. A credit note's
 * PDF embeds the credit note (type 381).
 */
export async function facturX(
  invoice: InvoiceForUbl,
  pdf: Buffer,
): Promise<{ ok: true; pdf: Buffer } | { ok: false; message: string }> {
  const made = await generate(invoice, {
    // XRechnung's own Factur-X flavour names its XML xrechnung.xml; the others factur-x.xml.
    format: invoice.document.profile === 'xrechnung' ? 'Factur-X-XRechnung' : 'Factur-X-EN16931',
    pdf: { buffer: pdf, filename: `invoice-${invoice.number}.pdf`, mimetype: 'application/pdf' },
  });
  return made.ok ? { ok: true, pdf: Buffer.from(made.out) } : made;
}

/** The VAT category every line and the breakdown carry (BT-151, BT-118 to BT-121). */
function categoryOf(treatment: TaxTreatment) {
  const scheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  switch (treatment.category) {
    case 'S':
      return { 'cbc:ID': 'S', 'cbc:Percent': String(treatment.percent), ...scheme };
    case 'AE':
    case 'E':
      return { 'cbc:ID': treatment.category, 'cbc:Percent': '0', ...scheme };
    case 'O':
      // Not subject to VAT has no rate (BR-O-05).
      return { 'cbc:ID': 'O', ...scheme };
  }
}

/** The breakdown's category: the line category with the exemption reason (BT-120, BT-121). */
function breakdownCategoryOf(treatment: TaxTreatment) {
  const category = categoryOf(treatment);
  switch (treatment.category) {
    case 'S':
      return category;
    case 'E':
      return { ...category, 'cbc:TaxExemptionReason': treatment.reason };
    case 'AE':
      return {
        ...category,
        'cbc:TaxExemptionReasonCode': treatment.code,
        'cbc:TaxExemptionReason': treatment.reason,
      };
    case 'O':
      // The breakdown names a rate of 0, which XRechnung asks of every breakdown (BR-DE-14) and
      // EN 16931 allows here (its lines carry none: BR-O-05).
      return {
        ...category,
        'cbc:Percent': '0',
        'cbc:TaxExemptionReasonCode': treatment.code,
        'cbc:TaxExemptionReason': treatment.reason,
      };
  }
}

/** Two or more taxes as one sentence, since the VAT breakdown has one rate: "CGST 9 % …". */
function taxesNote(doc: InvoiceDocument): string[] {
  if (doc.taxes.length < 2) return [];
  const each = doc.taxes.map((t) => `${t.name} ${t.percent} % (${amount(t.amountMinor)})`);
  return [
    `Taxes: ${each.join(' and ')}, written as one VAT rate of ${combinedPercent(doc)} % (${amount(doc.taxMinor)} ${doc.currency}).`,
  ];
}

/**
 * Where the seller receives e-invoices (BT-34): its electronic address with its scheme; else, for
 * EN 16931 and XRechnung (which take an email, EM), its contact email or the downloading Admin's.
 */
function sellerEndpoint(seller: InvoiceParty & SellerDetails, fallbackEmail: string) {
  if (seller.electronicAddress && seller.electronicAddressScheme)
    return { id: seller.electronicAddress, scheme: seller.electronicAddressScheme };
  return { id: seller.contactEmail || fallbackEmail, scheme: 'EM' };
}

/** Where the buyer receives them (BT-49): its electronic address, else its email, else none. */
function buyerEndpoint(buyer: InvoiceParty & { email: string }) {
  if (buyer.electronicAddress && buyer.electronicAddressScheme)
    return { id: buyer.electronicAddress, scheme: buyer.electronicAddressScheme };
  return buyer.email ? { id: buyer.email, scheme: 'EM' } : null;
}

/** The seller contact (BG-6) when any part of it is known. */
function contactOf(seller: SellerDetails) {
  const contact = {
    ...(seller.contactName ? { 'cbc:Name': seller.contactName } : {}),
    ...(seller.contactPhone ? { 'cbc:Telephone': seller.contactPhone } : {}),
    ...(seller.contactEmail ? { 'cbc:ElectronicMail': seller.contactEmail } : {}),
  };
  return Object.keys(contact).length ? { 'cac:Contact': contact } : {};
}

/**
 * Payment instructions (BG-16): a credit transfer to the seller's account (SEPA, code 58, for an
 * IBAN in euros; else 30), or another means in words (ZZZ, mutually defined), with the invoice
 * number as the remittance information (BT-83).
 */
function paymentMeansOf(seller: InvoiceParty & SellerDetails, number: string, currency: string) {
  const account = seller.iban ?? '';
  if (account) {
    const sepa = currency === 'EUR' && isIban(account);
    return {
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': sepa ? '58' : '30',
          'cbc:PaymentMeansCode@name':
            seller.paymentInstructions || (sepa ? 'SEPA credit transfer' : 'Credit transfer'),
          'cbc:PaymentID': number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': account,
            'cbc:Name': seller.name,
            ...(seller.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic } } : {}),
          },
        },
      ],
    };
  }
  if (seller.paymentInstructions)
    return {
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': 'ZZZ',
          'cbc:PaymentMeansCode@name': seller.paymentInstructions,
          'cbc:PaymentID': number,
        },
      ],
    };
  return {};
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
  const treatment = treatmentOf(doc);
  const category = categoryOf(treatment);
  const sellerIds = taxIdsOf(seller);
  const buyerIds = taxIdsOf(buyer);
  // Not subject to VAT names no VAT identifier (BR-O-02).
  const buyerVat = treatment.category === 'O' ? '' : buyerIds.vat;
  const withCurrency = <K extends string>(key: K, minor: number) =>
    ({ [key]: amountIn(minor, doc.currency), [`${key}@currencyID`]: currency }) as Record<
      string,
      string
    >;
  const profile = doc.profile ?? 'en16931';
  const written = [...(doc.note ? [doc.note] : []), ...taxesNote(doc)];
  // Peppol allows one note on the document (PEPPOL-EN16931-R002): several become one.
  const joined = profile === 'peppol' && written.length > 1 ? [written.join('\n\n')] : written;
  const notes = joined.map(ublNote);
  const sellerAddress = sellerEndpoint(seller, invoice.sellerEmail);
  const buyerAddress = buyerEndpoint(buyer);
  const buyerReference = doc.layout.buyerReference?.trim() ?? '';
  const orderReference = doc.layout.orderReference?.trim() ?? '';
  const data = {
    'ubl:Invoice': {
      'cbc:CustomizationID': customizationIds[profile],
      'cbc:ProfileID': PEPPOL_PROCESS,
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issueDate,
      ...(invoice.dueDate && !invoice.corrects ? { 'cbc:DueDate': invoice.dueDate } : {}),
      'cbc:InvoiceTypeCode': invoice.corrects ? '381' : '380',
      ...(notes.length ? { 'cbc:Note': notes } : {}),
      'cbc:DocumentCurrencyCode': currency,
      ...(buyerReference ? { 'cbc:BuyerReference': buyerReference } : {}),
      ...(orderReference ? { 'cac:OrderReference': { 'cbc:ID': orderReference } } : {}),
      // BT-73 / BT-74: the period the invoice states, not the days it was drafted from (issue 47).
      'cac:InvoicePeriod': { 'cbc:StartDate': doc.period.start, 'cbc:EndDate': doc.period.end },
      ...(invoice.corrects
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': invoice.corrects.number,
                  'cbc:IssueDate': invoice.corrects.issueDate,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': sellerAddress.id,
          'cbc:EndpointID@schemeID': sellerAddress.scheme,
          // Without a VAT number the buyer still needs something that names the seller
          // (BR-CO-26): its registration number, else its electronic address.
          ...(sellerIds.vat
            ? {}
            : {
                'cac:PartyIdentification': [
                  { 'cbc:ID': sellerIds.registration || sellerAddress.id },
                ],
              }),
          'cac:PostalAddress': address(seller),
          ...(sellerIds.vat || sellerIds.registration
            ? {
                'cac:PartyTaxScheme': [
                  ...(sellerIds.vat
                    ? [{ 'cbc:CompanyID': sellerIds.vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
                    : []),
                  ...(sellerIds.registration
                    ? [
                        {
                          'cbc:CompanyID': sellerIds.registration,
                          'cac:TaxScheme': { 'cbc:ID': 'FC' },
                        },
                      ]
                    : []),
                ],
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
          ...contactOf(seller),
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyerAddress
            ? { 'cbc:EndpointID': buyerAddress.id, 'cbc:EndpointID@schemeID': buyerAddress.scheme }
            : {}),
          'cac:PostalAddress': address(buyer),
          ...(buyerVat
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': buyerVat,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': buyer.name,
            ...(buyerIds.registration ? { 'cbc:CompanyID': buyerIds.registration } : {}),
          },
          ...(buyer.email ? { 'cac:Contact': { 'cbc:ElectronicMail': buyer.email } } : {}),
        },
      },
      ...paymentMeansOf(seller, invoice.number, doc.currency),
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
              'cac:TaxCategory': breakdownCategoryOf(treatment),
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
  const clean = escapeAmpersands(stripControlCharactersDeep(data));
  try {
    return { ok: true, out: await invoiceService().generate(clean, { ...options, lang: 'en-us' }) };
  } catch (error) {
    // The library's error names each field its schema refused, and e-invoice-library.ts's says
    // what XML could not carry: kept in the server's log.
    const said = error instanceof Error ? error.message : '';
    console.error('E-invoice not written', said, JSON.stringify(error, null, 1).slice(0, 4000));
    return {
      ok: false,
      message:
        'This invoice could not be written as an e-invoice. Check the client’s and your company’s details, or write to support.',
    };
  }
}
