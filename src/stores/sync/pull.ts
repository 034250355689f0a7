import { rebase, type Bases, type PendingMutation } from '../../lib/sync/rebase';
import type { DeviceCache } from './deps';
import type { Outbox } from './outbox';
import type { CacheOwner } from './owner';
import type { Pulled } from './transport';

/**
 * Lays a pull over the cache: the rows it brings, with the changes still waiting in the outbox
 * rebased on them (src/lib/sync/rebase.ts); mutations the pull confirms leave the outbox, and
 * its cookie is kept for the next pull.
 */
export function applyPull(input: {
  owner: CacheOwner;
  outbox: Outbox;
  cache: DeviceCache;
  pulled: Omit<Pulled, 'access'>;
  now: Date;
}): void {
  const { owner, outbox, cache, pulled } = input;
  // Saved and carried by this pull: answered under this client id, up to its last applied id.
  const confirmed = (m: PendingMutation, clientId: string) =>
    m.answered === true && m.id <= (pulled.acknowledged[clientId] ?? 0);
  const state = outbox.read(owner);
  const pending = state.outbox.filter((m) => !confirmed(m, state.clientId));
  const cached = cache.read();
  const out = rebase({
    local: cached,
    timer: cache.timer(),
    changes: pulled.changes,
    reset: pulled.reset,
    pending,
    bases: state.bases,
    now: input.now.toISOString(),
  });
  cache.write(out.local, out.timer);
  // A first pull leaves out old logs; those fetched to show an old day stay.
  if (pulled.reset) cache.keepFetchedLogs(cached, out.local);
  // Screens showing the server's figures of older logs ask again (they may have changed).
  if (pulled.changes.length > 0) cache.pulled();
  outbox.update(owner, (fresh) => ({
    ...fresh,
    cookie: pulled.cookie,
    outbox: fresh.outbox.filter((m) => !confirmed(m, fresh.clientId)),
    // Bases of records that a tab changed while this pull was under way stay as they were.
    bases: { ...out.bases, ...pickNew(fresh.bases, state.bases) },
  }));
}

function pickNew(fresh: Bases, seen: Bases): Bases {
  return Object.fromEntries(Object.entries(fresh).filter(([key]) => !(key in seen)));
}
