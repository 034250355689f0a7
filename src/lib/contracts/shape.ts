import { z } from 'zod';

// Helpers the response schemas share (issue 48): the browser parses every answer with them, and
// the server's answers are typed by what they infer.

/**
 * A JSON value never holds `undefined`, so an optional key that is present holds its type. Zod 3
 * infers `key?: T | undefined`, which `exactOptionalPropertyTypes` will not take where the app's
 * own types say `key?: T`; this reads the inferred type the way JSON can actually hold it.
 */
export type Exact<T> = T extends readonly (infer Item)[]
  ? Exact<Item>[]
  : T extends object
    ? { [K in keyof T]: Exact<Exclude<T[K], undefined>> }
    : T;

/** A schema whose output is read as `Exact` (see above): only for bodies parsed from JSON. */
export function exact<S extends z.ZodTypeAny>(
  schema: S,
): z.ZodType<Exact<z.output<S>>, z.ZodTypeDef, unknown> {
  // The runtime check is the schema's own; only the optional keys' types narrow.
  return schema;
}

/**
 * A nested document (an invoice's printed document, a report's groups) checked to be an object,
 * its inside typed by the module that builds it. The invoice document has its full schema
 * (invoice-document.ts); the others' are later work: the envelope around them is what tells a
 * screen it got the answer it asked for.
 */
export function documentOf<T extends object>(what: string) {
  return z.custom<T>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    { message: `Expected ${what}` },
  );
}

/** An answer with no body (204), or a body the caller does not read. */
export const noBody = z.unknown();

/** Every error answer: `{ error, message, fields? }` (src/server/http/responses.ts). */
export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

/** A count or amount in whole units. */
export const int = z.number().int();
/** An ISO date or timestamp, as text. */
export const isoText = z.string();

/**
 * The body a handler answers with, as its route's schema reads it: handlers write
 * `json(200, body satisfies Answer<typeof someResponse>)`, so a field dropped or renamed on the
 * server fails type checking instead of reaching a screen.
 */
export type Answer<S extends z.ZodTypeAny> = z.output<S>;
