import { atom } from 'nanostores';
import type { NewMutation } from '../lib/sync/rebase';
import type { User } from './auth';
import { recordsDecoded } from './record-decoder';
import { browserDeps } from './sync/browser-deps';
import { startingStatus, type SyncStatus } from './sync/deps';
import { createSyncEngine, type SyncEngine } from './sync/engine';
import { guardLeaving } from './sync/leave-guard';
import type { CacheOwner } from './sync/owner';
import type { WorkspaceChoice } from './sync/transport';

/**
 * The app's one sync engine, built with the browser's own dependencies the first time sync
 * starts (this module loads after the first paint; screens never wait for it). The engine's
 * parts hold their own state (src/stores/sync holds none at module level); this edge is the one
 * place that keeps an engine for the page. Before a start, every action is a no-op.
 */

/** What the shell says about sync. */
export const $syncStatus = atom<SyncStatus>(startingStatus());

let engine: { sync: SyncEngine; unguard: () => void } | null = null;

function appEngine(): SyncEngine {
  if (!engine) {
    const sync = createSyncEngine(browserDeps($syncStatus));
    engine = { sync, unguard: guardLeaving($syncStatus) };
  }
  return engine.sync;
}

/**
 * Opens `user`'s workspace on this device and syncs it (see SyncEngine.startSync), once every
 * stored record that waited for its schema is decoded (./record-decoder.ts): the engine reads
 * the lists whole.
 */
export const startSync = (user: User): Promise<void> =>
  recordsDecoded().then(() => appEngine().startSync(user));

/** Stops syncing in this tab (signed out), including a start still on its way. */
export const stopSync = (): void => engine?.sync.stopSync();

/** Pushes what waits, then pulls; resolves once what was waiting at the call went out. */
export const pushNow = (): Promise<void> => engine?.sync.pushNow() ?? Promise.resolve();

/**
 * True once everything this device changed is on the server (the status line says Saved), false
 * when it cannot get there now (offline, a problem) or within `ms`. For a call that needs a
 * change made a moment ago to be on the server first, such as inviting a member just added,
 * even when the screen was opened so recently that sync is still starting.
 */
export function savedOnServer(ms = 15_000): Promise<boolean> {
  void pushNow();
  return new Promise((resolve) => {
    let done = false;
    let stop: (() => void) | null = null;
    const finish = (saved: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop?.();
      resolve(saved);
    };
    const timer = setTimeout(() => finish(false), ms);
    stop = $syncStatus.subscribe(({ phase }) => {
      if (phase === 'saved') finish(true);
      else if (phase === 'offline' || phase === 'error') finish(false);
    });
    if (done) stop();
  });
}

/** Pulls what changed since the last pull. */
export const pullNow = (): Promise<void> => engine?.sync.pullNow() ?? Promise.resolve();

/** Opens another of the person's workspaces on this device. */
export const switchWorkspace = (
  target: WorkspaceChoice,
): Promise<{ ok: true } | { ok: false; message: string }> =>
  engine
    ? engine.sync.switchWorkspace(target)
    : Promise.resolve({ ok: false, message: 'Your workspace is still opening.' });

/** Forgets refusals the person has read. */
export const dismissRefusals = (): void => engine?.sync.dismissRefusals();

/** Appends ready-made mutations (an upload or an import) and applies them here at once. */
export const enqueueMutations = (mutations: NewMutation[]): void =>
  engine?.sync.enqueueMutations(mutations);

/** The owner this tab syncs for, if any. */
export const currentOwner = (): CacheOwner | null => engine?.sync.currentOwner() ?? null;

/** Ends the app's engine and everything it started (tests; a page never needs to). */
export function disposeSync(): void {
  engine?.sync.dispose();
  engine?.unguard();
  engine = null;
  $syncStatus.set(startingStatus());
}

export type { SyncStatus, WorkspaceChoice };
