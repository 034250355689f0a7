import { z } from 'zod';

/** Ids: the original app used numeric timestamps; we keep them as strings. */
export const idSchema = z.union([z.string().min(1), z.number()]).transform(String);

/** A text field the original app may have stored as a number (phone, tax number). */
export const textish = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

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

/** ISO-8601 timestamp; older records without one get the epoch so sorting still works. */
export const isoTimestamp = z.string().datetime({ offset: true }).catch('1970-01-01T00:00:00.000Z');

export const statusSchema = z.enum(['Active', 'Archived']);
export type Status = z.infer<typeof statusSchema>;

/** Calendar day as YYYY-MM-DD (local time of the person tracking). */
export const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');

/** Creates a unique id for a new record. */
export function newId(): string {
  return crypto.randomUUID();
}
