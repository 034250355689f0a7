import { atom, type ReadableAtom } from 'nanostores';
import { rebase, type NewMutation } from '../../lib/sync/rebase';
import type { User } from '../auth';
import type { LocalEvent } from '../local-changes';
import { cachedRecord, mutationsOfEvent } from './changes';
import { startingStatus, type SyncDeps, type SyncStatus } from './deps';
import { createLeaderTab } from './leader';
import { createOutbox } from './outbox';
import type { CacheOwner } from './owner';
import { listenToPage } from './page-events';
import { createPokeStream } from './poke-stream';
import { createSession, type Session } from './session';
import { syncStateKey, type SyncState } from './state';
import { createTransport, type WorkspaceChoice } from './transport';
import { createWorkspaceSwitch } from './workspace-switch';

/**
 * The browser half of sync (docs/architecture.md, "The sync loop"): store actions become
 * mutations in an outbox kept in storage; one tab per account and workspace (the leader) pushes
 * them, holds the poke stream and pulls; every tab follows the documented keys through the
 * `storage` event. Built from its parts, each made from the dependencies it needs.
 */
export interface SyncEngine {
  /** What the shell says about sync. */
  $status: ReadableAtom<SyncStatus>;
  /**
   * Opens `user`'s workspace on this device: a cache that belongs to someone else is emptied
   * before anything is shown; records from before sync are set aside and offered for upload.
   */
  startSync: (user: User) => Promise<void>;
  /** Stops syncing (signed out): a start still waiting for the workspace list starts nothing. */
  stopSync: () => void;
  /** Pushes what waits in the outbox, then pulls; resolves once this call's changes went out. */
  pushNow: () => Promise<void>;
  /** Pulls what changed since the last pull and rebases the cache on it. */
  pullNow: () => Promise<void>;
  /** Opens another of the person's workspaces on this device (./workspace-switch.ts). */
  switchWorkspace: (
    target: WorkspaceChoice,
  ) => Promise<{ ok: true } | { ok: false; message: string }>;
  /** Forgets refusals the person has read. */
  dismissRefusals: () => void;
  /** Appends ready-made mutations (an upload or an import) and applies them here at once. */
  enqueueMutations: (mutations: NewMutation[]) => void;
  /** The owner this engine syncs for, if any. */
  currentOwner: () => CacheOwner | null;
  /** Ends everything it started, for good: listeners, timers, the stream, calls under way. */
  dispose: () => void;
}

const sameWorkspace = (a: CacheOwner, b: CacheOwner) =>
  a.userId === b.userId && a.workspaceId === b.workspaceId;

