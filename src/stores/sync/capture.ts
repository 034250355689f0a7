/**
 * The seam between the stores and the sync engine. Store actions report each change they make
 * to a synced list (before → after); the engine, which loads after the first paint so it costs
 * the screens nothing up front, turns changes into mutations. Changes made before it loads wait
 * here. Writes that come from the server do not pass through here.
 */
export type LocalChange = { key: string; before: unknown; after: unknown };

let listener: ((change: LocalChange) => void) | null = null;
const waiting: LocalChange[] = [];

/** Reports a change a person made to the list or value under `key`. */
export function recordLocalChange(key: string, before: unknown, after: unknown): void {
  if (before === after) return;
  const change = { key, before, after };
  if (listener) listener(change);
  else waiting.push(change);
}

/** Receives every change from now on, and the ones made before this call. */
export function onLocalChange(receive: (change: LocalChange) => void): void {
  listener = receive;
  for (const change of waiting.splice(0)) receive(change);
}

/** A synced list as the engine reads and replaces it. */
export interface SyncedList {
  get: () => unknown[];
  /** Stores what the server sent without reporting it as a change. */
  replace: (next: never[]) => unknown;
}

/** The synced lists by documented key, registered as their stores load. */
export const syncedLists = new Map<string, SyncedList>();
