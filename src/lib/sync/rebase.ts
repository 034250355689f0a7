import type { z } from 'zod';
import type { timerFields } from './fields';
import {
  changedServerFields,
  listOfKind,
  localFromRow,
  relabel,
  serverFieldsOf,
  type AnyLocalRecord,
  type LocalRecords,
} from './local-records';
import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';
import type { RecordKindDescription } from '../records/kind';
import type { CommandName } from '../commands/catalog';
import type { MutationName } from './mutations';

/**
 * Replicache's rebase, on the browser's records: the cache is the server's rows as of the last
 * pull with the mutations still pending applied on top. A pull replaces the rows it brings and
 * applies the pending mutations again; a refused mutation is undone because its record goes
 * back to the server's row (kept as the record's "base" while mutations on it are pending).
 */

export type Timer = z.infer<typeof timerFields>;
export type SyncKind = RecordKind | 'timer';

/** A mutation made on this device, not yet confirmed by a pull. */
export interface PendingMutation {
  /** Increases by client id; the server answers an id it has applied from what it stored. */
  id: number;
  /** A stored change (../sync/mutations.ts), or a named command (../commands) with `steps`. */
  name: MutationName | CommandName;
  args: Record<string, unknown>;
  /** `kind:id` of the one record it changes (`timer:me` for the stopwatch); a command's first. */
  record: string;
  /**
   * A named command's stored changes as this device made them on its cache. The server runs the
   * command (`name`, `args`) and its answer replaces them; until a pull carries it they are laid
   * over pulled rows like any pending mutation.
   */
  steps?: NewMutation[];
  /** An upload of data found in this browser: a record the server already has is not an error. */
  quiet?: boolean;
  /**
   * The server answered it (applied or refused) under this id and client id; only such a
   * mutation leaves the outbox when a pull's `lastMutationIds` reach its id, so one numbered
   * again by a device that lost its state is never taken for saved.
   */
  answered?: true;
}

/** A pending mutation before it gets its id. */
export type NewMutation = Omit<PendingMutation, 'id'>;

/** A row as a pull delivers it. */
export interface PulledChange {
  kind: SyncKind;
  id: string;
  deleted: boolean;
  data: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

/** The server's version of each record that pending mutations change (null: it has none). */
export type Bases = Record<string, AnyLocalRecord | Timer | null>;

export const TIMER_RECORD = 'timer:me';

/** The stored create, update and delete of each kind (its description's `mutations`). */
const names = (kind: RecordKind) =>
  kindDescriptions[kind].mutations as {
    create: MutationName;
    update: MutationName;
    remove: MutationName;
  };

/**
 * The mutations that turn `before` into `after` (one list of one kind, as a store action
 * changed it): a create per new record, an update carrying only the fields that changed, a
 * delete per record gone. Records an action did not touch keep their identity and cost nothing.
 */
export function mutationsFromDiff(
  kind: RecordKind,
  before: readonly AnyLocalRecord[],
  after: readonly AnyLocalRecord[],
): NewMutation[] {
  const previous = new Map(before.map((r) => [r.id, r]));
  const out: NewMutation[] = [];
  for (const record of after) {
    const old = previous.get(record.id);
    previous.delete(record.id);
    if (old === record) continue;
    const key = `${kind}:${record.id}`;
    if (!old) {
      const createdAt = (record as { createdAt?: string }).createdAt;
      out.push({
        name: names(kind).create,
        record: key,
        args: {
          id: record.id,
          fields: serverFieldsOf(kind, record),
          ...(createdAt && !createdAt.startsWith('1970') ? { createdAt } : {}),
        },
      });
      continue;
    }
    const changes = changedServerFields(kind, old, record);
    if (changes)
      out.push({ name: names(kind).update, record: key, args: { id: record.id, changes } });
  }
  for (const id of previous.keys())
    out.push({ name: names(kind).remove, record: `${kind}:${id}`, args: { id } });
  return out;
}

/**
 * The record after one stored change, as the server would make it if it accepts it (a pull's
 * rebase, and the device's plan of a command on its cache: src/stores/sync/command-planner.ts).
 */
export function applyMutation(
  kind: SyncKind,
  record: AnyLocalRecord | Timer | null,
  mutation: Pick<PendingMutation, 'name' | 'args'>,
  now: string,
): AnyLocalRecord | Timer | null {
  const args = mutation.args;
  if (kind === 'timer') return (args['timer'] as Timer | undefined) ?? record;
  if (mutation.name.startsWith('delete')) return null;
  if (mutation.name === names(kind).update)
    return record ? { ...record, ...(args['changes'] as object), updatedAt: now } : null;
  return localFromRow(
    kind,
    String(args['id']),
    args['fields'] as Record<string, unknown>,
    (args['createdAt'] as string | undefined) ?? now,
    now,
  );
}

/** Splits a `kind:id` record key (ids may contain colons). */
export function splitRecordKey(key: string): { kind: SyncKind; id: string } {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) as SyncKind, id: key.slice(at + 1) };
}

