import { atom } from 'nanostores';
import type { Access } from '../../lib/abilities';
import { listOfKind, type AnyLocalRecord } from '../../lib/sync/local-records';
import { recordKinds, type RecordKind } from '../../lib/sync/field-names';
import type { MutationResult } from '../../lib/sync/mutations';
import {
  mutationsFromDiff,
  rebase,
  splitRecordKey,
  TIMER_RECORD,
  withBases,
  type Bases,
  type NewMutation,
  type PendingMutation,
  type PulledChange,
  type Timer,
} from '../../lib/sync/rebase';
import { forgetAccess, rememberAccess } from '../access';
import { callApi } from '../api';
import { forgetSession, type User } from '../auth';
import { $timer, TIMER_KEY } from '../timer';
import { keyOfList, readCache, resetCache, writeCache } from './cache';
import { onLocalChange, type LocalChange } from './capture';
import { stashLegacyData } from './legacy-stash';
import {
  fetchedLogsMissingFrom,
  mergeServerLogs,
  PULLED_EVENT,
  trimOldLogs,
  windowStart,
} from './older-logs';
import { $cacheOwner, OPEN_WORKSPACE_KEY, type CacheOwner } from './owner';
import {
  readSyncState,
  syncStateKey,
  updateSyncState,
  withNewClientId,
  type Refusal,
  type SyncState,
} from './state';

/**
 * The browser half of sync (docs/architecture.md, "The sync loop"): store actions become
 * mutations in an outbox kept in localStorage; one tab per account and workspace (the Web Locks
 * leader) pushes them, holds the poke stream and pulls; every tab follows the documented keys
 * through the `storage` event.
 */

/** What the shell says about sync. */
export interface SyncStatus {
  phase: 'starting' | 'saved' | 'saving' | 'offline' | 'error';
  /** Changes made here that the server has not confirmed. */
  pending: number;
  /** What the server refused, for the person to read. */
  refusals: Refusal[];
  /** A problem that stops syncing (signed out elsewhere, no access), in words. */
  problem: string | null;
}

export const $syncStatus = atom<SyncStatus>({
  phase: 'starting',
  pending: 0,
  refusals: [],
  problem: null,
});

/** The kind of record kept under each documented key (the inverse of cache.ts's keys). */
const kindOfKey: Record<string, RecordKind | 'timer'> = {
  ...Object.fromEntries(recordKinds.map((kind) => [keyOfList[listOfKind[kind]], kind])),
  [TIMER_KEY]: 'timer',
};

/** Mutations per push; the server takes up to 500. */
const BATCH = 100;

let owner: CacheOwner | null = null;
/** The person this tab syncs for. */
let syncingFor: User | null = null;
let leader = false;
let networkDown = false;
let problem: string | null = null;
let pushing: Promise<void> | null = null;
let pulling: Promise<void> | null = null;
let pullAgain = false;
let pushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;
let releaseLeadership: (() => void) | null = null;
let poke: EventSource | null = null;
let fallbackPoll: ReturnType<typeof setInterval> | undefined;
/** Mutation ids up to this one were pushed by this tab and answered; the pull confirms them. */
let pushedUpTo = 0;
/** False until a pull has brought this tab up to date since the workspace opened here. */
let caughtUp = false;

const apiBase: string = (import.meta.env.PUBLIC_API_URL as string | undefined) ?? '';

/** Recomputes the status line; pass the sync state when it was just read or written. */
function refreshStatus(state: SyncState | null = owner ? readSyncState(owner) : null): void {
  if (!owner || !state) return;
  const offline = networkDown || (typeof navigator !== 'undefined' && !navigator.onLine);
  $syncStatus.set({
    phase: problem
      ? 'error'
      : offline
        ? 'offline'
        : state.outbox.length > 0 || pushing || pulling || (leader && !caughtUp)
          ? 'saving'
          : 'saved',
    pending: state.outbox.length,
    refusals: state.refusals,
    problem,
  });
}

