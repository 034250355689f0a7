import type { MutationResult } from '../../lib/sync/mutations';
import { coalesce } from './coalesce';
import type { AccountHooks, Clock, DeviceCache } from './deps';
import type { Outbox } from './outbox';
import type { PokePatch } from './poke-stream';
import { applyPull } from './pull';
import type { CacheOwner } from './owner';
import type { SyncState } from './state';
import { createBackoff, worthRetrying, type Transport } from './transport';

/** Mutations per push; the server takes up to 500. */
const BATCH = 100;
/** Poke rows kept while a pull is under way; past this many, one more pull is simpler. */
const MOST_HELD_PATCHES = 50;

/** What one open workspace's sync knows right now, for the status line. */
export interface SessionView {
  problem: string | null;
  networkDown: boolean;
  busy: boolean;
  /** Leads, but no pull has brought this tab up to date yet. */
  catchingUp: boolean;
}

/** Syncing one account's workspace in this tab, from its start to its stop. */
export interface Session {
  readonly owner: CacheOwner;
  pushNow: () => Promise<void>;
  pullNow: () => Promise<void>;
  /** A plain poke: the server is at `version`; pulls unless this device is there already. */
  poked: (version: number) => void;
  /** A poke with rows: laid over the cache when they follow on from its cookie, else a pull. */
  patched: (patch: PokePatch) => void;
  /** This tab leads (or no longer does): pushes and pulls it alone may start. */
  setLeader: (leading: boolean) => void;
  readonly leader: boolean;
  /** The network is back: the next failure waits the shortest time again. */
  online: () => void;
  view: () => SessionView;
  /** Ends it: nothing it started runs on, and nothing it awaited acts afterwards. */
  stop: () => void;
  readonly stopped: boolean;
}

/**
 * The push and pull of one open workspace (docs/architecture.md, "The sync loop"). Everything it
 * remembers (what this tab pushed, whether it caught up) dies with it, so a workspace opened
 * again, or by another person, starts clean.
 */
