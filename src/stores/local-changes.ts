import type { CommandName } from '../lib/commands/catalog';

/**
 * The seam between the stores and the sync engine. Store actions report each change they make
 * to a synced list (before → after); the engine, which loads after the first paint so it costs
 * the screens nothing up front, turns changes into mutations. Changes made while no engine
 * listens wait here. Writes that come from the server do not pass through here.
 */
export type LocalChange = { key: string; before: unknown; after: unknown };

/**
 * A named command a person ran (src/lib/commands), with the changes it made to synced lists:
 * the server runs the command, and the changes are this device's guess until it answers.
 */
export type LocalCommand = {
  command: { name: CommandName; args: Record<string, unknown> };
  changes: LocalChange[];
  /**
   * Set when one write ran several commands, each on its own record (`kind:id`): each is sent
   * as its own entry with the changes to that record (a bulk edit of logs, a record's undo).
   */
  each?: { name: CommandName; args: Record<string, unknown>; record: string }[];
};

/** Queues the named command `name(args)` for the record `kind:id` it changes. */
export type QueueCommand = (
  name: CommandName,
  args: Record<string, unknown>,
  record: string,
) => void;

/** What the engine receives: a change to one list, or a command with its changes. */
export type LocalEvent = LocalChange | LocalCommand;

type Receiver = (event: LocalEvent) => void;

// Page-wide on purpose: the stores report here before any engine exists (src/stores/sync holds
// no module state; this seam and the app's engine in ./app-sync.ts are where it lives).
const receivers = new Set<Receiver>();
const waiting: LocalEvent[] = [];
/** The command being run, collecting the changes it makes (commands run synchronously). */
let running: LocalCommand | null = null;

function emit(event: LocalEvent): void {
  if (receivers.size === 0) waiting.push(event);
  for (const receive of receivers) receive(event);
}

/**
 * Reports a change a person made to the list or value under `key`, as part of the command being
 * run. Every store write that the server keeps runs as a named command (./record-commands.ts,
 * runCommand); a change outside one (the team's saved order, which stays on this device) is not
 * sent, so no write reaches the server as a bare list difference (issue 48).
 */
export function recordLocalChange(key: string, before: unknown, after: unknown): void {
  if (before === after || !running) return;
  running.changes.push({ key, before, after });
}

/**
 * Runs a store action as the named command `name`: the changes `apply` makes to the cache are
 * sent as that one command, which the server plans and checks itself (src/lib/commands), so it
 * is saved whole or not at all and means there what it meant here. A command run inside another
 * is part of it. Nothing is sent when `apply` changed nothing.
 */
export function runCommand<T>(name: CommandName, args: Record<string, unknown>, apply: () => T): T {
  if (running) return apply();
  const command: LocalCommand = { command: { name, args }, changes: [] };
  running = command;
  try {
    return apply();
  } finally {
    running = null;
    if (command.changes.length > 0) emit(command);
  }
}

/**
 * Runs a write that queues one named command per record it changes (./record-commands.ts):
 * each is sent as its own entry, so the server runs `editLog` once per log of a bulk edit, as
 * it would for one. Inside another command, the changes are part of that one.
 */
export function runCommands<T>(apply: (queue: QueueCommand) => T): T {
  if (running) return apply(() => {});
  const each: NonNullable<LocalCommand['each']> = [];
  const command: LocalCommand = { command: { name: 'editLog', args: {} }, changes: [], each };
  running = command;
  try {
    return apply((name, args, record) => each.push({ name, args, record }));
  } finally {
    running = null;
    const first = each[0];
    if (first && command.changes.length > 0)
      emit({ ...command, command: { name: first.name, args: first.args } });
  }
}

/**
 * Receives every change from now on, and the ones made while nobody listened; the returned
 * function stops it (changes made after that wait for the next receiver).
 */
export function onLocalChange(receive: Receiver): () => void {
  receivers.add(receive);
  for (const change of waiting.splice(0)) receive(change);
  return () => {
    receivers.delete(receive);
  };
}

/** A synced list as the engine reads and replaces it. */
export interface SyncedList {
  get: () => unknown[];
  /** Stores what the server sent without reporting it as a change. */
  replace: (next: never[]) => unknown;
}

/** The synced lists by documented key, registered as their stores load. */
export const syncedLists = new Map<string, SyncedList>();