/** Turns a change a person made into mutations in the outbox, and pushes if this tab leads. */
function enqueue(change: LocalChange): void {
  const kind = kindOfKey[change.key];
  if (!owner || !kind) return;
  const mutations: NewMutation[] =
    kind === 'timer'
      ? [{ name: 'setTimer', record: TIMER_RECORD, args: { timer: change.after } }]
      : mutationsFromDiff(
          kind,
          change.before as AnyLocalRecord[],
          change.after as AnyLocalRecord[],
        );
  if (mutations.length === 0) return;
  const before = (record: string): AnyLocalRecord | Timer | null => {
    if (record === TIMER_RECORD) return change.before as Timer;
    const id = record.slice(record.indexOf(':') + 1);
    return (change.before as AnyLocalRecord[]).find((r) => r.id === id) ?? null;
  };
  const written = updateSyncState(owner, (state) => ({
    ...state,
    bases: withBases(state.bases, mutations, before),
    outbox: [
      ...state.outbox,
      ...mutations.map((m, i): PendingMutation => ({ ...m, id: state.nextMutationId + i })),
    ],
    nextMutationId: state.nextMutationId + mutations.length,
  }));
  refreshStatus(written);
  if (leader) void pushNow();
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void pushNow(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, 60_000);
}

function stopOnProblem(status: number, message: string): void {
  if (status === 401) {
    forgetSession();
    problem = 'You were signed out. Sign in again to save your changes.';
  } else {
    // 403 from a push or pull: no longer a member (archived, removed), so no role to act in.
    forgetAccess();
    problem = message;
  }
  refreshStatus();
}

/** Pushes what the outbox holds beyond what this tab already pushed, then pulls. */
export function pushNow(): Promise<void> {
  if (pushing) {
    // A change made while a push (or the pull after it) is under way goes out right after it.
    pushAgain = true;
    return pushing;
  }
  pushing = (async () => {
    do {
      pushAgain = false;
      await pushOutbox();
    } while (pushAgain && !problem);
  })().finally(() => {
    pushing = null;
    refreshStatus();
  });
  return pushing;
}

