import { listOfKind, type AnyLocalRecord, type LocalRecords } from '../../lib/sync/local-records';
import { recordKinds, type RecordKind } from '../../lib/sync/field-names';
import {
  mutationsFromDiff,
  splitRecordKey,
  TIMER_RECORD,
  type NewMutation,
  type Timer,
} from '../../lib/sync/rebase';
import { commandOfStoredChange } from '../../lib/commands/of-stored-change';
import type { LocalChange, LocalCommand, LocalEvent } from '../local-changes';
import { TIMER_KEY } from '../timer';
import { keyOfList } from './cache';

/** The kind of record kept under each documented key (the inverse of cache.ts's keys). */
export const kindOfKey: Readonly<Record<string, RecordKind | 'timer'>> = {
  ...Object.fromEntries(recordKinds.map((kind) => [keyOfList[listOfKind[kind]], kind])),
  [TIMER_KEY]: 'timer',
};

/** What a person's change to a synced list becomes: mutations, and each record's value before. */
export interface ChangeMutations {
  mutations: NewMutation[];
  before: (record: string) => AnyLocalRecord | Timer | null;
}

/** The stored changes of a change to the list (or stopwatch) under a documented key; null if none. */
function storedChangesOfChange(change: LocalChange): ChangeMutations | null {
  const kind = kindOfKey[change.key];
  if (!kind) return null;
  const mutations: NewMutation[] =
    kind === 'timer'
      ? [{ name: 'setTimer', record: TIMER_RECORD, args: { timer: change.after } }]
      : mutationsFromDiff(
          kind,
          change.before as AnyLocalRecord[],
          change.after as AnyLocalRecord[],
        );
  if (mutations.length === 0) return null;
  return {
    mutations,
    before: (record) => {
      if (record === TIMER_RECORD) return change.before as Timer;
      const id = record.slice(record.indexOf(':') + 1);
      return (change.before as AnyLocalRecord[]).find((r) => r.id === id) ?? null;
    },
  };
}

/**
 * What a person's change to a list becomes in the outbox: each record it created, changed or
 * deleted, as the named command that does that (src/lib/commands/of-stored-change.ts) with the
 * stored change as its one step; the stopwatch's own record goes as it is.
 */
function mutationsOfChange(change: LocalChange): ChangeMutations | null {
  const stored = storedChangesOfChange(change);
  if (!stored) return null;
  return {
    ...stored,
    mutations: stored.mutations.map((m) => {
      const command = commandOfStoredChange(m.name, m.args);
      return command ? { ...command, record: m.record, steps: [m] } : m;
    }),
  };
}

/**
 * What a person's change or command becomes in the outbox: a change, its mutations; a command,
 * one entry the server runs by its name, with the mutations of its changes as its steps (what
 * this device did for it, laid over pulls until the server's answer arrives). Null if nothing.
 */
export function mutationsOfEvent(event: LocalEvent): ChangeMutations | null {
  if (!('command' in event)) return mutationsOfChange(event);
  const parts = event.changes.flatMap((change) => storedChangesOfChange(change) ?? []);
  const steps = parts.flatMap((part) => part.mutations);
  const first = steps[0];
  if (!first) return null;
  // Several commands, one per record: each carries the stored changes to its own record.
  const mutations = event.each
    ? event.each.flatMap(({ name, args, record }) => {
        const own = steps.filter((step) => step.record === record);
        return own.length > 0 ? [{ name, args, record, steps: own }] : [];
      })
    : [{ ...event.command, record: first.record, steps }];
  if (mutations.length === 0) return null;
  return {
    mutations,
    // A record's base is its value before the first of the command's changes that touched it.
    before: (record) =>
      parts.find((part) => part.mutations.some((m) => m.record === record))?.before(record) ?? null,
  };
}

/**
 * A command event's entries as the store changed the cache, one per command in the order they
 * were run (a command whose record the store did not change has no steps): written to the outbox
 * at once, so a page left right after a click keeps the change, and given the catalog's plan as
 * their steps once it is made (./command-planner.ts). Null when the store changed nothing.
 */
export function provisionalEntries(event: LocalCommand): ChangeMutations | null {
  const made = mutationsOfEvent(event);
  if (!made) return null;
  const first = made.mutations[0];
  const mutations: NewMutation[] = event.each
    ? event.each.map(
        ({ name, args, record }) =>
          made.mutations.find((m) => m.record === record && m.name === name) ?? {
            name,
            args,
            record,
            steps: [],
          },
      )
    : first
      ? [first]
      : [];
  return { ...made, mutations };
}

/** The cached value of `record` (`kind:id`), as a base for a ready-made mutation. */
export const cachedRecord =
  (cache: LocalRecords) =>
  (record: string): AnyLocalRecord | null => {
    const { kind, id } = splitRecordKey(record);
    if (kind === 'timer') return null;
    return (cache[listOfKind[kind]] as AnyLocalRecord[]).find((r) => r.id === id) ?? null;
  };
