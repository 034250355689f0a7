/**
 * What a record kind is, said once (issue 48): the browser's part of it, with no zod and no
 * server code, so the sync engine that every screen loads can read it. The strict write schema is
 * in ./write-schemas.ts (zod), the server's part (table, visibility, checks) in
 * src/server/records/kinds. docs/architecture.md, "Adding a record kind", lists the steps.
 */

type Fields = Record<string, unknown>;

/** A record of `kind` by its id, or undefined when the id names none (or is not an id). */
export type FindRecord = (kind: string, id: unknown) => Fields | undefined;

/** A text field of a record found through `FindRecord`, or undefined. */
export const textOf = (record: Fields | undefined, field: string): string | undefined =>
  typeof record?.[field] === 'string' ? record[field] : undefined;

export interface RecordKindDescription<Name extends string = string> {
  /** The kind as pulls, pushes and record keys (`kind:id`) name it. */
  name: Name;
  /** How a message names one record of it ("This team member does not exist…"). */
  label: string;
  /** The list of the browser's records that holds it (LocalRecords, the export file). */
  list: string;
  /** The documented localStorage key of that list (SPEC.md); never changes. */
  storageKey: string;
  /** The lenient read schema of the cached list (src/lib/entities), loaded when first needed. */
  readSchema: () => Promise<unknown>;
  /** The fields the server stores in the record's `data`, under their stored names. */
  storedFields: readonly string[];
  /** Public name → stored name, for fields whose stored name is SPEC.md's (`dur`, `LoborRate`). */
  publicNames: Readonly<Record<string, string>>;
  /** The stored changes (older bundles' mutations) that create, update and delete one. */
  mutations: { create: string; update: string; remove: string };
  /** The catalog's commands that create, edit and delete one (src/lib/commands/catalog.ts). */
  commands: { create: string; edit: string; remove: string };
  /**
   * Fields (stored names) that hold an amount of money per hour: rates, in the workspace's
   * currency as decimals. The public API gives and takes them in minor units (issue 50).
   */
  rateFields?: readonly string[];
  /**
   * What a new one holds in the fields its creator leaves out (stored names): the Add form's
   * starting values. The public API's create fills them in (issue 50), so a script names only
   * what it means, as a person types only that on the form.
   */
  defaults?: Readonly<Fields>;
  /** Fields that name other records, and the kind they name (checked on every write). */
  references: Readonly<Record<string, string>>;
  /**
   * Hook: what the browser's record adds to a stored row's id, fields and createdAt (its labels,
   * empty until relabelled, and updatedAt where it keeps one); the default is updatedAt. Only the
   * additions: the record is made as one object literal, several times cheaper than copying it
   * again (a first pull reads thousands, scripts/bench/61-pull-contract.mjs).
   */
  rowExtras?: (times: { createdAt: string; updatedAt: string }) => Fields;
  /**
   * Hook: the labels a record shows that other records' current names give (a project's client
   * name), read through `find` from the records as they are. A label whose record is not here (a
   * log of a deleted project) is left out, so it keeps what it said.
   */
  labels?: (record: Fields, find: FindRecord) => Fields;
  /** Hook: the order the browser keeps the list in (as pulled, when absent). */
  order?: (a: never, b: never) => number;
  /** Hook: repairs what a browser record holds before it is sent (a log without a date). */
  toStored?: (fields: Fields, record: Fields) => Fields;
}

/** A kind's description, checked without losing its literal names. */
export const describeKind = <const D extends RecordKindDescription>(description: D): D =>
  description;
