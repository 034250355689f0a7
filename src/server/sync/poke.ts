import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Membership } from './permissions';
import { deliver, type DeliveryStream, type PokePatch } from './poke-delivery';
import type { Runner } from './records';

export type { PokePatch } from './poke-delivery';

/**
 * The notification channel every server process listens on. It carries `<workspace>:<version>`
 * (a poke: the rows changed), `<workspace>:<version>:pull` (every device must pull: settings,
 * rates or teams changed, which only a pull's `access` brings), `end:<user>[:<workspace>]`
 * (that person's streams end) and `jobs` (a job was added: the job runners wake,
 * src/server/jobs/runner.ts). One channel, so one connection hears them all in the order a
 * transaction sent them: a member archived by a push has their streams ended before the push's
 * own poke arrives.
 */
export const POKE_CHANNEL = 'hourmark_poke';
const CHANNEL = POKE_CHANNEL;

/**
 * The least time between two deliveries to one workspace's streams: a change after a quiet spell
 * goes out at once, and what comes during a delivery or within this time of its start waits for
 * the next, so a burst of pushes becomes one message per device per 50 ms (issue 34).
 */
export const POKE_GROUP_MS = 50;

/** A poke as the channel carries it, or null for another message. */
export function parsePoke(
  payload: string,
): { workspaceId: string; version: number; pullAll: boolean } | null {
  const [workspaceId, version, flag] = payload.split(':');
  if (!workspaceId || workspaceId === 'end' || !version) return null;
  return { workspaceId, version: Number(version), pullAll: flag === 'pull' };
}

/**
 * Poke streams one process holds at most (docs/security.md, "Live-update streams"). A browser
 * holds one stream per account (its leading tab's), one per tab only without Web Locks; a
 * connection that died unseen (a laptop asleep, a new network) stays counted until a keep-alive
 * write fails.
 */
export const STREAM_LIMITS = { perDevice: 8, perAccount: 40, perProcess: 2000 };

/** Who holds a stream: the device is the sign-in session (one per browser and account). */
export interface StreamOwner {
  workspaceId: string;
  userId: string;
  sessionId: string;
}

/**
 * What a stream is told: the rows of a change it may see, a plain new version (its device pulls),
 * or that it must end (its person lost or changed access).
 */
export interface StreamEvents {
  poke: (version: number) => void;
  changes: (patch: PokePatch) => void;
  /** A notice for the stream's person arrived. */
  notice: () => void;
  end: () => void;
}

interface Stream extends StreamOwner, StreamEvents, DeliveryStream {}

/** The pokes of one workspace gathered while a delivery waits or runs. */
interface Gathered {
  to: number;
  pullAll: boolean;
  waiting: boolean;
  running: boolean;
  /** When the last delivery began (ms), so the next waits until POKE_GROUP_MS after it. */
  lastAt: number;
}

interface Hub {
  /** The job runners of this process, woken when any process adds a job. */
  jobWakers: Set<() => void>;
  byWorkspace: Map<string, Set<Stream>>;
  byUser: Map<string, Set<Stream>>;
  bySession: Map<string, number>;
  gathered: Map<string, Gathered>;
  total: number;
  ready: Promise<unknown>;
}

const hubs = new WeakMap<Database, Hub>();

function hubOf(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    const created: Hub = {
      jobWakers: new Set(),
      byWorkspace: new Map(),
      byUser: new Map(),
      bySession: new Map(),
      gathered: new Map(),
      total: 0,
      ready: Promise.resolve(),
    };
    created.ready = database.listen(CHANNEL, (payload) => {
      if (payload === JOBS_ADDED) {
        for (const wake of [...created.jobWakers]) wake();
        return;
      }
      if (payload.startsWith('notice:')) {
        for (const stream of [...(created.byUser.get(payload.slice(7)) ?? [])]) stream.notice();
        return;
      }
      const poke = parsePoke(payload);
      if (poke) return gather(database, created, poke);
      const [, userId, workspaceId] = payload.split(':');
      for (const stream of [...(created.byUser.get(userId ?? '') ?? [])])
        if (workspaceId === undefined || stream.workspaceId === workspaceId) stream.end();
    });
    hub = created;
    hubs.set(database, hub);
  }
  return hub;
}

