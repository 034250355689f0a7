/**
 * A fast path for the read schemas. Every stored record is decoded at startup (a full 8-week
 * cache, 2,622 logs, took ~150 ms of script time in Chromium through zod alone), yet almost every
 * record is already in the shape the app writes. A fast decoder handles exactly those values, returning what the
 * schema would return, and says UNSURE for anything else; the record then goes through the
 * schema itself, which repairs it or refuses it as before. tests/unit/lib/entities compares
 * both on values of every kind, so a change to a schema must change its fast decoder with it.
 *
 * This module and the fast decoders (`fast-*.ts`) use no zod at run time: the stores decode with
 * them on Track's first load, and load the schemas (with zod) only for a record they are unsure
 * of (issue 29: zod is about 16 KB gz of Track's first visit; src/stores/record-decoder.ts).
 */
export const UNSURE: unique symbol = Symbol('unsure');

/** What a schema makes of one value, or UNSURE when only the schema can tell. */
export type Fast = (value: unknown) => unknown;

/** An optional field: undefined stays undefined. */
export const optional =
  (fast: Fast): Fast =>
  (v) =>
    v === undefined ? v : fast(v);

/** `z.enum(values).catch(fallback)`. */
export const oneOf =
  (values: readonly string[], fallback: string): Fast =>
  (v) =>
    (values as readonly unknown[]).includes(v) ? v : fallback;

/** `z.string()`. */
export const string: Fast = (v) => (typeof v === 'string' ? v : UNSURE);

/** `z.string().nullable().catch(null)`. */
export const stringOrNull: Fast = (v) => (typeof v === 'string' ? v : null);

/** `z.boolean().catch(false)`. */
export const flag: Fast = (v) => (typeof v === 'boolean' ? v : false);

/**
 * A plain object, as JSON.parse makes them: anything else, even a Date or an object with `then`
 * and `catch` methods (a promise to zod), is zod's to judge.
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const prototype = Object.getPrototypeOf(v) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  const { then, catch: onError } = v as { then?: unknown; catch?: unknown };
  return !(typeof then === 'function' && typeof onError === 'function');
}

/**
 * A passthrough `z.object` whose shape has `fields`' keys in the same order, each decoded by
 * its fast decoder: the same keys in the same order (the shape's, then the record's own others),
 * as ZodObject builds them. tests/unit/lib/entities checks the keys against each schema's shape.
 */
export function fastObject(fields: Record<string, Fast>): Fast & { keys: readonly string[] } {
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => fields[key]!);
  const decode = (input: unknown) => {
    if (!isPlainObject(input)) return UNSURE;
    const data = input;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i += 1) {
      const key = keys[i]!;
      const value = decoders[i]!(data[key]);
      if (value === UNSURE) return UNSURE;
      if (value !== undefined || key in data) out[key] = value;
    }
    for (const key in data) {
      // zod leaves a `__proto__` key out; let it.
      if (key === '__proto__') return UNSURE;
      if (!keys.includes(key) && data[key] !== undefined) out[key] = data[key];
    }
    return out;
  };
  return Object.assign(decode, { keys });
}
