import type { RecordKind } from '../../lib/records/kinds';
import { mutationSpecs, mutationSpecsOf } from '../../lib/sync/mutations';
import type { ZodTypeAny } from 'zod';
import type { ServerKind } from './kind';
import { clientServerKind } from './kinds/client';
import { memberServerKind } from './kinds/member';
import { projectServerKind } from './kinds/project';
import { taskServerKind } from './kinds/task';
import { timeLogServerKind } from './kinds/time-log';

/**
 * The server's part of every record kind, keyed by the name pulls use, in the order of the
 * browser's registry (src/lib/records/kinds.ts). The generic sync code asks this list, never
 * which kind it holds (docs/architecture.md, "Adding a record kind").
 */
const builtIn = {
  client: clientServerKind,
  project: projectServerKind,
  task: taskServerKind,
  member: memberServerKind,
  timeLog: timeLogServerKind,
} as const satisfies Record<RecordKind, ServerKind>;

// A Map rather than the object above only so that a test can add a throwaway kind
// (registerKind); the app never registers one, so every process holds the same kinds.
const kinds = new Map<string, ServerKind>(Object.entries(builtIn));

/** Every kind, in pull order. */
export const serverKinds = (): ServerKind[] => [...kinds.values()];

/** The names of every kind, in pull order. */
export const kindNames = (): string[] => [...kinds.keys()];

/** A kind by the name pulls use; throws for a name no kind has (a programming error). */
export function serverKindOf(name: string): ServerKind {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`No record kind is called "${name}"`);
  return kind;
}

/** A mutation's kind, operation and argument schema. */
export type MutationSpec = {
  kind: string;
  op: 'create' | 'update' | 'delete' | 'set';
  args: ZodTypeAny;
};

/**
 * What a stored change called `name` does: the kinds' creates, updates and deletes and the
 * stopwatch's `setTimer` (src/lib/sync/mutations.ts), and those of a kind a test registered.
 */
export function mutationSpecOf(name: string): MutationSpec | undefined {
  if (Object.hasOwn(mutationSpecs, name)) return mutationSpecs[name as keyof typeof mutationSpecs];
  for (const kind of kinds.values()) {
    if (Object.hasOwn(builtIn, kind.description.name)) continue;
    const specs = mutationSpecsOf(kind.description.name, kind.description.mutations, kind.fields);
    if (Object.hasOwn(specs, name)) return specs[name];
  }
  return undefined;
}

/**
 * Test seam: adds a kind (a throwaway one, whose table the test made) until the returned
 * function removes it. Only tests call it (tests/server/throwaway-kind.test.ts shows a new kind
 * syncs end to end with no other change); a real kind is a line in `builtIn`.
 */
export function registerKind(kind: ServerKind): () => void {
  const name = kind.description.name;
  if (kinds.has(name)) throw new Error(`A record kind is already called "${name}"`);
  kinds.set(name, kind);
  return () => {
    kinds.delete(name);
  };
}
