import { atom, type ReadableAtom } from 'nanostores';
import {
  rebase,
  withBases,
  type Bases,
  type NewMutation,
  type PendingMutation,
} from '../../lib/sync/rebase';
import type { User } from '../auth';
import type { LocalCommand, LocalEvent } from '../local-changes';
import {
  cachedRecord,
  mutationsOfEvent,
  provisionalEntries,
  type ChangeMutations,
} from './changes';
import type * as CommandPlanner from './command-planner';
import { startingStatus, type SyncDeps, type SyncStatus } from './deps';
import { createTabHandOff } from './hand-off';
import { handOffsPresent } from './hand-off-key';
import type * as HandOffTaking from './hand-off-take';
import { createLeaderTab } from './leader';
import { createOutbox } from './outbox';
import type { CacheOwner } from './owner';
import { listenToPage } from './page-events';
import { createPokeStream } from './poke-stream';
import { createSession, type Session } from './session';
import { syncStateKey, type Refusal, type SyncState } from './state';
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
  // This tab's own hand-off is written at once (a change must be stored before the page may
  // go); the leader's taking of other tabs' hand-offs (./hand-off-take.ts) loads when it finds
  // one (issue 29: a first visit is one tab).
  const handOff = createTabHandOff(deps.storage, deps.tabId ?? newTabId());
  let taking: typeof HandOffTaking | null = null;
  let takingLoads: Promise<unknown> | null = null;
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
  /** A start under way (the workspace list is on its way): pushNow waits for it. */
  let starting: Promise<void> | null = null;
  /** Moves on at every start and stop: a start that finds it moved while it waited does nothing. */
  let generation = 0;
  let disposed = false;
  let unlisten: (() => void) | null = null;
  /**
   * Commands in the outbox with the store's change as their steps, waiting for their plan (the
   * planner loads with the first), with their entries' ids where this tab wrote them.
   */
  const unplanned: { event: LocalCommand; session: Session; ids: number[] | null }[] = [];
  let planning: Promise<void> | null = null;
  let plannerCode: Promise<typeof CommandPlanner> | null = null;
  /** Commands whose store change was not what their plan makes, reported once each. */
  const warned = new Set<string>();

  /** Recomputes the status line; pass the sync state when it was just read or written. */
  function refresh(state?: SyncState): void {
    const s = session;
    if (!s) return;
    const current = state ?? outbox.read(s.owner);
    const { refusals } = current;
    // This tab's own handed-over changes count until the leader took them into the outbox, also
    // when this tab has just become the leader and is still taking them (it says Saved only then).
    const pending = current.outbox.length + handOff.waiting(s.owner, current);
    const view = s.view();
    const offline = view.networkDown || !page.isOnline();
    status.set({
      phase: view.problem
        ? 'error'
        : offline
          ? 'offline'
          : pending > 0 || view.busy || view.catchingUp
            ? 'saving'
            : 'saved',
      pending,
      refusals,
      problem: view.problem,
    });
  }

  /**
   * Turns a change a person made into mutations. A command goes into the outbox at once with the
   * store's change as its steps (so leaving the page right after a click loses nothing), then the
   * catalog plans it on the cache (./command-planner.ts), in the order commands were run, and
   * the plan's steps replace the store's; a bare list change (a test's, or an older caller's) is
   * translated as it stands (./changes.ts).
   */
  function enqueue(event: LocalEvent): void {
    const s = session;
    if (!s) return;
    if (!('command' in event)) {
      const made = mutationsOfEvent(event);
      if (made) send(s, made);
      return;
    }
    const made = provisionalEntries(event);
    if (!made) return;
    const state = send(s, made);
    // The entries' ids, one per command, where this tab wrote them (the leader's outbox).
    const ids = state ? state.outbox.slice(-made.mutations.length).map((m) => m.id) : null;
    unplanned.push({ event, session: s, ids });
    planning ??= planQueued().finally(() => {
      planning = null;
    });
  }

  /**
   * Plans the commands waiting, and those run while they are planned, as one run: each reads the
   * cache as the plans before it left it. Then each entry's steps become its plan's, and the
   * cache is rebased on them when a store's own change was not what its plan makes (the plan
   * wins) or a plan refused: the screen shows exactly what the server will make of them.
   */
  async function planQueued(): Promise<void> {
    let code: typeof CommandPlanner;
    try {
      code = await (plannerCode ??= import('./command-planner'));
    } catch {
      // The planner's code could not load (a deploy removed it while the tab was open): the
      // entries keep the store's change as this device's guess; the server plans anyway.
      plannerCode = null;
      unplanned.length = 0;
      return;
    }
    const first = unplanned[0]?.session;
    const run = code.startPlanning(
      () => ({ local: cache.read(), timer: cache.timer() }),
      deps.clock.now().toISOString(),
    );
    const taken: typeof unplanned = [];
    try {
      while (unplanned.length > 0) {
        const batch = unplanned.splice(0);
        taken.push(...batch);
        await run.plan(batch.map((u) => u.event));
      }
    } catch (error) {
      // A fault in planning: the entries keep the store's change, as when the code cannot load.
      console.error(error);
      unplanned.length = 0;
      return;
    }
    const s = session;
    // Stopped or moved to another workspace meanwhile: its outbox stays as it was written.
    if (disposed || !s || s !== first || taken.some((t) => t.session !== s)) return;
    const planned = run.result();
    for (const name of planned.diverged) {
      if (warned.has(name) || !import.meta.env.DEV) continue;
      warned.add(name);
      console.warn(
        `Hourmark: the store's change for ${name} is not what the command's plan makes; the plan's is kept (src/lib/commands/catalog.ts).`,
      );
    }
    const ids = taken.flatMap((t) => t.ids ?? []);
    if (s.leader && ids.length === planned.outcomes.length) {
      const state = outbox.update(s.owner, (current) =>
        withPlans(current, ids, planned, deps.clock.now().toISOString()),
      );
      // Every record the stores changed has its base from the entries written at once, so the
      // rebase puts back what no plan makes (and a pull that confirmed them left the server's).
      if (planned.repaint) layOverCache(state);
      refresh(state);
      return;
    }
    // A following tab handed its entries over as the store made them (the leader lays those
    // over the shared cache, and the server's answer replaces them); this tab shows the plans'.
    if (planned.repaint)
      layOverCache(withOwn(s, planned.mutations, planned.before), planned.repaint);
  }

  /**
   * The sync state with each command's entry (by `ids`, in order) given its plan's steps, and
   * the bases of records only the plan changes; an entry whose plan was refused here leaves the
   * outbox unless the server answered it already, and is kept as a refusal, as the server's are.
   */
  function withPlans(
    state: SyncState,
    ids: readonly number[],
    planned: CommandPlanner.PlannedCommands,
    at: string,
  ): SyncState {
    const outcomes = new Map(ids.map((id, i) => [id, planned.outcomes[i]]));
    const refused: Refusal[] = [];
    // Entries a pull confirmed meanwhile are gone, and so are their records' bases: only those
    // still waiting take the plan's steps and bases.
    const stillWaiting: NewMutation[] = [];
    const outboxNow = state.outbox.flatMap((entry): PendingMutation[] => {
      const outcome = outcomes.get(entry.id);
      if (!outcome) return [entry];
      if (outcome.ok) {
        const steps = outcome.mutation.steps ?? [];
        stillWaiting.push(outcome.mutation);
        return [{ ...entry, steps }];
      }
      if (entry.answered) return [entry];
      refused.push({
        mutation: entry,
        reason: outcome.refusal.reason,
        message: outcome.refusal.message,
        at,
      });
      return [];
    });
    return {
      ...state,
      outbox: outboxNow,
      bases: withBases(state.bases, stillWaiting, planned.before),
      refusals: [...state.refusals, ...refused],
    };
  }

  /**
   * Puts `made` in the outbox (the leader: the state written is returned) or hands it to the
   * leader (another tab), and pushes.
   */
  function send(s: Session, made: ChangeMutations): SyncState | null {
    const { mutations, before } = made;
    if (s.leader) {
      const state = outbox.append(s.owner, mutations, before);
      refresh(state);
      void s.pushNow();
      return state;
    }
    handOff.give(s.owner, mutations, withBases({}, mutations, before), deps.clock.now());
    refresh();
    return null;
  }

  /** The outbox as a following tab sees it with its own `mutations` handed over on top. */
  function withOwn(
    s: Session,
    mutations: NewMutation[],
    before: Parameters<typeof withBases>[2],
  ): SyncState {
    const shared = outbox.read(s.owner);
    const bases = withBases({}, mutations, before);
    const mine = mutations.map((m, i) => ({ ...m, id: shared.nextMutationId + i }));
    return { ...shared, outbox: [...shared.outbox, ...mine], bases: { ...bases, ...shared.bases } };
  }

  /**
   * The leader takes what other tabs handed over into the outbox and lays it over the cache it
   * writes for every tab (their own writes of the shared keys stay in their memory).
   */
  function takeOthersChanges(s: Session): void {
    if (!s.leader || session !== s) return;
    const current = outbox.read(s.owner);
    if (!taking) {
      // Nothing handed over and nothing noted: nothing to take, and no need to load the code.
      if (!handOffsPresent(deps.storage.keys(), s.owner, current)) return;
      takingLoads ??= import('./hand-off-take').then((code) => {
        taking = code;
      });
      void takingLoads.then(() => {
        if (disposed || session !== s) return;
        takeOthersChanges(s);
        void s.pushNow();
      });
      return;
    }
    const taken = taking.takeHandOffs(deps.storage, s.owner, current, deps.clock.now());
    if (!taken.took) return;
    const state = outbox.update(s.owner, () => taken.state);
    layOverCache(state);
    refresh(state);
  }

  /**
   * Lays what `state`'s outbox holds over the cache, as the server will make it if it accepts;
   * records in `from` (a person's change just planned) start again from the value given there
   * when the outbox has no base for them.
   */
  function layOverCache(state: SyncState, from: Bases = {}): void {
    const out = rebase({
      local: cache.read(),
      timer: cache.timer(),
      changes: [],
      reset: false,
      pending: state.outbox,
      bases: { ...from, ...state.bases },
      now: deps.clock.now().toISOString(),
    });
    cache.write(out.local, out.timer);
  }

  /** Another tab wrote the outbox: a following tab drops what the leader took from it. */
  function outboxWritten(s: Session): void {
    if (!s.leader) handOff.prune(s.owner, outbox.read(s.owner));
    refresh();
  }

  function endSession(): void {
    if (session) cache.holdWrites('drop');
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
      outboxWritten,
      handedOver: takeOthersChanges,
      follow: () => {
        stopSync();
        page.reload();
      },
    });
  }

  function startSync(user: User): Promise<void> {
    const started = start(user);
    starting = started;
    const done = () => {
      if (starting === started) starting = null;
    };
    started.then(done, done);
    return started;
  }

  /**
   * Pushes what waits, once the session a start under way opens exists: a screen that must
   * have its changes on the server before a call (an invitation for a member just added) may
   * run before the workspace list came back, and must not go ahead with nothing pushed.
   */
  async function pushWhenStarted(): Promise<void> {
    if (!session && starting) await starting;
    const s = session;
    if (!s) return;
    if (s.leader) return s.pushNow();
    // Another tab pushes: wait until it took and saved this tab's changes too.
    await settled(15_000);
  }

  /** Resolves once the status line says Saved, or cannot (offline, a problem), or after `ms`. */
  function settled(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let stop: (() => void) | null = null;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        deps.clock.clearTimeout(timer);
        stop?.();
        resolve();
      };
      const timer = deps.clock.setTimeout(finish, ms);
      stop = status.subscribe(({ phase }) => {
        if (phase !== 'saving' && phase !== 'starting') finish();
      });
      if (done) stop();
    });
  }

  async function start(user: User): Promise<void> {
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
      beforePush: () => takeOthersChanges(s),
    });
    session = s;
    // Until this tab leads, the leader writes the shared keys.
    cache.holdWrites('hold');
    cache.owner.set(owner);
    cache.trimOldLogs(owner);
    listen();
    refresh();
    leaderTab.lead(`hourmark-sync:${syncStateKey(owner)}`, () => {
      if (session !== s) return;
      s.setLeader(true);
      // This tab's view is the newest now: it writes the shared keys, and its own hand-off and
      // any other tab's (the leader before may have closed before taking them) go out.
      cache.holdWrites('write');
      poke.open(owner.workspaceId);
      takeOthersChanges(s);
      void s.pushNow();
      // Saving until the first pull has brought this tab up to date.
      refresh();
    });
  }

  return {
    $status: status,
    startSync,
    stopSync,
    pushNow: pushWhenStarted,
    pullNow: () => session?.pullNow() ?? Promise.resolve(),
    async switchWorkspace(target) {
      const s = session;
      if (!s) return { ok: false, message: 'Your workspace is still opening.' };
      const { moveToWorkspace } = await import('./workspace-move');
      return moveToWorkspace({ outbox, workspaces }, s.owner, target, {
        pushNow: pushWhenStarted,
        stop: stopSync,
        reload: page.reload,
      });
    },
    dismissRefusals() {
      const s = session;
      if (!s) return;
      if (s.leader) return refresh(outbox.dismissRefusals(s.owner));
      handOff.dismiss(s.owner, deps.clock.now());
    },
    enqueueMutations(mutations) {
      const s = session;
      if (!s || mutations.length === 0) return;
      const before = cachedRecord(cache.read());
      let state: SyncState;
      if (s.leader) state = outbox.append(s.owner, mutations, before);
      else {
        // Handed to the leader; shown here at once, laid over what the outbox holds.
        handOff.give(s.owner, mutations, withBases({}, mutations, before), deps.clock.now());
        state = withOwn(s, mutations, before);
      }
      layOverCache(state);
      refresh(s.leader ? state : undefined);
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

/** A new id for this tab (a page load), naming its hand-off key. */
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type { SyncStatus } from './deps';
export type { WorkspaceChoice } from './transport';
