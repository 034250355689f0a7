import type { Outbox } from './outbox';
import type { CacheOwner } from './owner';
import type { WorkspaceChoice } from './transport';
import type { WorkspaceSwitch } from './workspace-switch';

// Moving to another workspace loads when a person chooses one (issue 29's budget: a first visit
// opens the one it has).

/**
 * Opens `target` instead of `from`: what waits for the server is pushed first (refused while
 * changes cannot be sent, so none wait unseen in a workspace not open), then the cache is
 * emptied and names the other workspace, and the page starts again on it.
 */
export async function moveToWorkspace(
  deps: { outbox: Outbox; workspaces: Pick<WorkspaceSwitch, 'emptyCacheFor'> },
  from: CacheOwner,
  target: WorkspaceChoice,
  steps: { pushNow: () => Promise<void>; stop: () => void; reload: () => void },
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (target.id === from.workspaceId) return { ok: true };
  await steps.pushNow();
  const waiting = deps.outbox.read(from).outbox.length;
  if (waiting > 0)
    return {
      ok: false,
      message: `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet. Open another workspace once ${waiting === 1 ? 'it has' : 'they have'} been saved.`,
    };
  // Stopped first, so this tab does not follow its own switch as another tab's.
  steps.stop();
  deps.workspaces.emptyCacheFor({
    userId: from.userId,
    workspaceId: target.id,
    workspaceName: target.name,
  });
  // Every screen starts again on the other workspace (what it asked the server was of this one).
  steps.reload();
  return { ok: true };
}
