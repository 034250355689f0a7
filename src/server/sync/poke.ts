import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { Runner } from './records';

/** The notification channel every server process listens on. */
const CHANNEL = 'hourmark_poke';

type Listener = (version: number) => void;

interface Hub {
  listeners: Map<string, Set<Listener>>;
  ready: Promise<unknown>;
}

const hubs = new WeakMap<Database, Hub>();

function hubOf(database: Database): Hub {
  let hub = hubs.get(database);
  if (!hub) {
    const listeners = new Map<string, Set<Listener>>();
    const ready = database.listen(CHANNEL, (payload) => {
      const [workspaceId, version] = payload.split(':');
      if (!workspaceId) return;
      for (const listener of listeners.get(workspaceId) ?? []) listener(Number(version));
    });
    hub = { listeners, ready };
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
 * Calls `listener` with the new version whenever the workspace changes, from this process or any
 * other on the same PostgreSQL (LISTEN/NOTIFY; within the process on PGlite). Resolves once
 * listening, to a function that stops.
 */
export async function onWorkspaceChange(
  database: Database,
  workspaceId: string,
  listener: Listener,
): Promise<() => void> {
  const hub = hubOf(database);
  await hub.ready;
  const set = hub.listeners.get(workspaceId) ?? new Set<Listener>();
  set.add(listener);
  hub.listeners.set(workspaceId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) hub.listeners.delete(workspaceId);
  };
}
