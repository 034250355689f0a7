import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Runner } from './records';

/**
 * The notification channel every server process listens on. It carries `<workspace>:<version>`
 * (a poke), `end:<user>[:<workspace>]` (that person's streams end) and `jobs` (a job was added:
 * the job runners wake, src/server/jobs/runner.ts). One channel, so one
 * connection hears both in the order a transaction sent them: a member archived by a push has
 * their streams ended before the push's own poke arrives.
 */
const CHANNEL = 'hourmark_poke';

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

/** What a stream is told: a new version, or that it must end (its person lost or changed access). */
export interface StreamEvents {
  poke: (version: number) => void;
  end: () => void;
}

interface Stream extends StreamOwner, StreamEvents {}

interface Hub {
  /** The job runners of this process, woken when any process adds a job. */
  jobWakers: Set<() => void>;
  byWorkspace: Map<string, Set<Stream>>;
  byUser: Map<string, Set<Stream>>;
  bySession: Map<string, number>;
  total: number;
  ready: Promise<unknown>;
}

const hubs = new WeakMap<Database, Hub>();

function hubOf(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    const byWorkspace = new Map<string, Set<Stream>>();
    const byUser = new Map<string, Set<Stream>>();
    const jobWakers = new Set<() => void>();
    const ready = database.listen(CHANNEL, (payload) => {
      if (payload === JOBS_ADDED) {
        for (const wake of [...jobWakers]) wake();
        return;
      }
      const [first, second, third] = payload.split(':');
      if (first === 'end') {
        for (const stream of [...(byUser.get(second ?? '') ?? [])])
          if (third === undefined || stream.workspaceId === third) stream.end();
        return;
      }
      for (const stream of [...(byWorkspace.get(first ?? '') ?? [])]) stream.poke(Number(second));
    });
    hub = { jobWakers, byWorkspace, byUser, bySession: new Map(), total: 0, ready };
    hubs.set(database, hub);
  }
  return hub;
}

/**
 * Tells every device of a workspace, on every server process, to pull. Called inside the push
 * transaction: PostgreSQL delivers the notification only when that transaction commits, so no
 * device is poked about a change it cannot see yet, and a rolled-back push pokes no one.
 */
export async function pokeWorkspace(runner: Runner, workspaceId: string, version: number) {
  await runner.execute(sql`SELECT pg_notify(${CHANNEL}, ${`${workspaceId}:${version}`})`);
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
  { ok: true; close: () => void } | { ok: false; limit: 'device' | 'account' | 'process' };

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
  const stream: Stream = { ...owner, ...events };
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
    close: () => {
      if (!open) return;
      open = false;
      remove(hub.byWorkspace, owner.workspaceId, stream);
      remove(hub.byUser, owner.userId, stream);
      const left = (hub.bySession.get(owner.sessionId) ?? 1) - 1;
      if (left > 0) hub.bySession.set(owner.sessionId, left);
      else hub.bySession.delete(owner.sessionId);
      hub.total -= 1;
    },
  };
}
