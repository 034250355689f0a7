import { z } from 'zod';
import { readLocaleNumber } from '../locale-number';

/**
 * A form's number field (a rate, hours, a percentage): '' or a number from `min` to `max` as the
 * person writes it in their locale ('110,50' in Germany, '1,234.56' in India), given back as
 * JavaScript writes it ('110.5'), so the stores read it with Number() and keep it canonical.
 */
export const localeNumberText = (message: string, min = 0, max = Number.POSITIVE_INFINITY) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return '';
      const value = readLocaleNumber(text);
      if (value === null || value < min || value > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return String(value);
    });