async function pushOutbox(): Promise<void> {
  if (!owner || problem) return;
  const me = owner;
  let renewed = false;
  for (;;) {
    const state = readSyncState(me);
    const batch = state.outbox.filter((m) => m.id > pushedUpTo && !m.answered).slice(0, BATCH);
    if (batch.length === 0) break;
    refreshStatus(state);
    const result = await callApi<{ results: MutationResult[] }>('/sync/push', {
      // Closing the tab right after a change still delivers it.
      keepalive: true,
      body: {
        workspaceId: me.workspaceId,
        clientId: state.clientId,
        mutations: batch.map(({ id, name, args }) => ({ id, name, args })),
      },
    });
    if (!result.ok && (result.status === 0 || result.status >= 500 || result.status === 429)) {
      networkDown = result.status === 0;
      refreshStatus();
      scheduleRetry();
      return;
    }
    networkDown = false;
    retryDelay = 1000;
    if (!result.ok && (result.status === 401 || result.status === 403)) {
      stopOnProblem(result.status, result.message);
      return;
    }
    if (!result.ok && result.error === 'mutation_ids_reused') {
      // A new client id cannot have been used before; refused again, something else is wrong.
      if (renewed) {
        stopOnProblem(result.status, result.message);
        return;
      }
      if (!(await renewClientId(me))) {
        scheduleRetry();
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
    recordRefusals(me, batch, answers);
    if (result.ok) markAnswered(me, state.clientId, batch);
    pushedUpTo = Math.max(pushedUpTo, ...batch.map((m) => m.id));
  }
  await pullNow();
}

/** Notes that the server answered `batch`, pushed under `clientId`, so a pull may confirm it. */
function markAnswered(me: CacheOwner, clientId: string, batch: PendingMutation[]): void {
  const ids = new Set(batch.map((m) => m.id));
  updateSyncState(me, (state) =>
    state.clientId === clientId
      ? {
          ...state,
          outbox: state.outbox.map((m) => (ids.has(m.id) ? { ...m, answered: true } : m)),
        }
      : state,
  );
}

/**
 * The server refused a push because its ids were used before for other changes (this device
 * lost a state write and numbered new changes again): nothing of it was applied. What the server
 * did answer leaves the outbox with a pull first; the rest goes again under a new client id,
 * numbered afresh. False when the pull could not confirm what was answered (try again later).
 */
async function renewClientId(me: CacheOwner): Promise<boolean> {
  await pullNow();
  if (owner !== me || readSyncState(me).outbox.some((m) => m.answered)) return false;
  refreshStatus(updateSyncState(me, withNewClientId));
  pushedUpTo = 0;
  return true;
}

function recordRefusals(me: CacheOwner, batch: PendingMutation[], answers: MutationResult[]): void {
  const at = new Date().toISOString();
  const refusals: Refusal[] = [];
  for (const answer of answers) {
    if (answer.outcome !== 'refused') continue;
    // The record is on the server already (an upload or a stopwatch stop sent twice): not an error.
    if (answer.reason === 'already_exists') continue;
    const mutation = batch.find((m) => m.id === answer.id);
    if (mutation) refusals.push({ mutation, reason: answer.reason, message: answer.message, at });
  }
  if (refusals.length > 0)
    updateSyncState(me, (state) => ({ ...state, refusals: [...state.refusals, ...refusals] }));
}

interface PullPage {
  cookie: string;
  reset: boolean;
  changes: PulledChange[];
  next: string | null;
  lastMutationIds: Record<string, number>;
  access: Access;
}

/** Pulls what changed since the last pull and rebases the cache on it. */
export function pullNow(): Promise<void> {
  if (pulling) {
    pullAgain = true;
    return pulling;
  }
  pulling = (async () => {
    do {
      pullAgain = false;
      await pullOnce();
    } while (pullAgain && !problem);
  })().finally(() => {
    pulling = null;
    refreshStatus();
    // Asked for after the loop's last check but before this ran: that pull may have missed it.
    if (pullAgain && !problem) void pullNow();
  });
  return pulling;
}

async function pullOnce(): Promise<void> {
  if (!owner || problem) return;
  const me = owner;
  const start = readSyncState(me);
  const logsFrom = windowStart();
  const changes: PulledChange[] = [];
  let page: PullPage | null = null;
  let acknowledged: Record<string, number> | null = null;
  let cursor: string | null = null;
  do {
    // A first pull brings the logs of the cache window only; older ones stay on the server.
    const query = new URLSearchParams({ workspace: me.workspaceId, logsFrom });
    if (start.cookie) query.set('cookie', start.cookie);
    if (page && cursor) {
      query.set('upTo', page.cookie);
      query.set('cursor', cursor);
    }
    const result = await callApi<PullPage>(`/sync/pull?${query.toString()}`);
    if (!result.ok) {
      if (result.status === 401 || result.status === 403)
        stopOnProblem(result.status, result.message);
      else networkDown = result.status === 0;
      return;
    }
    page = result.data;
    // The first page reads them with the version the pages are pinned to; later pages may read
    // newer ones, for mutations whose changes only the next pull carries.
    acknowledged ??= page.lastMutationIds;
    changes.push(...page.changes);
    cursor = page.next;
  } while (cursor);
  networkDown = false;
  if (owner !== me) return;
  rememberAccess(me, page.access);
  const applied = acknowledged ?? page.lastMutationIds;
  // Saved and carried by this pull: answered under this client id, up to its last applied id.
  const confirmed = (m: PendingMutation, clientId: string) =>
    m.answered === true && m.id <= (applied[clientId] ?? 0);
  const state = readSyncState(me);
  const pending = state.outbox.filter((m) => !confirmed(m, state.clientId));
  const cached = readCache();
  const out = rebase({
    local: cached,
    timer: $timer.get(),
    changes,
    reset: page.reset,
    pending,
    bases: state.bases,
    now: new Date().toISOString(),
  });
  writeCache(out.local, out.timer);
  // A first pull leaves out old logs; those fetched to show an old day stay.
  if (page.reset) mergeServerLogs(fetchedLogsMissingFrom(cached.logs, out.local.logs));
  caughtUp = true;
  // Screens showing the server's figures of older logs ask again (they may have changed).
  if (changes.length > 0) window.dispatchEvent(new Event(PULLED_EVENT));
  const cookie = page.cookie;
  updateSyncState(me, (fresh) => ({
    ...fresh,
    cookie,
    outbox: fresh.outbox.filter((m) => !confirmed(m, fresh.clientId)),
    // Bases of records that a tab changed while this pull was under way stay as they were.
    bases: { ...out.bases, ...pickNew(fresh.bases, state.bases) },
  }));
}

function pickNew(fresh: Bases, seen: Bases): Bases {
  return Object.fromEntries(Object.entries(fresh).filter(([key]) => !(key in seen)));
}

function openPoke(me: CacheOwner): void {
  poke?.close();
  clearInterval(fallbackPoll);
  if (typeof EventSource === 'undefined') {
    // No Server-Sent Events here: ask twice a minute instead.
    fallbackPoll = setInterval(() => void pullNow(), 30_000);
    void pullNow();
    return;
  }
  const source = new EventSource(
    `${apiBase}/sync/poke?workspace=${encodeURIComponent(me.workspaceId)}`,
    { withCredentials: true },
  );
  poke = source;
  // `ready` comes on every (re)connection: catch up on what happened while it was down.
  source.addEventListener('ready', () => void pullNow());
  source.addEventListener('poke', () => void pullNow());
  // An answer other than a stream (429 too many streams, 403 no longer a member) closes it for
  // good, and EventSource reads neither the answer nor its Retry-After: a pull says what the
  // server meant (a 403 becomes the problem shown) and brings changes until the stream is back.
  source.addEventListener('error', () => {
    if (source === poke && source.readyState === EventSource.CLOSED) void pullNow();
  });
  clearInterval(fallbackPoll);
  // Only when the stream is closed for good does the device try it again, twice a minute, each
  // try pulling (refused, through the error above; accepted, through `ready`); while it is
  // open, pokes alone bring changes.
  fallbackPoll = setInterval(() => {
    if (poke?.readyState === EventSource.CLOSED && !problem) {
      openPoke(me);
    }
  }, 30_000);
}

function lead(me: CacheOwner): void {
  const become = () => {
    leader = true;
    openPoke(me);
    void pushNow();
  };
  if (typeof navigator === 'undefined' || !('locks' in navigator)) {
    become();
    return;
  }
  void navigator.locks.request(
    `hourmark-sync:${syncStateKey(me)}`,
    () =>
      new Promise<void>((release) => {
        if (owner !== me) return release();
        releaseLeadership = release;
        become();
      }),
  );
}

function stopLeading(): void {
  leader = false;
  poke?.close();
  poke = null;
  clearInterval(fallbackPoll);
  clearTimeout(retryTimer);
  releaseLeadership?.();
  releaseLeadership = null;
}

let listening = false;
function listenOnce(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  onLocalChange(enqueue);
  // Another tab opened another of this person's workspaces: follow it.
  $cacheOwner.listen((next) => {
    if (!owner || !next || !syncingFor) return;
    if (next.userId === owner.userId && next.workspaceId !== owner.workspaceId) {
      stopLeading();
      owner = null;
      window.location.reload();
    }
  });
  window.addEventListener('storage', (event) => {
    if (!owner || event.key !== syncStateKey(owner)) return;
    refreshStatus();
    if (leader) void pushNow();
  });
  window.addEventListener('online', () => {
    networkDown = false;
    retryDelay = 1000;
    refreshStatus();
    if (leader) void pushNow().then(() => pullNow());
  });
  window.addEventListener('offline', () => refreshStatus());
  guardLeaving();
}

/**
 * Closing or reloading the tab while changes wait for the network (offline, or the server
 * failing) asks first: they are kept on this device, but reach the server only when Hourmark
 * opens here again. Moving between Hourmark's own screens never asks; a change being pushed at
 * that moment is sent with `keepalive`, so it arrives anyway.
 */
function guardLeaving(): void {
  let followingLink = false;
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    followingLink = link instanceof HTMLAnchorElement && link.origin === window.location.origin;
  });
  window.addEventListener('beforeunload', (event) => {
    const status = $syncStatus.get();
    const waiting = status.pending > 0 && (status.phase === 'offline' || status.phase === 'error');
    if (waiting && !followingLink) event.preventDefault();
    followingLink = false;
  });
}

