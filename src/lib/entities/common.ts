import { z } from 'zod';
import { DAY_PATTERN, EPOCH, statuses } from './fast-fields';

// The zod schemas of shared fields. Their fast decoders, and `newId`, are in fast-fields.ts,
// which uses no zod (the stores decode with them on Track's first load).
export {
  fastAmount,
  fastDayOrEmpty,
  fastId,
  fastNumber,
  fastText,
  fastTimestamp,
  newId,
  type Status,
} from './fast-fields';

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
export const isoTimestamp = z.string().datetime({ offset: true }).catch(EPOCH);

export const statusSchema = z.enum(statuses);

/** Calendar day as YYYY-MM-DD (local time of the person tracking). */
export const dayString = z.string().regex(DAY_PATTERN, 'Use the format YYYY-MM-DD');