export function createSession(deps: {
  owner: CacheOwner;
  outbox: Outbox;
  transport: Transport;
  cache: DeviceCache;
  account: AccountHooks;
  clock: Clock;
  /** Something changed that the status line shows. */
  changed: (state?: SyncState) => void;
  /** Runs before each push: the leader takes what other tabs handed over (./hand-off.ts). */
  beforePush?: () => void;
}): Session {
  const { owner: me, outbox, transport, cache, clock } = deps;
  const backoff = createBackoff(clock);
  /** The wait before asking again after a pull the server turned away (busy, 5xx): 2 s to 60 s. */
  let pullWait = 2000;
  let stopped = false;
  let leader = false;
  let problem: string | null = null;
  let networkDown = false;
  let caughtUp = false;
  /** The highest version a plain poke named while a pull was under way (0: none). */
  let pokedDuringPull = 0;
  /** Poke rows that arrived during a pull (patched), in order of arrival. */
  const heldPatches: PokePatch[] = [];
  /** Mutation ids up to this one were pushed by this tab and answered; the pull confirms them. */
  let pushedUpTo = 0;
  const live = () => !stopped && !problem;

  function stopOnProblem(status: number, message: string): void {
    if (status === 401) {
      deps.account.signedOut();
      problem = 'You were signed out. Sign in again to save your changes.';
    } else {
      // 403 from a push or pull: no longer a member (archived, removed), so no role to act in.
      deps.account.forgetAccess();
      problem = message;
    }
    backoff.cancel();
    deps.changed();
  }

  const settled = () => {
    if (!stopped) deps.changed();
  };
  const pushes = coalesce(pushOutbox, live, settled);
  const pulls = coalesce(pullOnce, live, () => {
    settled();
    layHeldPatches();
    pullIfPokedPast();
  });
  const pushNow = pushes.run;
  const pullNow = pulls.run;

  /** Pushes what the outbox holds beyond what this tab already pushed, then pulls. */
  async function pushOutbox(): Promise<void> {
    // Only the leading tab writes the outbox (./hand-off.ts); another tab's changes reach it.
    if (!leader) return;
    deps.beforePush?.();
    let renewed = false;
    while (live()) {
      const state = outbox.read(me);
      const batch = state.outbox.filter((m) => m.id > pushedUpTo && !m.answered).slice(0, BATCH);
      if (batch.length === 0) break;
      deps.changed(state);
      const result = await transport.push(me.workspaceId, state.clientId, batch);
      if (stopped) return;
      if (!result.ok && worthRetrying(result)) {
        networkDown = result.status === 0;
        deps.changed();
        backoff.schedule(() => void pushNow());
        return;
      }
      networkDown = false;
      backoff.reset();
      if (!result.ok && (result.status === 401 || result.status === 403)) {
        stopOnProblem(result.status, result.message);
        return;
      }
      if (!result.ok && result.error === 'mutation_ids_reused') {
        // A new client id cannot have been used before; refused again, something else is wrong.
        if (renewed) return stopOnProblem(result.status, result.message);
        if (!(await renewClientId())) {
          if (!stopped) backoff.schedule(() => void pushNow());
          return;
        }
        renewed = true;
        continue;
      }
      // A batch the server cannot read at all (it should never happen) is refused as a whole,
      // kept for the person to read, and not sent again.
      const answers = result.ok
        ? result.data.results
        : batch.map((m): MutationResult => ({
            id: m.id,
            outcome: 'refused',
            reason: 'invalid_args',
            message: result.message,
          }));
      outbox.recordRefusals(me, batch, answers, clock.now());
      if (result.ok) outbox.markAnswered(me, state.clientId, batch);
      pushedUpTo = Math.max(pushedUpTo, ...batch.map((m) => m.id));
    }
    if (live()) await pullNow();
  }

  /**
   * The server refused a push because its ids were used before for other changes (this device
   * lost a state write and numbered new changes again): nothing of it was applied. What the
   * server did answer leaves the outbox with a pull first; the rest goes again under a new client
   * id, numbered afresh. False when the pull could not confirm what was answered (try later).
   */
  async function renewClientId(): Promise<boolean> {
    await pullNow();
    if (!live() || outbox.read(me).outbox.some((m) => m.answered)) return false;
    deps.changed(outbox.renew(me));
    pushedUpTo = 0;
    return true;
  }

  let pullRetry: unknown;
  function retryPull(afterMs: number): void {
    clock.clearTimeout(pullRetry);
    pullWait = Math.min(pullWait * 2, 60_000);
    pullRetry = clock.setTimeout(() => {
      pullRetry = undefined;
      void pullNow();
    }, afterMs);
  }

  /** Pulls what changed since the last pull and rebases the cache on it. */
  async function pullOnce(): Promise<void> {
    // The leader pulls for every tab, and alone writes what a pull brings.
    if (!live() || !leader) return;
    const start = outbox.read(me);
    const result = await transport.pull(me.workspaceId, start.cookie, cache.windowStart());
    if (stopped) return;
    if (!result.ok) {
      if (result.status === 401 || result.status === 403)
        stopOnProblem(result.status, result.message);
      else networkDown = result.status === 0;
      // Turned away by a busy server: ask again later, never sooner than it said (Retry-After),
      // rather than wait for the next poke. Offline, the browser's online event asks again.
      if (result.status !== 0 && worthRetrying(result))
        retryPull(Math.max(pullWait, (result.retryAfter ?? 0) * 1000));
      return;
    }
    networkDown = false;
    pullWait = 2000;
    const { pulled } = result;
    deps.account.rememberAccess(me, pulled.access);
    applyPull({ owner: me, outbox, cache, pulled, now: clock.now() });
    caughtUp = true;
  }

  /** The cookie of the last pull, as a version (null before the first). */
  function cookieVersion(): number | null {
    const cookie = outbox.read(me).cookie;
    const version = cookie === null ? NaN : Number(cookie);
    return Number.isSafeInteger(version) ? version : null;
  }

  function poked(version: number): void {
    if (!live() || !leader) return;
    const at = cookieVersion();
    // A pull that finished has brought it there (a pull under way may have begun before it).
    if (caughtUp && at !== null && at >= version) return;
    // A pull under way may reach it too: checked when it ends, rather than one more pull each
    // time (a page's stream says `ready` while the page's first pull is on its way).
    if (pulls.busy()) {
      pokedDuringPull = Math.max(pokedDuringPull, version);
      return;
    }
    void pullNow();
  }

  /** After a series of pulls: one more if a poke named a version they did not reach. */
  function pullIfPokedPast(): void {
    const version = pokedDuringPull;
    pokedDuringPull = 0;
    if (version > 0) poked(version);
  }

  /**
   * Rows the server sent for versions `from` to `to`: laid over the cache as a pull's would be
   * when the device has everything up to `from` and not yet `to`; with a gap (it missed a poke,
   * or has not pulled yet) or a pull under way, it pulls instead, which fills the gap.
   */
  function patched(patch: PokePatch): void {
    if (!live() || !leader) return;
    const at = cookieVersion();
    if (caughtUp && at !== null && at >= patch.to) return;
    // A pull under way may bring these rows or stop short of them: they wait for it to end, and
    // are laid over what it brought then, instead of asking for one more pull each. In a busy
    // workspace rows arrive faster than a pull takes, and every device would pull forever.
    if (pulls.busy()) {
      if (heldPatches.length < MOST_HELD_PATCHES) heldPatches.push(patch);
      else void pullNow();
      return;
    }
    if (!caughtUp || at === null || at < patch.from) return void pullNow();
    applyPull({
      owner: me,
      outbox,
      cache,
      // Nothing is confirmed by it: the pull after a push still does that.
      pulled: { cookie: String(patch.to), reset: false, changes: patch.changes, acknowledged: {} },
      now: clock.now(),
    });
    deps.changed();
  }

  /** Rows that came while a pull was under way, laid over what it brought (or pulled for). */
  function layHeldPatches(): void {
    const held = heldPatches.splice(0).sort((a, b) => a.from - b.from);
    for (const patch of held) patched(patch);
  }

  return {
    owner: me,
    poked,
    patched,
    pushNow: () => (live() ? pushNow() : Promise.resolve()),
    pullNow: () => (live() ? pullNow() : Promise.resolve()),
    setLeader(leading) {
      leader = leading && !stopped;
      if (!leader) {
        backoff.cancel();
        clock.clearTimeout(pullRetry);
      }
    },
    get leader() {
      return leader;
    },
    online() {
      networkDown = false;
      backoff.reset();
    },
    view: () => ({
      problem,
      networkDown,
      busy: pushes.busy() || pulls.busy(),
      catchingUp: leader && !caughtUp,
    }),
    stop() {
      stopped = true;
      leader = false;
      backoff.cancel();
      clock.clearTimeout(pullRetry);
    },
    get stopped() {
      return stopped;
    },
  };
}
