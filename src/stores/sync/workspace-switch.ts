import type { User } from '../auth';
import type { DeviceCache, SyncStorage } from './deps';
import type { Outbox } from './outbox';
import { OPEN_WORKSPACE_KEY, type CacheOwner } from './owner';
import type { Transport } from './transport';

/** Which workspace opens, or why none can. */
export type Chosen = { ok: true; owner: CacheOwner } | { ok: false; problem: string };

/** Choosing the workspace a person's sync opens (moving to another: ./workspace-move.ts). */
export interface WorkspaceSwitch {
  /** The workspace this browser opens for `user`: the one asked for, the one it had, or the first. */
  choose: (user: User) => Promise<Chosen>;
  /**
   * Makes the cache `next`'s: a cache of someone else's is emptied before anything shows, and
   * records from before sync are set aside for upload. False when it already was.
   */
  takeOver: (next: CacheOwner) => boolean;
  /**
   * Empties the cache for `next` and forgets its last pull's cookie, so the next pull is a first
   * one that fills the cache (changes still waiting in its outbox are laid over it again).
   */
  emptyCacheFor: (next: CacheOwner) => void;
  dispose: () => void;
}

/** Builds the workspace switch on the transport, the outbox and the device's cache. */
export function createWorkspaceSwitch(deps: {
  transport: Transport;
  storage: SyncStorage;
  outbox: Outbox;
  cache: DeviceCache;
}): WorkspaceSwitch {
  const { cache, outbox } = deps;

  function emptyCacheFor(next: CacheOwner): void {
    cache.write(
      { clients: [], projects: [], tasks: [], members: [], logs: [] },
      { status: 'idle' },
    );
    cache.owner.set(next);
    outbox.update(next, (state) => ({ ...state, cookie: null }));
  }

  return {
    async choose(user) {
      const current = cache.owner.get();
      const wanted = deps.storage.read(OPEN_WORKSPACE_KEY);
      if (wanted) deps.storage.remove(OPEN_WORKSPACE_KEY);
      if (current?.userId === user.id && (!wanted || wanted === current.workspaceId))
        return { ok: true, owner: current };
      const result = await deps.transport.workspaces();
      if (!result.ok)
        return {
          ok: false,
          problem:
            result.status === 0
              ? 'Connect to the internet to open your workspace on this browser for the first time.'
              : result.message,
        };
      const { workspaces } = result.data;
      const first =
        workspaces.find((w) => w.id === wanted) ??
        workspaces.find((w) => w.id === current?.workspaceId && current.userId === user.id) ??
        workspaces[0];
      if (!first) return { ok: false, problem: 'Your account has no workspace.' };
      return {
        ok: true,
        owner: { userId: user.id, workspaceId: first.id, workspaceName: first.name },
      };
    },
    takeOver(next) {
      const previous = cache.owner.get();
      if (previous?.userId === next.userId && previous.workspaceId === next.workspaceId)
        return false;
      if (!previous) cache.stashLegacy(cache.read());
      emptyCacheFor(next);
      return true;
    },
    emptyCacheFor,
    dispose: () => {},
  };
}
