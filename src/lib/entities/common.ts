import { datetimeRegex, z } from 'zod';
import { UNSURE, type Fast } from './fast-path';

/** Ids: the original app used numeric timestamps; we keep them as strings. */
export const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
/** `idSchema`'s fast path (see fast-path.ts). */
export const fastId: Fast = (v) => (typeof v === 'string' && v !== '' ? v : UNSURE);

/** A text field the original app may have stored as a number (phone, tax number). */
export const textish = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));
/** `textish`'s fast path. */
export const fastText: Fast = (v) => (typeof v === 'string' ? v : v == null ? '' : UNSURE);

/** A number field that may arrive as a numeric string from an old form; '' and null mean 0. */
export const numberish = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return 0;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Not a number' });
      return z.NEVER;
    }
    return n;
  });
/** `numberish`'s fast path: a number, or UNSURE. */
export const fastNumber: Fast = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? v : v == null || v === '' ? 0 : UNSURE;
/** `numberish.pipe(z.number().min(0))`'s fast path. */
export const fastAmount: Fast = (v) => {
  const n = fastNumber(v);
  return typeof n === 'number' && n >= 0 ? n : UNSURE;
};

const EPOCH = '1970-01-01T00:00:00.000Z';
/** ISO-8601 timestamp; older records without one get the epoch so sorting still works. */
export const isoTimestamp = z.string().datetime({ offset: true }).catch(EPOCH);
// The pattern zod checks `.datetime({ offset: true })` with.
const ISO = datetimeRegex({ precision: null, offset: true, local: false });
/** `isoTimestamp.optional()`'s fast path. */
export const fastTimestamp: Fast = (v) =>
  v === undefined || (typeof v === 'string' && ISO.test(v)) ? v : EPOCH;

export const statusSchema = z.enum(['Active', 'Archived']);
export type Status = z.infer<typeof statusSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Calendar day as YYYY-MM-DD (local time of the person tracking). */
export const dayString = z.string().regex(DAY, 'Use the format YYYY-MM-DD');
/** `z.union([dayString, z.literal('')]).catch('')`'s fast path. */
export const fastDayOrEmpty: Fast = (v) => (typeof v === 'string' && DAY.test(v) ? v : '');

/** Creates a unique id for a new record. */
export function newId(): string {
  return crypto.randomUUID();
}