/** Composes the outbox, transport, leader tab, poke stream and workspace switch into an engine. */
export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const { cache, page } = deps;
  const status = deps.status ?? atom<SyncStatus>(startingStatus());
  const outbox = createOutbox(deps);
  const transport = createTransport(deps);
  const leaderTab = createLeaderTab(deps);
  const workspaces = createWorkspaceSwitch({ transport, storage: deps.storage, outbox, cache });
  const poke = createPokeStream({
    EventSource: deps.EventSource,
    clock: deps.clock,
    url: transport.pokeUrl,
    pull: () => void session?.pullNow(),
    poked: (version) => session?.poked(version),
    patched: (patch) => session?.patched(patch),
    noticed: () => deps.page.noticed?.(),
    mayRetry: () => Boolean(session && !session.view().problem),
  });
  let session: Session | null = null;
  /** Moves on at every start and stop: a start that finds it moved while it waited does nothing. */
  let generation = 0;
  let disposed = false;
  let unlisten: (() => void) | null = null;

  /** Recomputes the status line; pass the sync state when it was just read or written. */
  function refresh(state?: SyncState): void {
    const s = session;
    if (!s) return;
    const { outbox: waiting, refusals } = state ?? outbox.read(s.owner);
    const view = s.view();
    const offline = view.networkDown || !page.isOnline();
    status.set({
      phase: view.problem
        ? 'error'
        : offline
          ? 'offline'
          : waiting.length > 0 || view.busy || view.catchingUp
            ? 'saving'
            : 'saved',
      pending: waiting.length,
      refusals,
      problem: view.problem,
    });
  }

  /** Turns a change a person made into mutations in the outbox, and pushes if this tab leads. */
  function enqueue(event: LocalEvent): void {
    const s = session;
    const made = s && mutationsOfEvent(event);
    if (!s || !made) return;
    refresh(outbox.append(s.owner, made.mutations, made.before));
    if (s.leader) void s.pushNow();
  }

  function endSession(): void {
    session?.stop();
    session = null;
    leaderTab.stop();
    poke.close();
  }

  function stopSync(): void {
    generation += 1;
    endSession();
  }

  /** Listens from the first start on (changes made before then wait in local-changes.ts). */
  function listen(): void {
    unlisten ??= listenToPage({
      page,
      cache,
      session: () => session,
      enqueue,
      refresh: () => refresh(),
      follow: () => {
        stopSync();
        page.reload();
      },
    });
  }

  async function startSync(user: User): Promise<void> {
    if (disposed) return;
    generation += 1;
    const mine = generation;
    const chosen = await workspaces.choose(user);
    // Stopped (signed out) or started again while the list was on its way: start nothing.
    if (disposed || mine !== generation) return;
    if (!chosen.ok) {
      status.set({ ...status.get(), phase: 'error', problem: chosen.problem });
      return;
    }
    const owner = chosen.owner;
    const running = session;
    if (running && sameWorkspace(running.owner, owner) && !running.view().problem) return;
    // Ended first, so this tab does not take its own change of the cache's owner for another's.
    endSession();
    workspaces.takeOver(owner);
    const s = createSession({
      owner,
      outbox,
      transport,
      cache,
      account: deps.account,
      clock: deps.clock,
      changed: (state) => {
        if (session === s) refresh(state);
      },
    });
    session = s;
    cache.owner.set(owner);
    cache.trimOldLogs(owner);
    listen();
    refresh();
    leaderTab.lead(`hourmark-sync:${syncStateKey(owner)}`, () => {
      if (session !== s) return;
      s.setLeader(true);
      poke.open(owner.workspaceId);
      void s.pushNow();
      // Saving until the first pull has brought this tab up to date.
      refresh();
    });
  }

  return {
    $status: status,
    startSync,
    stopSync,
    pushNow: () => session?.pushNow() ?? Promise.resolve(),
    pullNow: () => session?.pullNow() ?? Promise.resolve(),
    async switchWorkspace(target) {
      const s = session;
      if (!s) return { ok: false, message: 'Your workspace is still opening.' };
      return workspaces.switchTo(s.owner, target, {
        pushNow: () => s.pushNow(),
        stop: stopSync,
        reload: page.reload,
      });
    },
    dismissRefusals() {
      if (!session) return;
      refresh(outbox.dismissRefusals(session.owner));
    },
    enqueueMutations(mutations) {
      const s = session;
      if (!s || mutations.length === 0) return;
      const cached = cache.read();
      const state = outbox.append(s.owner, mutations, cachedRecord(cached));
      const out = rebase({
        local: cached,
        timer: cache.timer(),
        changes: [],
        reset: false,
        pending: state.outbox,
        bases: state.bases,
        now: deps.clock.now().toISOString(),
      });
      cache.write(out.local, out.timer);
      refresh(state);
      if (s.leader) void s.pushNow();
    },
    currentOwner: () => session?.owner ?? null,
    dispose() {
      if (disposed) return;
      disposed = true;
      stopSync();
      unlisten?.();
      unlisten = null;
      poke.dispose();
      leaderTab.dispose();
      transport.dispose();
      workspaces.dispose();
      outbox.dispose();
    },
  };
}

export type { SyncStatus } from './deps';
export type { WorkspaceChoice } from './transport';
