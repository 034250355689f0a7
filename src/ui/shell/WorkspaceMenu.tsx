import { lazy, Suspense, useState } from 'react';
import type { CacheOwner } from '../../stores/sync/owner';

// The list and the new-workspace form load when the menu first opens.
const WorkspacePanel = lazy(() =>
  import('./WorkspacePanel').then((m) => ({ default: m.WorkspacePanel })),
);

/** The open workspace's name, which opens the list of the person's workspaces to switch to. */
export function WorkspaceMenu({ owner }: { owner: CacheOwner | null }) {
  const [open, setOpen] = useState(false);
  if (!owner) return <p className="px-4 pb-3 pt-1 text-sm">{'\u00a0'}</p>;
  return (
    <div className="px-2 pb-3 pt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="workspace-panel"
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-sm text-slate-200 hover:bg-brand-800"
      >
        <span className="min-w-0 break-words">
          <span className="sr-only">Workspace: </span>
          {owner.workspaceName}
        </span>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open ? (
        <div id="workspace-panel" className="mt-1 rounded bg-brand-800 p-2 text-sm">
          <Suspense fallback={<p role="status">Loading your workspaces…</p>}>
            <WorkspacePanel current={owner.workspaceId} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