/** Notes a poke; the workspace's streams hear of it after POKE_GROUP_MS with what came since. */
function gather(
  database: Database,
  hub: Hub,
  poke: { workspaceId: string; version: number; pullAll: boolean },
) {
  if (!hub.byWorkspace.has(poke.workspaceId)) return;
  const group = hub.gathered.get(poke.workspaceId) ?? {
    to: 0,
    pullAll: false,
    waiting: false,
    running: false,
    lastAt: 0,
  };
  hub.gathered.set(poke.workspaceId, group);
  group.to = Math.max(group.to, poke.version);
  group.pullAll ||= poke.pullAll;
  if (!group.waiting && !group.running) later(database, hub, poke.workspaceId, group);
}

function later(database: Database, hub: Hub, workspaceId: string, group: Gathered) {
  group.waiting = true;
  const wait = Math.max(0, group.lastAt + POKE_GROUP_MS - Date.now());
  setTimeout(() => void flush(database, hub, workspaceId, group), wait);
}

/** Tells the workspace's streams of what was gathered; one delivery per workspace at a time. */
async function flush(database: Database, hub: Hub, workspaceId: string, group: Gathered) {
  group.waiting = false;
  group.running = true;
  group.lastAt = Date.now();
  const { to, pullAll } = group;
  group.pullAll = false;
  const streams = [...(hub.byWorkspace.get(workspaceId) ?? [])];
  try {
    await deliver(database.db, workspaceId, streams, to, pullAll);
  } catch (error) {
    // The rows could not be read: a plain poke still brings every device up to date by a pull.
    console.error('Poke delivery failed; devices will pull', error);
    for (const stream of streams) stream.poke(to);
  } finally {
    group.running = false;
    if (group.to > to || group.pullAll) later(database, hub, workspaceId, group);
    // Kept while the workspace has streams here (its last delivery's time paces the next).
    else if (!hub.byWorkspace.has(workspaceId)) hub.gathered.delete(workspaceId);
  }
}

/**
 * Tells every device of a workspace, on every server process, that it is at `version`: each is
 * sent the rows it may see, or with `pullAll` told to pull. Called inside the commit's
 * transaction: PostgreSQL delivers the notification only when that transaction commits, so no
 * device is poked about a change it cannot see yet, and a rolled-back write pokes no one.
 */
export async function pokeWorkspace(
  runner: Runner,
  workspaceId: string,
  version: number,
  pullAll = false,
) {
  await runner.execute(sql`SELECT ${pokeStatement(workspaceId, version, pullAll)}`);
}

/** The `pg_notify(…)` call of a poke, for a statement that does more (the one commit's). */
export function pokeStatement(workspaceId: string, version: number, pullAll = false) {
  const payload = `${workspaceId}:${version}${pullAll ? ':pull' : ''}`;
  return sql`pg_notify(${CHANNEL}, ${payload})`;
}

/**
 * Ends a person's open streams on every server process, in one workspace or (without
 * `workspaceId`) in all: their role or membership changed. Called inside the transaction that
 * changes it, so it happens when that commits; a device whose stream ends opens it again, and
 * is refused or pulls with its new role.
 */
export async function endStreams(runner: Runner, userId: string, workspaceId?: string) {
  const payload = workspaceId ? `end:${userId}:${workspaceId}` : `end:${userId}`;
  await runner.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
}

/**
 * Tells the open streams of `userId`, on every server process, that a notice for them arrived
 * (issue 31): the bell reads its notices at once instead of at its next minute.
 */
