import { currentZoneName } from '../time-zones';
import { z } from 'zod';
import { isValidDay } from '../day';
import { durationFormats } from '../duration-format';
import { isCountryCode } from '../countries';
import { isVatNumber } from '../invoice-tax';
import { addressProblem, isIban, isScheme } from '../e-invoice-profile';
import { hoursRoundings, lineGroupings } from '../invoice-lines';
import { counterModes, numberingProblem, parsePattern } from '../invoice-number';
import { currencyCodes } from '../money-format';
import { MAX_SHARE_DAYS, savedReportSpecSchema, schedules } from '../saved-report';
import { checkText } from '../storable-text';
import { isTimeZone, MAX_GRACE_DAYS } from '../workspace-rules';

const text = z.string({ invalid_type_error: 'Must be text' });

/** POST /api/workspace-settings: what Account setting's Workspace section saves. */
export const workspaceSettingsBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    name: text
      .trim()
      .min(1, 'Name the workspace')
      .max(100, 'At most 100 characters')
      .superRefine(checkText),
    managersSeeAmounts: z.boolean({ invalid_type_error: 'Must be true or false' }),
    /** Optional: screens from before issue 29 leave it out, and it then stays as it is. */
    requireProjectAndTask: z.boolean({ invalid_type_error: 'Must be true or false' }).optional(),
    /** Optional too: screens from before issue 47 leave it out. */
    durationFormat: z
      .enum(durationFormats, { errorMap: () => ({ message: 'Choose 1:20 or 1.33' }) })
      .optional(),
    timeZone: text
      .max(64, 'Choose a time zone from the list')
      .refine(isTimeZone, 'Choose a time zone from the list')
      // Stored under its current name (Asia/Calcutta becomes Asia/Kolkata, issue 31).
      .transform(currentZoneName),
    weekStart: z
      .number({ invalid_type_error: 'Choose a day' })
      .int('Choose a day')
      .min(0, 'Choose a day')
      .max(6, 'Choose a day'),
    lockedUpTo: text.refine(isValidDay, 'Enter a day as YYYY-MM-DD').nullable(),
    autoLock: z
      .object({
        period: z.enum(['daily', 'weekly', 'monthly'], {
          errorMap: () => ({ message: 'Choose daily, weekly or monthly' }),
        }),
        graceDays: z
          .number({ invalid_type_error: 'Enter a whole number of days' })
          .int('Enter a whole number of days')
          .min(0, 'Enter 0 or more days')
          .max(MAX_GRACE_DAYS, `At most ${MAX_GRACE_DAYS} days`),
      })
      .strict()
      .nullable(),
  })
  .strict();

const recordId = text
  .min(1, 'Must not be empty')
  .max(200, 'At most 200 characters')
  .superRefine(checkText);

/** POST /api/teams: a new team (no id) or a team's name, members and leads. */
export const teamBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: recordId.optional(),
    name: text
      .trim()
      .min(1, 'Name the team')
      .max(100, 'At most 100 characters')
      .superRefine(checkText),
    memberIds: z.array(recordId, { invalid_type_error: 'Choose team members' }).max(1000),
    leadIds: z.array(recordId, { invalid_type_error: 'Choose leads' }).max(1000),
  })
  .strict();

/** POST /api/teams/delete */
export const deleteTeamBody = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), id: recordId })
  .strict();

/** POST /api/invitations */
export const invitationBody = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), memberId: recordId })
  .strict();

/** POST /api/invitations/revoke */
export const revokeInvitationBody = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), id: recordId })
  .strict();

/** POST /api/member-reset-link */
export const memberResetBody = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), memberId: recordId })
  .strict();

/** POST /api/saved-reports */
export const savedReportBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be a saved report id').optional(),
    name: text
      .trim()
      .min(1, 'Name the report')
      .max(100, 'At most 100 characters')
      .superRefine(checkText),
    spec: savedReportSpecSchema,
    schedule: z
      .enum(schedules, { errorMap: () => ({ message: 'One of weekly, monthly, or null' }) })
      .nullable(),
  })
  .strict();

/** POST /api/saved-reports/delete */
export const deleteSavedReportBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be a saved report id'),
  })
  .strict();

