import { removeRaw } from '../storage-engine';
import { logout } from '../auth';
import { resetCache } from './reset-cache';
import { currentOwner, pullNow, pushNow, stopSync } from '../app-sync';
import { readSyncState, syncStateKey } from './state';

/**
 * Signs out after sending what is waiting. When changes still have not reached the server
 * (offline), `confirmLoss` asks whether to sign out anyway and lose them; the cache, its sync
 * state and the session are cleared only then, so the next person sees nothing of this one's.
 */
export async function signOutSafely(confirmLoss: (waiting: number) => boolean): Promise<boolean> {
  const owner = currentOwner();
  if (owner) {
    await pushNow();
    await pullNow();
    const waiting = readSyncState(owner).outbox.length;
    if (waiting > 0 && !confirmLoss(waiting)) return false;
  }
  stopSync();
  resetCache(null);
  if (owner) removeRaw(syncStateKey(owner));
  await logout();
  return true;
}
