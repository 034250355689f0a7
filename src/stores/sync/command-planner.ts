import {
  commands,
  type CommandName,
  type CommandReader,
  type Step,
} from '../../lib/commands/catalog';
import { planCommand } from '../../lib/commands/plan-command';
import { newId } from '../../lib/entities/fast-fields';
import { kindOfMutation, type RecordKind } from '../../lib/records/kinds';
import {
  changedServerFields,
  listOfKind,
  serverFieldsOf,
  type AnyLocalRecord,
  type LocalRecords,
} from '../../lib/sync/local-records';
import {
  applyMutation,
  splitRecordKey,
  TIMER_RECORD,
  type Bases,
  type NewMutation,
  type Timer,
} from '../../lib/sync/rebase';
import type { LocalCommand } from '../local-changes';
import { kindOfKey } from './changes';

// The device runs the catalog's own plan of each command a person ran (issue 48): what the
// command does to the cache is what src/lib/commands/catalog.ts says it does, read from the
// cache as it was before the store's change, exactly as the server will plan it on its tables.
// The store's own list change is only the first paint; where it differs, the plan wins. This
// module carries the catalog and zod, so the engine loads it when the first command comes
// (Track's first visit does without it: docs/bench.md, issue 29).

type Value = AnyLocalRecord | Timer | null;

/** What the stores changed of one record while the commands ran: its value before, and after. */
interface Touched {
  before: Value;
  after: Value;
}

/** A command the plan refused on this device, with the server's words for it. */
export interface DeviceRefusal {
  mutation: NewMutation;
  reason: string;
  message: string;
}

/** What the commands a person ran come to on this device. */
export interface PlannedCommands {
  /** One outbox entry per command that changes something, its steps the catalog's plan. */
  mutations: NewMutation[];
  /** A record's value before the commands: the base of each record they change. */
  before: (record: string) => Value;
  refusals: DeviceRefusal[];
  /**
   * Every command, in the order it was run (each of a write's commands in turn): its entry with
   * the plan's steps (none when the plan changes nothing), or its refusal.
   */
  outcomes: ({ ok: true; mutation: NewMutation } | { ok: false; refusal: DeviceRefusal })[];
  /**
   * Null when the cache shows what the plans make; otherwise the value before the commands of
   * each record the stores changed, to rebase from, so the plans' result replaces the store's.
   */
  repaint: Bases | null;
  /** Commands whose store change differed from their plan (reported in development). */
  diverged: CommandName[];
}

/** The records each change to a synced list (or the stopwatch) touched, by `kind:id`. */
function touchedBy(event: LocalCommand): Map<string, Touched> {
  const touched = new Map<string, Touched>();
  const note = (key: string, before: Value, after: Value) => {
    const earlier = touched.get(key);
    touched.set(key, { before: earlier ? earlier.before : before, after });
  };
  for (const change of event.changes) {
    const kind = kindOfKey[change.key];
    if (!kind) continue;
    if (kind === 'timer') {
      note(TIMER_RECORD, change.before as Timer, change.after as Timer);
      continue;
    }
    // Records keep their identity unless an action changed them, so this finds them cheaply.
    const before = new Map((change.before as AnyLocalRecord[]).map((r) => [r.id, r]));
    for (const record of change.after as AnyLocalRecord[]) {
      const old = before.get(record.id);
      before.delete(record.id);
      if (old !== record) note(`${kind}:${record.id}`, old ?? null, record);
    }
    for (const [id, old] of before) note(`${kind}:${id}`, old, null);
  }
  return touched;
}

/** The record key (`kind:id`) a stored change writes. */
function recordOfStep(step: Step): string {
  const kind = kindOfMutation(step.name);
  if (!kind) return TIMER_RECORD;
  return `${kind.name}:${String((step.args as { id?: unknown }).id)}`;
}

/** Whether two values hold the same data whatever the order of their keys. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) =>
      sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/** Whether the server would keep the same record for `a` and `b` (labels aside). */
function sameRecord(key: string, a: Value, b: Value): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const { kind } = splitRecordKey(key);
  if (kind === 'timer') return sameData(a, b);
  return changedServerFields(kind, a, b) === null;
}

/** Commands being planned, one after another, until the engine takes what they came to. */
export interface Planning {
  /** Plans `events` after those planned before, in the order the person ran them. */
  plan: (events: readonly LocalCommand[]) => Promise<void>;
  /** What every command planned so far comes to. */
  result: () => PlannedCommands;
}