interface WorkspaceSummary {
  id: string;
  name: string;
}

/** The workspace this browser opens for `user`: the one it had open, else their first. */
async function chooseWorkspace(user: User): Promise<CacheOwner | null> {
  const current = $cacheOwner.get();
  const wanted = localStorage.getItem(OPEN_WORKSPACE_KEY);
  if (wanted) localStorage.removeItem(OPEN_WORKSPACE_KEY);
  if (current?.userId === user.id && (!wanted || wanted === current.workspaceId)) return current;
  const result = await callApi<{ workspaces: WorkspaceSummary[] }>('/sync/workspaces');
  if (!result.ok) {
    problem =
      result.status === 0
        ? 'Connect to the internet to open your workspace on this browser for the first time.'
        : result.message;
    return null;
  }
  const first =
    result.data.workspaces.find((w) => w.id === wanted) ??
    result.data.workspaces.find(
      (w) => w.id === current?.workspaceId && current.userId === user.id,
    ) ??
    result.data.workspaces[0];
  if (!first) {
    problem = 'Your account has no workspace.';
    return null;
  }
  return { userId: user.id, workspaceId: first.id, workspaceName: first.name };
}

/**
 * Opens `user`'s workspace on this device: a cache that belongs to someone else is emptied
 * before anything is shown; records from before sync are set aside and offered for upload.
 */
