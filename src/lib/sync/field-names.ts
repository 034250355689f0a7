import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';

/**
 * The kinds of records a workspace holds and the names of the fields the server stores for each,
 * read from each kind's description (src/lib/records/kinds): the browser's sync engine needs the
 * names but not the schemas of ./fields.ts. A unit test keeps the two equal.
 */
export { recordKinds, type RecordKind };

type StoredFieldNames = {
  readonly [K in RecordKind]: (typeof kindDescriptions)[K]['storedFields'];
};

export const serverFieldNames: StoredFieldNames = Object.fromEntries(
  recordKinds.map((kind) => [kind, kindDescriptions[kind].storedFields]),
) as StoredFieldNames;