/** What a pull does to the cache. */
export interface RebaseInput {
  local: LocalRecords;
  timer: Timer;
  /** Rows the pull brought, in order. */
  changes: readonly PulledChange[];
  /** True when the rows are everything the server has (the cache is replaced). */
  reset: boolean;
  /** Mutations not yet confirmed by this pull, in id order. */
  pending: readonly PendingMutation[];
  bases: Bases;
  now: string;
}

export interface RebaseOutput {
  local: LocalRecords;
  timer: Timer;
  bases: Bases;
}

/** Applies a pull to the cache and re-applies the pending mutations (see the top of this file). */
export function rebase(input: RebaseInput): RebaseOutput {
  const maps = Object.fromEntries(
    recordKinds.map((kind) => [
      kind,
      new Map<string, AnyLocalRecord>(
        input.reset ? [] : input.local[listOfKind[kind]].map((r) => [r.id, r]),
      ),
    ]),
  ) as Record<RecordKind, Map<string, AnyLocalRecord>>;
  const bases: Bases = { ...input.bases };
  let timer = input.timer;
  const set = (kind: SyncKind, id: string, value: AnyLocalRecord | Timer | null) => {
    if (kind === 'timer') timer = (value as Timer | null) ?? { status: 'idle' };
    else if (value) maps[kind].set(id, value as AnyLocalRecord);
    else maps[kind].delete(id);
  };
  if (input.reset && !(TIMER_RECORD in bases)) timer = { status: 'idle' };

  for (const change of input.changes) {
    const key = change.kind === 'timer' ? TIMER_RECORD : `${change.kind}:${change.id}`;
    const value =
      change.deleted || !change.data
        ? null
        : change.kind === 'timer'
          ? (change.data as Timer)
          : localFromRow(change.kind, change.id, change.data, change.createdAt, change.updatedAt);
    if (key in bases) bases[key] = value;
    else set(change.kind, change.id, value);
  }

  const pendingByRecord = new Map<string, PendingMutation[]>();
  for (const m of input.pending.flatMap(storedChangesOf))
    pendingByRecord.set(m.record, [...(pendingByRecord.get(m.record) ?? []), m]);
  for (const [key, base] of Object.entries(bases)) {
    const { kind, id } = splitRecordKey(key);
    let value = base;
    for (const m of pendingByRecord.get(key) ?? [])
      value = applyMutation(kind, value, m, input.now);
    set(kind, id, value);
    if (!pendingByRecord.has(key)) delete bases[key];
  }

  // Each kind's list, in its description's order (logs newest first, as `taskData` keeps them).
  const lists = Object.fromEntries(
    recordKinds.map((kind) => {
      const { order }: RecordKindDescription = kindDescriptions[kind];
      const list = [...maps[kind].values()] as never[];
      return [listOfKind[kind], order ? list.sort(order) : list];
    }),
  ) as unknown as LocalRecords;
  const local = relabel(lists);
  return { local, timer, bases };
}

/** The stored changes a pending entry makes: its own, or a command's steps, under its id. */
export const storedChangesOf = (m: PendingMutation): PendingMutation[] =>
  m.steps ? m.steps.map((step) => ({ ...step, id: m.id })) : [m];

/**
 * Records a base for each record a new mutation touches that has none yet: its version before
 * the change, which is the server's (no pending mutation had changed it).
 */
export function withBases(
  bases: Bases,
  mutations: readonly NewMutation[],
  before: (record: string) => AnyLocalRecord | Timer | null,
): Bases {
  const next = { ...bases };
  for (const m of mutations.flatMap((n) => n.steps ?? [n]))
    if (!(m.record in next)) next[m.record] = before(m.record);
  return next;
}
