import { z } from 'zod';
import { checkText } from '../storable-text';
import { isCountryCode } from '../countries';
import { isVatNumber } from '../invoice-tax';
import {
  fastId,
  fastText,
  fastTimestamp,
  idSchema,
  isoTimestamp,
  statusSchema,
  textish,
} from './common';
import { fastObject, oneOf, string, UNSURE, withFastPath } from './fast-path';

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
    status: statusSchema.catch('Active'),
    createdAt: isoTimestamp.optional(),
    updatedAt: isoTimestamp.optional(),
  })
  .passthrough();
/** A client as stored under the `clients` key (SPEC.md section 3, plus timestamps). */
export const clientSchema = withFastPath(
  clientObject,
  fastObject(clientObject, {
    id: fastId,
    name: string,
    contactPerson: fastText,
    email: fastText,
    phone: fastText,
    address: fastText,
    country: fastText,
    taxName: fastText,
    taxPercentage: (v) =>
      typeof v === 'number' && v >= 0 && v <= 100 ? v : v == null || v === '' ? null : UNSURE,
    taxNumber: fastText,
    vatNumber: fastText,
    status: oneOf(statusSchema.options, 'Active'),
    createdAt: fastTimestamp,
    updatedAt: fastTimestamp,
  }),
);
export type Client = z.infer<typeof clientSchema>;

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).superRefine(checkText);

/** The client form: what a person must type for a client to be saved. */
export const clientFormSchema = z.object({
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
  country: z.string().refine((v) => v === '' || isCountryCode(v), 'Choose a country from the list'),
  taxName: optionalText(60),
  taxPercentage: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 100),
      'Enter a percentage from 0 to 100',
    ),
  taxNumber: optionalText(60),
  vatNumber: optionalText(60)
    .refine(
      (v) => v === '' || isVatNumber(v),
      'Start with the country code, like DE123456789; put other tax numbers under Tax number',
    )
    .default(''),
});
export type ClientForm = z.infer<typeof clientFormSchema>;