/** POST /api/report-shares */
export const reportShareBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    savedReportId: text.uuid('Must be a saved report id'),
    days: z
      .number({ invalid_type_error: 'Must be a number of days' })
      .int('Must be whole days')
      .min(1, 'At least one day')
      .max(MAX_SHARE_DAYS, `At most ${MAX_SHARE_DAYS} days`),
    withAmounts: z.boolean({ invalid_type_error: 'Must be true or false' }),
  })
  .strict();

/** POST /api/report-shares/revoke */
export const revokeShareBody = z
  .object({ workspaceId: text.uuid('Must be a workspace id'), id: text.min(1).max(64) })
  .strict();

const day = text.refine(isValidDay, 'Must be a day as YYYY-MM-DD');

/** POST /api/invoices: a draft for a client from its uninvoiced logs between two days. */
export const draftInvoiceBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    clientId: text.min(1, 'Choose a client').max(200),
    from: day,
    to: day,
    projectIds: z.array(text.min(1).max(200)).max(200).default([]),
  })
  .strict()
  .refine((b) => b.from <= b.to, { message: 'Must not be after to', path: ['from'] });

/** POST /api/invoices/issue */
export const issueInvoiceBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    issueDate: day,
  })
  .strict();

/** POST /api/invoices/void */
export const voidInvoiceBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    /** What becomes of money paid on it: needed when there is some (issue 27). */
    settlement: z
      .enum(['refund', 'credit'], { errorMap: () => ({ message: 'One of refund, credit' }) })
      .optional(),
  })
  .strict();

/** Currencies an invoice can be in: every ISO 4217 code the platform's Intl writes (issue 47). */
const invoiceCurrency = text.refine(
  (code) => currencyCodes().has(code),
  'Choose a currency from the list (an ISO 4217 code, like EUR)',
);

const shortText = (max: number) =>
  text.trim().max(max, `At most ${max} characters`).superRefine(checkText);

/** POST /api/invoice-settings: what Account setting's Invoices section saves. */
export const invoiceSettingsBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    companyName: shortText(200),
    address: shortText(1000),
    taxNumber: shortText(50),
    vatNumber: shortText(50)
      .refine(
        (v) => v === '' || isVatNumber(v),
        'Start with the country code, like DE123456789; put other tax numbers under Tax number',
      )
      .default(''),
    country: text.refine(isCountryCode, 'Choose a country from the list').default('IN'),
    currency: invoiceCurrency,
    numberPattern: shortText(40).superRefine((value, ctx) => {
      const parsed = parsePattern(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
    counter: z.enum(counterModes, {
      errorMap: () => ({ message: `One of ${counterModes.join(', ')}` }),
    }),
    paymentTermsDays: z
      .number({ invalid_type_error: 'Enter a number of days' })
      .int('Enter whole days')
      .min(0, 'At least 0 days')
      .max(365, 'At most 365 days'),
    note: shortText(2000),
    // Issue 28: what Peppol and XRechnung need; callers from before send none of them.
    city: shortText(100).default(''),
    postCode: shortText(20).default(''),
    electronicAddress: shortText(100).default(''),
    electronicAddressScheme: text
      .refine((v) => v === '' || isScheme(v), 'Choose a scheme from the list')
      .default(''),
    contactName: shortText(100).default(''),
    contactPhone: shortText(40)
      .refine((v) => /^[+\d\s()./-]*$/.test(v), 'Use digits, spaces, +, -, ( and ) only')
      .default(''),
    contactEmail: shortText(254)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter an email address')
      .default(''),
    iban: shortText(40)
      .refine(
        (v) => !/^[A-Za-z]{2}\d{2}/.test(v.replace(/\s/g, '')) || isIban(v),
        'This IBAN’s check digits do not add up: check it against your bank’s',
      )
      .default(''),
    bic: shortText(11)
      .refine(
        (v) => v === '' || /^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/.test(v),
        'A BIC has 8 or 11 letters and digits',
      )
      .default(''),
    paymentInstructions: shortText(500).default(''),
  })
  .strict()
  .superRefine((b, ctx) => {
    const address = addressProblem(b.electronicAddressScheme, b.electronicAddress);
    if (address) ctx.addIssue({ code: 'custom', message: address, path: ['electronicAddress'] });
    if (b.electronicAddress.trim() && !b.electronicAddressScheme)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the address’s scheme',
        path: ['electronicAddressScheme'],
      });
    const problem = numberingProblem(b.numberPattern, b.counter);
    if (problem && parsePattern(b.numberPattern).ok)
      ctx.addIssue({ code: 'custom', message: problem, path: ['numberPattern'] });
  });