/**
 * Plans commands with the catalog on the device's cache (`cache` gives it as it is now, read once
 * per kind): each command reads the records as they were before its own store change, with the
 * plans of the commands before it applied, as the server will read them.
 */
export function startPlanning(
  cache: () => { local: LocalRecords; timer: Timer },
  now: string,
): Planning {
  let snapshot: { local: LocalRecords; timer: Timer } | null = null;
  const lists = new Map<RecordKind, Map<string, AnyLocalRecord>>();
  const cached = (key: string): Value => {
    snapshot ??= cache();
    const { kind, id } = splitRecordKey(key);
    if (kind === 'timer') return snapshot.timer;
    let list = lists.get(kind);
    if (!list) {
      const records = snapshot.local[listOfKind[kind]] as AnyLocalRecord[];
      list = new Map(records.map((r) => [r.id, r]));
      lists.set(kind, list);
    }
    return list.get(id) ?? null;
  };
  /** Each record the stores changed: its value before the first change and after the last. */
  const touched = new Map<string, Touched>();
  /** Each record as the plans so far left it. */
  const planned = new Map<string, Value>();
  /** A record as the next command reads it: planned, else as it was before the stores' changes. */
  const view = (key: string): Value =>
    planned.has(key)
      ? (planned.get(key) ?? null)
      : touched.has(key)
        ? (touched.get(key)?.before ?? null)
        : cached(key);
  const reader: CommandReader = {
    record: (kind, id) => {
      const value = view(`${kind}:${id}`);
      return Promise.resolve(value ? serverFieldsOf(kind, value) : null);
    },
    timer: () => Promise.resolve(view(TIMER_RECORD) as Record<string, unknown> | null),
    newId,
  };

  const mutations: NewMutation[] = [];
  const refusals: DeviceRefusal[] = [];
  const outcomes: PlannedCommands['outcomes'] = [];
  const diverged: CommandName[] = [];
  async function plan(events: readonly LocalCommand[]): Promise<void> {
    for (const event of events) {
      const own = touchedBy(event);
      for (const [key, change] of own)
        touched.set(key, {
          before: touched.has(key) ? (touched.get(key)?.before ?? null) : change.before,
          after: change.after,
        });
      // Each record this event changes, as its commands read it before they ran.
      const prior = new Map([...own.keys()].map((key) => [key, view(key)]));
      const changedByPlan = new Set<string>();
      const each = event.each ?? [{ ...event.command, record: '' }];
      for (const { name, args: given, record } of each) {
        // As the server will read them: what JSON drops (a field set to undefined) is not sent.
        const args = JSON.parse(JSON.stringify(given)) as Record<string, unknown>;
        const outcome = await planCommand(commands[name], args, reader);
        if (!outcome.ok) {
          const first = record || [...own.keys()][0] || '';
          const refusal = {
            mutation: { name, args, record: first },
            reason: outcome.reason,
            message: outcome.message,
          };
          refusals.push(refusal);
          outcomes.push({ ok: false, refusal });
          continue;
        }
        const steps = outcome.steps.map((step): NewMutation => ({
          name: step.name,
          args: step.args as Record<string, unknown>,
          record: recordOfStep(step),
        }));
        for (const step of steps) {
          const { kind } = splitRecordKey(step.record);
          if (!prior.has(step.record)) prior.set(step.record, view(step.record));
          planned.set(step.record, applyMutation(kind, view(step.record), step, now));
          changedByPlan.add(step.record);
        }
        const mutation = { name, args, record: record || (steps[0]?.record ?? ''), steps };
        outcomes.push({ ok: true, mutation });
        if (steps.length > 0) mutations.push(mutation);
      }
      // The store's change against the plan's, record by record (a record one of them left
      // alone is as it was before the command).
      const differs = [...prior.keys()].some((key) => {
        const before = prior.get(key) ?? null;
        const byStore = own.has(key) ? (own.get(key)?.after ?? null) : before;
        const byPlan = changedByPlan.has(key) ? view(key) : before;
        return !sameRecord(key, byStore, byPlan);
      });
      if (differs) diverged.push(event.command.name);
    }
  }

  function result(): PlannedCommands {
    const before = (key: string): Value =>
      touched.has(key) ? (touched.get(key)?.before ?? null) : cached(key);
    const repaint =
      diverged.length > 0 || refusals.length > 0
        ? Object.fromEntries([...touched.keys()].map((key) => [key, before(key)]))
        : null;
    return { mutations, before, refusals, outcomes, repaint, diverged };
  }

  return { plan, result };
}
