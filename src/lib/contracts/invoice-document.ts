import { z } from 'zod';
import { eInvoiceProfiles } from '../e-invoice-profile';
import type { InvoiceDocument } from '../invoice-document';
import { hoursRoundings, lineGroupings } from '../invoice-lines';

// The invoice's printed document as answers carry it (issue 48): its lines, totals, layout and
// parties checked key by key, so a screen never draws an invoice from a document it cannot
// read. Objects pass keys they do not name through (a newer server may add one); the value is
// handed on as it came, typed by the module that builds it (src/lib/invoice-document.ts).

const text = z.string();
const amount = z.number().int();
const period = z.object({ start: text, end: text }).passthrough();

const party = z
  .object({
    name: text,
    address: text,
    taxNumber: text,
    vatNumber: text.optional(),
    country: text.optional(),
    logoId: text.optional(),
    city: text.optional(),
    postCode: text.optional(),
    electronicAddress: text.optional(),
    electronicAddressScheme: text.optional(),
  })
  .passthrough();

const seller = party.extend({
  contactName: text.optional(),
  contactPhone: text.optional(),
  contactEmail: text.optional(),
  iban: text.optional(),
  bic: text.optional(),
  paymentInstructions: text.optional(),
});

const line = z
  .object({
    key: text,
    kind: z.enum(['time', 'expenses', 'manual']),
    description: text,
    quantity: z.number(),
    unitMinor: amount,
    amountMinor: amount,
    projectId: text.nullable(),
    edited: z.boolean(),
  })
  .passthrough();

const taxRate = z.object({ name: text, percent: z.number() }).passthrough();

const layout = z
  .object({
    grouping: z.enum(lineGroupings),
    edits: z.record(
      text,
      z
        .object({
          description: text.optional(),
          quantity: z.number().optional(),
          unitMinor: amount.optional(),
        })
        .passthrough(),
    ),
    manual: z.array(
      z
        .object({ id: text, description: text, quantity: z.number(), unitMinor: amount })
        .passthrough(),
    ),
    discountPercent: z.number(),
    taxes: z.array(taxRate),
    paymentTermsDays: z.number().int(),
    note: text,
    buyerReference: text.optional(),
    orderReference: text.optional(),
    period: period.optional(),
    hoursRounding: z.enum(hoursRoundings).optional(),
  })
  .passthrough();

/** Every key of an invoice document, as src/lib/invoice-document.ts declares it. */
export const invoiceDocumentShape = z
  .object({
    lines: z.array(line),
    subtotalMinor: amount,
    discountPercent: z.number(),
    discountMinor: amount,
    taxableMinor: amount,
    taxes: z.array(taxRate.extend({ amountMinor: amount })),
    taxMinor: amount,
    totalMinor: amount,
    from: text,
    to: text,
    period,
    logPeriod: period.optional(),
    currency: text,
    layout,
    logIds: z.array(text),
    seller: seller.optional(),
    buyer: party.extend({ email: text }).optional(),
    profile: z.enum(eInvoiceProfiles).optional(),
    note: text.optional(),
  })
  .passthrough();

/** An invoice document checked by its shape and handed on whole, as the app's own type. */
export const invoiceDocument = z.custom<InvoiceDocument>(
  (value) => invoiceDocumentShape.safeParse(value).success,
  { message: 'Expected the invoice document' },
);
