import type { RecordKindDescription } from './kind';
import { clientKind } from './kinds/client';
import { memberKind } from './kinds/member';
import { projectKind } from './kinds/project';
import { taskKind } from './kinds/task';
import { timeLogKind } from './kinds/time-log';

/**
 * Every kind of record a workspace holds, in the order pulls and the cache list them. Pull,
 * poke, redaction, the browser's cache, mutations and the catalog read this list; a new kind is
 * a module under ./kinds and a line here (docs/architecture.md, "Adding a record kind").
 */
export const kindDescriptions = {
  client: clientKind,
  project: projectKind,
  task: taskKind,
  member: memberKind,
  timeLog: timeLogKind,
} as const satisfies Record<string, RecordKindDescription>;

export type RecordKind = keyof typeof kindDescriptions;

/** The kinds, as pulls name them. */
export const recordKinds = Object.keys(kindDescriptions) as RecordKind[];

/** The description of a kind. */
export const kindOf = <K extends RecordKind>(kind: K): (typeof kindDescriptions)[K] =>
  kindDescriptions[kind];

/** The kind whose records a mutation name writes, or undefined. */
export const kindOfMutation = (name: string): RecordKindDescription | undefined =>
  Object.values(kindDescriptions).find((kind) =>
    (Object.values(kind.mutations) as string[]).includes(name),
  );
