/**
 * The seam between the stores and the sync engine. Store actions report each change they make
 * to a synced list (before → after); the engine, which loads after the first paint so it costs
 * the screens nothing up front, turns changes into mutations. Changes made while no engine
 * listens wait here. Writes that come from the server do not pass through here.
 */
export type LocalChange = { key: string; before: unknown; after: unknown };

type Receiver = (change: LocalChange) => void;

// Page-wide on purpose: the stores report here before any engine exists (src/stores/sync holds
// no module state; this seam and the app's engine in ./app-sync.ts are where it lives).
const receivers = new Set<Receiver>();
const waiting: LocalChange[] = [];

/** Reports a change a person made to the list or value under `key`. */
export function recordLocalChange(key: string, before: unknown, after: unknown): void {
  if (before === after) return;
  const change = { key, before, after };
  if (receivers.size === 0) waiting.push(change);
  for (const receive of receivers) receive(change);
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