/** POST /api/invoices/payment: money received for an issued invoice. */
export const invoicePaymentBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    paidOn: day,
    amountMinor: z
      .number({ invalid_type_error: 'Enter the amount' })
      .int('Whole paise')
      .min(1, 'Enter an amount above zero')
      .max(1_000_000_000_000, 'Too large'),
    note: shortText(200).default(''),
  })
  .strict();

const reason = shortText(500).pipe(text.min(1, 'Say why'));

/** POST /api/invoices/payment/correct: a payment entered wrongly, corrected, with why. */
export const correctPaymentBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    paymentId: text.uuid('Must be a payment id'),
    paidOn: day,
    amountMinor: z
      .number({ invalid_type_error: 'Enter the amount' })
      .int('Whole paise')
      .min(1, 'Enter an amount above zero')
      .max(1_000_000_000_000, 'Too large'),
    note: shortText(200).default(''),
    reason,
  })
  .strict();

/** POST /api/invoices/payment/delete: a payment entered by mistake, removed, with why. */
export const deletePaymentBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    paymentId: text.uuid('Must be a payment id'),
    reason,
  })
  .strict();

/** POST /api/invoices/apply-credit: the client's credit paid into this invoice. */
export const applyCreditBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    paidOn: day,
  })
  .strict();

const quantity = z
  .number({ invalid_type_error: 'Enter a number' })
  .min(0.01, 'Enter a quantity above zero')
  .max(1_000_000, 'At most 1,000,000')
  // Hours as logged carry up to nine decimals so that they multiply out (src/lib/invoice-lines.ts).
  .refine((v) => Number(v.toFixed(9)) === v, 'At most nine decimals');
const unitMinor = z
  .number({ invalid_type_error: 'Enter the rate' })
  .int('Whole paise')
  .min(0, 'Enter a rate of zero or more')
  .max(10_000_000_000, 'Too large');
const percent = (what: string) =>
  z
    .number({ invalid_type_error: `Enter the ${what} as a number` })
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be negative`)
    .max(100, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be above 100 %`);

/** POST /api/invoices/draft: what a person chose on a draft (src/lib/invoice-lines.ts). */
export const draftLayoutBody = z
  .object({
    workspaceId: text.uuid('Must be a workspace id'),
    id: text.uuid('Must be an invoice id'),
    layout: z
      .object({
        grouping: z.enum(lineGroupings, {
          errorMap: () => ({ message: `One of ${lineGroupings.join(', ')}` }),
        }),
        edits: z
          .record(
            text.max(500).superRefine(checkText),
            z
              .object({
                description: shortText(500).optional(),
                quantity: quantity.optional(),
                unitMinor: unitMinor.optional(),
              })
              .strict(),
          )
          .refine((edits) => Object.keys(edits).length <= 2000, 'Too many edited lines'),
        manual: z
          .array(
            z
              .object({
                id: text.min(1).max(100).superRefine(checkText),
                description: shortText(500).pipe(text.min(1, 'Describe the line')),
                quantity,
                unitMinor,
              })
              .strict(),
          )
          .max(200, 'At most 200 lines by hand'),
        discountPercent: percent('discount'),
        taxes: z
          .array(z.object({ name: shortText(60), percent: percent('tax') }).strict())
          .max(2, 'At most two taxes'),
        paymentTermsDays: z
          .number({ invalid_type_error: 'Enter a number of days' })
          .int('Enter whole days')
          .min(0, 'At least 0 days')
          .max(365, 'At most 365 days'),
        note: shortText(2000),
        // Issue 28: the buyer's reference (BT-10, a Leitweg-ID) and its order number (BT-13).
        buyerReference: shortText(100).optional(),
        orderReference: shortText(100).optional(),
        // Issue 47: the period the invoice states (BT-73 / BT-74), when the person sets one.
        period: z
          .object({ start: day, end: day })
          .strict()
          .refine((p) => p.start <= p.end, {
            message: 'The last day cannot be before the first',
            path: ['end'],
          })
          .optional(),
        // Issue 47: how its time lines state their hours.
        hoursRounding: z
          .enum(hoursRoundings, {
            errorMap: () => ({ message: `One of ${hoursRoundings.join(', ')}` }),
          })
          .optional(),
      })
      .strict(),
  })
  .strict();
