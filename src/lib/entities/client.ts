import { z } from 'zod';
import { checkText } from '../storable-text';
import { isCountryCode } from '../countries';
import { isVatNumber } from '../invoice-tax';
import { addressProblem, isScheme } from '../e-invoice-profile';
import { idSchema, isoTimestamp, statusSchema, textish } from './common';
import { fastClient } from './fast-client';
import { localeNumberText } from './number-text';
import { withFastPath } from './with-fast-path';

const clientObject = z
  .object({
    id: idSchema,
    name: z.string(),
    contactPerson: textish,
    email: textish,
    phone: textish,
    address: textish,
    /** ISO 3166-1 alpha-2, for e-invoices (not in SPEC.md; '' when never chosen). */
    country: textish,
    taxName: textish,
    taxPercentage: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
      .pipe(z.number().min(0).max(100).nullable()),
    /** Tax registration number that is not a VAT number, e.g. a GSTIN (BT-47 on e-invoices). */
    taxNumber: textish,
    /** VAT number with its country prefix, e.g. DE123456789 (BT-48); not in SPEC.md. */
    vatNumber: textish,
    /** Not in SPEC.md (issue 28): street lines stay in `address`; these complete it. */
    city: textish,
    postCode: textish,
    /** 'en16931' (or '' for never chosen), 'peppol' or 'xrechnung' (src/lib/e-invoice-profile.ts). */
    eInvoiceProfile: textish,
    /** BT-49 and its scheme (EAS), e.g. 0208 and a Belgian enterprise number. */
    electronicAddress: textish,
    electronicAddressScheme: textish,
    /** BT-10 every new draft starts with, e.g. a German public buyer's Leitweg-ID. */
    buyerReference: textish,
    status: statusSchema.catch('Active'),
    createdAt: isoTimestamp.optional(),
    updatedAt: isoTimestamp.optional(),
  })
  .passthrough();
/** A client as stored under the `clients` key (SPEC.md section 3, plus timestamps). */
export const clientSchema = withFastPath(clientObject, fastClient);
export type Client = z.infer<typeof clientSchema>;

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).superRefine(checkText);

/** The client form: what a person must type for a client to be saved. */
export const clientFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the client name')
      .max(120, 'At most 120 characters')
      .superRefine(checkText),
    contactPerson: optionalText(120),
    /** Optional (issue 29): invoices and e-invoices are made without one. */
    email: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || z.string().email().safeParse(v).success,
        'Enter a valid email address, like name@example.com',
      ),
    phone: z
      .string()
      .trim()
      .max(40, 'At most 40 characters')
      .regex(/^[+\d\s().-]*$/, 'Use digits, spaces, +, -, ( and ) only'),
    address: optionalText(500),
    country: z
      .string()
      .refine((v) => v === '' || isCountryCode(v), 'Choose a country from the list'),
    taxName: optionalText(60),
    taxPercentage: localeNumberText('Enter a percentage from 0 to 100', 0, 100),
    taxNumber: optionalText(60),
    vatNumber: optionalText(60)
      .refine(
        (v) => v === '' || isVatNumber(v),
        'Start with the country code, like DE123456789; put other tax numbers under Tax number',
      )
      .default(''),
    city: optionalText(100).default(''),
    postCode: optionalText(20).default(''),
    eInvoiceProfile: z.enum(['en16931', 'peppol', 'xrechnung']).default('en16931'),
    electronicAddress: optionalText(100).default(''),
    electronicAddressScheme: z
      .string()
      .refine((v) => v === '' || isScheme(v), 'Choose a scheme from the list')
      .default(''),
    buyerReference: optionalText(100).default(''),
  })
  .superRefine((form, ctx) => {
    const problem = addressProblem(form.electronicAddressScheme, form.electronicAddress);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['electronicAddress'] });
    if (form.electronicAddress.trim() && !form.electronicAddressScheme)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the address’s scheme',
        path: ['electronicAddressScheme'],
      });
    if (form.eInvoiceProfile === 'peppol' && form.electronicAddressScheme === 'EM')
      ctx.addIssue({
        code: 'custom',
        message: 'Peppol does not route by email: choose another scheme',
        path: ['electronicAddressScheme'],
      });
  });
export type ClientForm = z.infer<typeof clientFormSchema>;
/** The form as callers may give it: the e-invoice fields of issue 28 may be left out. */
export type ClientFormInput = z.input<typeof clientFormSchema>;