export async function tellOfNotice(runner: Runner, userId: string) {
  await runner.execute(sql`SELECT pg_notify(${CHANNEL}, ${`notice:${userId}`})`);
}

/** The payload that says a job was added. */
const JOBS_ADDED = 'jobs';

/**
 * Wakes the job runners of every server process (called by src/server/jobs/queue.ts when it adds
 * a job). Inside a transaction it is delivered when that commits, so a runner never wakes for a
 * job it cannot see yet.
 */
export async function wakeJobRunners(runner: Runner) {
  await runner.execute(sql`SELECT pg_notify(${CHANNEL}, ${JOBS_ADDED})`);
}

/**
 * Calls `wake` whenever any process on this database adds a job, over the pokes' one LISTEN
 * connection (within the process on PGlite). Listening has begun when this resolves; the
 * function it resolves to stops it.
 */
export async function onJobsAdded(database: Database, wake: () => void): Promise<() => void> {
  const hub = hubOf(database);
  await hub.ready;
  hub.jobWakers.add(wake);
  return () => hub.jobWakers.delete(wake);
}

function remove<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key);
  set?.delete(stream);
  if (set?.size === 0) map.delete(key);
}

/** A stream held, or which limit refused it. */
export type OpenedStream =
  | {
      ok: true;
      close: () => void;
      /**
       * From here on the stream is sent rows: its person's membership and the version its device
       * is told to pull to now (`ready`). Each delivery reads the membership again
       * (poke-delivery.ts), so what the stream sends follows a change of what they may see.
       */
      follow: (membership: Membership, version: number) => void;
    }
  | { ok: false; limit: 'device' | 'account' | 'process' };

/**
 * Holds a stream for `owner` if this process's limits allow: `events.poke` hears every change
 * of the workspace from this process or any other on the same PostgreSQL (LISTEN/NOTIFY; within
 * the process on PGlite), `events.end` that the person's access changed. Listening has begun
 * when this resolves, so a change committed after it is never missed. `close` frees the slot.
 */
export async function openStream(
  database: Database,
  owner: StreamOwner,
  events: StreamEvents,
  limits = STREAM_LIMITS,
): Promise<OpenedStream> {
  const hub = hubOf(database);
  await hub.ready;
  // Counted and taken with no await in between, so concurrent opens cannot overshoot.
  if (hub.total >= limits.perProcess) return { ok: false, limit: 'process' };
  if ((hub.byUser.get(owner.userId)?.size ?? 0) >= limits.perAccount)
    return { ok: false, limit: 'account' };
  const onDevice = hub.bySession.get(owner.sessionId) ?? 0;
  if (onDevice >= limits.perDevice) return { ok: false, limit: 'device' };
  const stream: Stream = { ...owner, ...events, view: null };
  for (const [map, key] of [
    [hub.byWorkspace, owner.workspaceId],
    [hub.byUser, owner.userId],
  ] as const)
    map.set(key, (map.get(key) ?? new Set<Stream>()).add(stream));
  hub.bySession.set(owner.sessionId, onDevice + 1);
  hub.total += 1;
  let open = true;
  return {
    ok: true,
    follow: (membership, version) => {
      stream.view = { membership, sent: version, checked: version };
    },
    close: () => {
      if (!open) return;
      open = false;
      remove(hub.byWorkspace, owner.workspaceId, stream);
      const gathered = hub.gathered.get(owner.workspaceId);
      if (
        !hub.byWorkspace.has(owner.workspaceId) &&
        gathered &&
        !gathered.waiting &&
        !gathered.running
      )
        hub.gathered.delete(owner.workspaceId);
      remove(hub.byUser, owner.userId, stream);
      const left = (hub.bySession.get(owner.sessionId) ?? 1) - 1;
      if (left > 0) hub.bySession.set(owner.sessionId, left);
      else hub.bySession.delete(owner.sessionId);
      hub.total -= 1;
    },
  };
}
