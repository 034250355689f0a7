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

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `schema`, read as the app's own type `T`, once the type check has found that what it parses is
 * exactly `T` (as JSON holds it, see `Exact`): a key added to, dropped from or retyped in either
 * fails `npx astro check` here, so a schema and the type the server builds the answer as cannot
 * drift. `describes<WorkspaceRules>()(z.object({ … }))`.
 */
export const describes =
  <T>() =>
  <S extends z.ZodTypeAny>(
    schema: S,
    ..._same: Same<Exact<z.output<S>>, T> extends true ? [] : [mismatch: Exact<z.output<S>>]
  ): z.ZodType<T, z.ZodTypeDef, unknown> =>
    // The runtime check is the schema's own; the type check above proved its output is T.
    schema;

/** Any JSON value: what a stored record's fields hold when their kind is not known here. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValue),
    z.record(z.string(), jsonValue),
  ]),
);

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

/**
 * A nested document checked only to be an object, its inside typed by the module that builds it:
 * what is left of the first contracts (a saved report's spec, the invoice settings). Each answer
 * given a real schema leaves this; the OpenAPI document (issue 50) can describe only real ones.
 */
export function documentOf<T extends object>(what: string) {
  return z.custom<T>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    { message: `Expected ${what}` },
  );
}
