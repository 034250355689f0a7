import type { User } from '../auth';
import type { DeviceCache, SyncStorage } from './deps';
import type { Outbox } from './outbox';
import { OPEN_WORKSPACE_KEY, type CacheOwner } from './owner';
import type { Transport, WorkspaceChoice } from './transport';

/** Which workspace opens, or why none can. */
export type Chosen = { ok: true; owner: CacheOwner } | { ok: false; problem: string };

/** Choosing the workspace a person's sync opens, and moving to another. */
export interface WorkspaceSwitch {
  /** The workspace this browser opens for `user`: the one asked for, the one it had, or the first. */
  choose: (user: User) => Promise<Chosen>;
  /**
   * Makes the cache `next`'s: a cache of someone else's is emptied before anything shows, and
   * records from before sync are set aside for upload. False when it already was.
   */
  takeOver: (next: CacheOwner) => boolean;
  /**
   * Opens `target` instead of `from`: what waits for the server is pushed first (refused while
   * changes cannot be sent, so none wait unseen in a workspace not open), then the cache is
   * emptied and names the other workspace, and the page starts again on it.
   */
  switchTo: (
    from: CacheOwner,
    target: WorkspaceChoice,
    steps: { pushNow: () => Promise<void>; stop: () => void; reload: () => void },
  ) => Promise<{ ok: true } | { ok: false; message: string }>;
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

  /**
   * Empties the cache for `next` and forgets its last pull's cookie, so the next pull is a first
   * one that fills the cache (changes still waiting in its outbox are laid over it again).
   */
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
    async switchTo(from, target, steps) {
      if (target.id === from.workspaceId) return { ok: true };
      await steps.pushNow();
      const waiting = outbox.read(from).outbox.length;
      if (waiting > 0)
        return {
          ok: false,
          message: `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet. Open another workspace once ${waiting === 1 ? 'it has' : 'they have'} been saved.`,
        };
      // Stopped first, so this tab does not follow its own switch as another tab's.
      steps.stop();
      emptyCacheFor({ userId: from.userId, workspaceId: target.id, workspaceName: target.name });
      // Every screen starts again on the other workspace (what it asked the server was of this one).
      steps.reload();
      return { ok: true };
    },
    dispose: () => {},
  };
}
