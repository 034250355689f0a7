import { UNSURE } from '../lib/entities/fast-path';

/** What the stores need of a schema: zod's `safeParse`. */
export interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * A stored record's decoder that needs no zod on the first load (issue 29): `fast` reads every
 * record in the shape the app writes and says UNSURE of anything else; only then is the schema
 * (with zod, about 16 KB gz) loaded, once, to repair the record or refuse it
 * (src/lib/entities/fast-path.ts; docs/bench.md, "Track's JavaScript without zod").
 */
export interface OnDemandDecoder<T> {
  fast: (value: unknown) => unknown;
  /** The schema, once loaded; null before. */
  loaded: () => SafeParser<T> | null;
  /** Loads the schema (once). */
  load: () => Promise<SafeParser<T>>;
}

/** A zod schema (decodes at once) or an on-demand decoder. */
export type RecordDecoder<T> = SafeParser<T> | OnDemandDecoder<T>;

/** An on-demand decoder whose schema `importSchema` loads. */
export function onDemand<T>(
  fast: (value: unknown) => unknown,
  importSchema: () => Promise<SafeParser<T>>,
): OnDemandDecoder<T> {
  let schema: SafeParser<T> | null = null;
  let loading: Promise<SafeParser<T>> | null = null;
  return {
    fast,
    loaded: () => schema,
    load: () =>
      (loading ??= importSchema().then(
        (loadedSchema) => (schema = loadedSchema),
        (error: unknown) => {
          // Offline before the schema was ever fetched: the next record that needs it tries again.
          loading = null;
          throw error;
        },
      )),
  };
}

/** The outcome of decoding one record now: its value, refused, or waiting for its schema. */
export type DecodedNow<T> = { value: T } | 'refused' | 'unsure';

/** Decodes `value` with what is at hand: the schema when loaded, else the fast decoder. */
export function decodeNow<T>(decoder: RecordDecoder<T>, value: unknown): DecodedNow<T> {
  const schema = 'safeParse' in decoder ? decoder : decoder.loaded();
  if (schema) {
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : 'refused';
  }
  const fast = (decoder as OnDemandDecoder<T>).fast(value);
  return fast === UNSURE ? 'unsure' : { value: fast as T };
}

// Repairs under way: the sync engine starts after them, so it never reads a list that still
// lacks a record waiting for its schema.
const repairs = new Set<Promise<unknown>>();

/** Runs `repair` once `decoder`'s schema has loaded; a failed load leaves the records waiting. */
export function repairWhenLoaded<T>(decoder: OnDemandDecoder<T>, repair: () => void): void {
  const done = decoder.load().then(repair, () => undefined);
  repairs.add(done);
  void done.finally(() => repairs.delete(done));
}

/** Resolves once every record that waited for its schema has been repaired or refused. */
export async function recordsDecoded(): Promise<void> {
  while (repairs.size > 0) await Promise.all([...repairs]);
}
