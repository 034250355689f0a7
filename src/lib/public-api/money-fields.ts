import { z, type ZodTypeAny } from 'zod';
import { namesOf } from '../commands/public-names';
import { fromMinor, toMinor } from '../money-format';
import type { RecordKindDescription } from '../records/kind';
import { kindDescriptions, type RecordKind } from '../records/kinds';

// Money in the public API (issue 50): integer minor units (hundredths, as every amount of the
// app is counted: src/lib/money-format.ts) beside the workspace's currency, never a float. A
// kind's rates (its description's `rateFields`) are stored and commanded as decimals per hour
// (`billableRate: 1500.5`); the API names each `…Minor` (`billableRateMinor: 150050`), in
// answers and in bodies alike, also inside a list of them (a member's `rateHistory`).

type Fields = Record<string, unknown>;

/** The public names of the kind's rates. */
function ratesOf(kind: RecordKind): Set<string> {
  const { toPublic } = namesOf(kind);
  const described: RecordKindDescription = kindDescriptions[kind];
  const stored = described.rateFields ?? [];
  return new Set(stored.map((field) => toPublic.get(field) ?? field));
}

/** Whether the kind holds money, so its records carry the workspace's `currency`. */
export const holdsMoney = (kind: RecordKind): boolean => ratesOf(kind).size > 0;

const minorName = (name: string) => `${name}Minor`;

/** An amount in minor units, as the API takes and gives it. */
const minorAmount = z
  .number({ invalid_type_error: 'Must be a whole number of minor units' })
  .int('Must be a whole number of minor units (150050 for 1,500.50)')
  .min(0, 'Must be 0 or more')
  .max(100_000_000_000, 'Too large')
  .describe('Per hour, in minor units (hundredths) of the workspace’s currency');

/**
 * The schema with each rate in it (at any depth of objects and lists) as its `…Minor`; a
 * schema holding no rate is returned as it is, refinements and all.
 */
function withMinorRates(
  schema: ZodTypeAny,
  rates: Set<string>,
  toPublic: Map<string, string>,
): ZodTypeAny {
  const inner = (of: ZodTypeAny) => withMinorRates(of, rates, toPublic);
  if (schema instanceof z.ZodOptional) {
    const got = inner(schema.unwrap() as ZodTypeAny);
    return got === schema.unwrap() ? schema : got.optional();
  }
  if (schema instanceof z.ZodNullable) {
    const got = inner(schema.unwrap() as ZodTypeAny);
    return got === schema.unwrap() ? schema : got.nullable();
  }
  // A refined list of rates (a member's rate history): the API's shape, its order checked by
  // the command when it runs.
  if (schema instanceof z.ZodEffects) {
    const got = inner(schema.innerType() as ZodTypeAny);
    return got === schema.innerType() ? schema : got;
  }
  if (schema instanceof z.ZodArray) {
    const got = inner(schema.element as ZodTypeAny);
    return got === schema.element ? schema : z.array(got);
  }
  if (!(schema instanceof z.ZodObject)) return schema;
  let changed = false;
  const shape = Object.entries(schema.shape as Record<string, ZodTypeAny>).map(([key, field]) => {
    const name = toPublic.get(key) ?? key;
    if (!rates.has(name)) {
      const got = inner(field);
      changed ||= got !== field;
      return [key, got] as const;
    }
    changed = true;
    const minor = field.isNullable() ? minorAmount.nullable() : minorAmount;
    return [minorName(name), field.isOptional() ? minor.optional() : minor] as const;
  });
  return changed ? z.object(Object.fromEntries(shape)).strict() : schema;
}

/** `fields` (public names) with the kind's rates as `…Minor`: the API's shape of them. */
export function moneyAsMinor(kind: RecordKind, schema: z.AnyZodObject): z.AnyZodObject {
  return withMinorRates(schema, ratesOf(kind), namesOf(kind).toPublic) as z.AnyZodObject;
}

/**
 * Converts every rate of `value` (at any depth) with `convert`, renamed as `isRate` says: the
 * record's own fields are under public names, those of a list inside it (a member's rate
 * periods) under stored ones, as the catalog's commands take them.
 */
function convertRates(
  value: unknown,
  isRate: (key: string, nested: boolean) => string | null,
  convert: (amount: unknown) => unknown,
  nested = false,
): unknown {
  if (Array.isArray(value)) return value.map((item) => convertRates(item, isRate, convert, nested));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Fields).map(([key, field]) => {
      const renamed = isRate(key, nested);
      return renamed === null
        ? [key, convertRates(field, isRate, convert, true)]
        : [renamed, convert(field)];
    }),
  );
}

const toMinorOrNull = (amount: unknown) =>
  typeof amount === 'number' ? toMinor(amount) : amount === null ? null : amount;
const fromMinorOrNull = (amount: unknown) =>
  typeof amount === 'number' ? fromMinor(amount) : amount;

/** A record's fields (public names at the top; stored ones may be inside) as the API gives them. */
export function ratesToMinor(kind: RecordKind, fields: Fields): Fields {
  const rates = ratesOf(kind);
  const { toPublic } = namesOf(kind);
  return convertRates(
    fields,
    (key) => {
      const name = toPublic.get(key) ?? key;
      return rates.has(name) ? minorName(name) : null;
    },
    toMinorOrNull,
  ) as Fields;
}

/** A body's fields as the catalog's commands take them: each `…Minor` back to a decimal rate. */
export function ratesFromMinor(kind: RecordKind, fields: Fields): Fields {
  const minor = new Map([...ratesOf(kind)].map((name) => [minorName(name), name]));
  const { toStored } = namesOf(kind);
  return convertRates(
    fields,
    (key, nested) => {
      const name = minor.get(key);
      if (name === undefined) return null;
      return nested ? (toStored.get(name) ?? name) : name;
    },
    fromMinorOrNull,
  ) as Fields;
}