export async function startSync(user: User): Promise<void> {
  problem = null;
  syncingFor = user;
  const chosen = await chooseWorkspace(user);
  if (!chosen) {
    $syncStatus.set({ ...$syncStatus.get(), phase: 'error', problem });
    return;
  }
  const previous = $cacheOwner.get();
  if (
    !previous ||
    previous.userId !== chosen.userId ||
    previous.workspaceId !== chosen.workspaceId
  ) {
    if (!previous) stashLegacyData(readCache());
    emptyCacheFor(chosen);
  }
  if (owner === chosen) return;
  stopLeading();
  owner = chosen;
  pushedUpTo = 0;
  caughtUp = false;
  $cacheOwner.set(chosen);
  trimOldLogs(chosen);
  // Only now: changes made before the workspace was known wait in capture.ts, then go to it.
  listenOnce();
  refreshStatus();
  lead(chosen);
}

/**
 * Empties the cache for `next` and forgets its last pull's cookie, so the next pull is a first
 * one that fills the cache (changes still waiting in its outbox are laid over it again).
 */
function emptyCacheFor(next: CacheOwner): void {
  resetCache(next);
  updateSyncState(next, (state) => ({ ...state, cookie: null }));
}

/** A workspace the person belongs to, as GET /sync/workspaces lists it. */
export interface WorkspaceChoice {
  id: string;
  name: string;
}

/**
 * Opens another of the person's workspaces on this device: what waits for the server is pushed
 * first (switching is refused while changes cannot be sent, so none wait unseen in a workspace
 * not open), then the cache is emptied and names the other workspace, and every tab of this
 * browser opens again on it.
 */
export async function switchWorkspace(
  target: WorkspaceChoice,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const me = owner;
  const user = syncingFor;
  if (!me || !user) return { ok: false, message: 'Your workspace is still opening.' };
  if (target.id === me.workspaceId) return { ok: true };
  await pushNow();
  const waiting = readSyncState(me).outbox.length;
  if (waiting > 0)
    return {
      ok: false,
      message: `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet. Open another workspace once ${waiting === 1 ? 'it has' : 'they have'} been saved.`,
    };
  stopLeading();
  // No owner while the cache changes hands, so this tab does not follow its own switch.
  owner = null;
  emptyCacheFor({ userId: user.id, workspaceId: target.id, workspaceName: target.name });
  // Every screen starts again on the other workspace (what it asked the server was of this one).
  window.location.reload();
  return { ok: true };
}

/** Stops syncing in this tab (signed out). */
export function stopSync(): void {
  stopLeading();
  owner = null;
  syncingFor = null;
}

/** The owner this tab syncs for, if any. */
export const currentOwner = (): CacheOwner | null => owner;

/** Forgets refusals the person has read. */
export function dismissRefusals(): void {
  if (!owner) return;
  updateSyncState(owner, (state) => ({ ...state, refusals: [] }));
  refreshStatus();
}

/** Appends ready-made mutations (an upload or an import) and applies them here at once. */
export function enqueueMutations(mutations: NewMutation[]): void {
  if (!owner || mutations.length === 0) return;
  const cache = readCache();
  const cached = (record: string): AnyLocalRecord | null => {
    const { kind, id } = splitRecordKey(record);
    if (kind === 'timer') return null;
    return (cache[listOfKind[kind]] as AnyLocalRecord[]).find((r) => r.id === id) ?? null;
  };
  const state = updateSyncState(owner, (s) => ({
    ...s,
    bases: withBases(s.bases, mutations, cached),
    outbox: [...s.outbox, ...mutations.map((m, i) => ({ ...m, id: s.nextMutationId + i }))],
    nextMutationId: s.nextMutationId + mutations.length,
  }));
  const out = rebase({
    local: cache,
    timer: $timer.get(),
    changes: [],
    reset: false,
    pending: state.outbox,
    bases: state.bases,
    now: new Date().toISOString(),
  });
  writeCache(out.local, out.timer);
  refreshStatus();
  if (leader) void pushNow();
}
