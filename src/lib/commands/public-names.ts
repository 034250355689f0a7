import { kindDescriptions, type RecordKind } from '../records/kinds';

/**
 * The names commands take (and the public API will document) for the fields whose stored names
 * are SPEC.md's: `dur`, `LoborRate` and the rest stay in the cache and the tables, so data
 * stored before still loads. A field not listed keeps its name. No zod here: the browser's sync
 * engine renames with it.
 */
export const publicNames = Object.fromEntries(
  Object.values(kindDescriptions).map((kind) => [kind.name, kind.publicNames]),
) as { readonly [K in RecordKind]: (typeof kindDescriptions)[K]['publicNames'] };

type Fields = Record<string, unknown>;

/** public name → stored name, and back, for one kind. */
export function namesOf(kind: RecordKind) {
  const toStored = new Map<string, string>(Object.entries(kindDescriptions[kind].publicNames));
  const toPublic = new Map([...toStored].map(([pub, stored]) => [stored, pub]));
  return { toStored, toPublic };
}

/** Fields under public names as they are stored. */
export function toStoredFields(kind: RecordKind, fields: Fields): Fields {
  const { toStored } = namesOf(kind);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [toStored.get(k) ?? k, v]));
}

/** Stored fields under their public names (for answers and the public API). */
export function toPublicFields(kind: RecordKind, fields: Fields): Fields {
  const { toPublic } = namesOf(kind);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [toPublic.get(k) ?? k, v]));
}
