import { persistentAtom } from '@nanostores/persistent';
import { installStorageEngine } from '../storage-engine';

installStorageEngine();

/**
 * The cached records under the documented keys belong to one account and workspace, named by
 * this marker. Without it they are data from before sync (offered for upload at sign-in); with
 * another account's id they are never shown (docs/data-model.md, "The browser's cache").
 */
export const CACHE_OWNER_KEY = 'hm.cacheOwner';

export interface CacheOwner {
  userId: string;
  workspaceId: string;
  workspaceName: string;
}

function decodeOwner(raw: string): CacheOwner | null {
  try {
    const parsed = JSON.parse(raw) as Partial<CacheOwner> | null;
    return parsed && typeof parsed.userId === 'string' && typeof parsed.workspaceId === 'string'
      ? {
          userId: parsed.userId,
          workspaceId: parsed.workspaceId,
          workspaceName: String(parsed.workspaceName ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

/** The account and workspace the cache belongs to (null: no marker), shared by every tab. */
export const $cacheOwner = persistentAtom<CacheOwner | null>(CACHE_OWNER_KEY, null, {
  encode: (owner) => (owner ? JSON.stringify(owner) : ''),
  decode: decodeOwner,
});

/**
 * A workspace to open at the next start (set after joining one through an invitation): the
 * engine opens it instead of the one this browser had open, emptying the cache for it.
 */
export const OPEN_WORKSPACE_KEY = 'hm.openWorkspace';

/** Asks the next start to open `workspaceId` (after joining it). */
export function openWorkspaceNext(workspaceId: string): void {
  localStorage.setItem(OPEN_WORKSPACE_KEY, workspaceId);
}
