import { writeCache } from './cache';
import { $cacheOwner, type CacheOwner } from './owner';

// Signing out empties the cache (./sign-out.ts): apart from ./cache.ts, so Track's first visit,
// which only reads and writes it, does not download this (issue 29's budget).

/** Empties the cache and names its new owner (the records then come from the server). */
export function resetCache(owner: CacheOwner | null): void {
  writeCache({ clients: [], projects: [], tasks: [], members: [], logs: [] }, { status: 'idle' });
  $cacheOwner.set(owner);
}
