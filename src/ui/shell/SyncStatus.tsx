import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $syncStatus } from '../../stores/app-sync';

// What the server refused, with the words for each kind of change, loads only when there is
// something refused, which is rare (issue 29's budget).
const SyncRefusals = lazy(() =>
  import('./SyncRefusals').then((m) => ({ default: m.SyncRefusals })),
);

/** Saved / saving / offline with N changes waiting, and what the server refused. */
export function SyncStatus() {
  const status = useStore($syncStatus);
  const waiting = `${status.pending} ${status.pending === 1 ? 'change' : 'changes'} waiting`;
  const text =
    status.phase === 'starting'
      ? // The screen itself says "Opening your workspace…" when it waits for the engine.
        'Connecting…'
      : status.phase === 'saved'
        ? 'All changes saved'
        : status.phase === 'saving'
          ? 'Saving…'
          : status.phase === 'offline'
            ? `Offline${status.pending > 0 ? `, ${waiting}` : ''}`
            : `Not syncing: ${status.problem ?? ''}${status.pending > 0 ? ` (${waiting})` : ''}`;
  return (
    <div className="px-4 pt-2 text-sm">
      <p role="status" className="text-right text-slate-600" data-phase={status.phase}>
        {text}
      </p>
      {status.refusals.length > 0 ? (
        <Suspense fallback={null}>
          <SyncRefusals refusals={status.refusals} />
        </Suspense>
      ) : null}
    </div>
  );
}
