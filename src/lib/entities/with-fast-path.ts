import type { ZodTypeAny } from 'zod';
import { UNSURE, type Fast } from './fast-path';

// The schemas' side of the fast path (./fast-path.ts): it loads with the schemas, never with
// Track's first visit, which decodes with the fast decoders alone (issue 29's budget).

/** `schema` unchanged, except that `safeParse` (and `parse`) try `fast` first. */
export function withFastPath<S extends ZodTypeAny>(schema: S, fast: Fast): S {
  const slow = schema.safeParse.bind(schema);
  (schema as ZodTypeAny).safeParse = (data, params) => {
    const value = fast(data);
    return value === UNSURE ? slow(data, params) : { success: true, data: value };
  };
  return schema;
}
