import { z } from 'zod';
import type { InvoiceSettings as SharedInvoiceSettings } from '../invoice-settings';
import { counterModes } from '../invoice-number';
import { describes, exact } from './shape';
import { invoiceDocument } from './invoice-document';

// What the invoice endpoints answer (invoice-handlers.ts, payment-handlers.ts, invoices/reads.ts).

const invoiceStatus = z.enum(['draft', 'issued', 'partly paid', 'paid', 'overdue', 'void']);

/** An invoice as the list shows it. */
export const invoiceSummary = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  status: invoiceStatus,
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  currency: z.string(),
});
export const invoicesResponse = z.object({ invoices: z.array(invoiceSummary) });

export const payment = z.object({
  id: z.string(),
  paidOn: z.string(),
  amountMinor: z.number().int(),
  note: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** One invoice, its printed document and what was paid on it. */
export const invoice = z.intersection(
  // The document is typed by the module that builds it, whose own optional keys stay as they are.
  z.object({ document: invoiceDocument }),
  exact(
    z.object({
      id: z.string(),
      clientId: z.string(),
      clientName: z.string(),
      status: z.enum(['draft', 'issued', 'void']),
      /** Where it stands today: paid, partly paid or overdue once issued. */
      standing: invoiceStatus.optional(),
      payments: z.array(payment).optional(),
      paidMinor: z.number().int().optional(),
      number: z.string().nullable(),
      issueDate: z.string().nullable(),
      dueDate: z.string().nullable(),
      /** The credit note that cancelled it, once void. */
      creditNote: z.object({ number: z.string(), issuedAt: z.string() }).nullable().optional(),
      /** What became of the money paid on it when it was voided. */
      settlement: z
        .object({ kind: z.enum(['refund', 'credit']), amountMinor: z.number().int() })
        .nullable()
        .optional(),
      /** The client's credit from voided invoices, offered as a payment (issued invoices). */
      clientCreditMinor: z.number().int().optional(),
      /** A draft: why Issue would refuse it now (issue 47); null or missing when nothing would. */
      issueRefusal: z
        .object({ message: z.string(), fields: z.record(z.string(), z.string()) })
        .nullable()
        .optional(),
    }),
  ),
);
export type Invoice = z.infer<typeof invoice>;
export const invoiceResponse = z.object({ invoice });

/**
 * A draft made, saved or issued: the invoice as written, without the client's name, payments or
 * standing (the screens read those again with GET /api/invoice).
 */
export const writtenInvoice = z.object({
  id: z.string(),
  clientId: z.string(),
  status: z.enum(['draft', 'issued', 'void']),
  number: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  document: invoiceDocument,
});
export type WrittenInvoice = z.infer<typeof writtenInvoice>;
export const writtenInvoiceResponse = z.object({ invoice: writtenInvoice });

const uninvoicedProject = z.object({
  projectId: z.string(),
  projectName: z.string(),
  logs: z.number().int(),
  billableSeconds: z.number().int(),
  billableMinor: z.number().int(),
  expensesMinor: z.number().int(),
});
/** GET /api/uninvoiced. `withoutClient` is missing from servers before issue 29, the rest before 47. */
export const uninvoicedResponse = exact(
  z.object({
    clients: z.array(
      z.object({
        clientId: z.string(),
        clientName: z.string(),
        creditMinor: z.number().int().optional(),
        projects: z.array(uninvoicedProject),
      }),
    ),
    withoutClient: z.array(uninvoicedProject).optional(),
    waitingForApproval: z
      .object({
        logs: z.number().int(),
        billableSeconds: z.number().int(),
        billableMinor: z.number().int(),
        firstDay: z.string().nullable().optional(),
      })
      .optional(),
    firstDay: z.string().nullable().optional(),
  }),
);

/** A client's credit left by a voided invoice. */
export const clientCredit = z.object({
  clientId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  creditNote: z.string(),
  amountMinor: z.number().int(),
  leftMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type ClientCredit = z.infer<typeof clientCredit>;
export const clientCreditsResponse = z.object({ credits: z.array(clientCredit) });

/** POST /api/invoices/void: voided (issued) or deleted (a draft). */
export const voidResponse = z.object({ status: z.enum(['void', 'deleted']) });
/** Payments, corrections and credits answer what is now paid of the total. */
export const paidResponse = z.object({ paidMinor: z.number().int(), totalMinor: z.number().int() });

/** What invoices say about the workspace, with the uploaded logo's id ('' for none). */
export const invoiceSettings = z.intersection(
  describes<SharedInvoiceSettings>()(
    z.object({
      companyName: z.string(),
      address: z.string(),
      taxNumber: z.string(),
      vatNumber: z.string(),
      country: z.string(),
      currency: z.string(),
      numberPattern: z.string(),
      counter: z.enum(counterModes),
      paymentTermsDays: z.number().int(),
      note: z.string(),
      city: z.string(),
      postCode: z.string(),
      electronicAddress: z.string(),
      electronicAddressScheme: z.string(),
      contactName: z.string(),
      contactPhone: z.string(),
      contactEmail: z.string(),
      iban: z.string(),
      bic: z.string(),
      paymentInstructions: z.string(),
    }),
  ),
  exact(z.object({ logoId: z.string().optional() })),
);
export type InvoiceSettings = z.infer<typeof invoiceSettings>;
export const invoiceSettingsResponse = z.object({ settings: invoiceSettings });
/** POST /api/invoice-logo and /api/invoice-logo/remove. */
export const logoResponse = z.object({ logoId: z.string() });
