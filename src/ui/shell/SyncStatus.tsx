import { useStore } from '@nanostores/react';
import { $syncStatus, dismissRefusals, enqueueMutations } from '../../stores/app-sync';
import { changeCreates, describeChange } from '../../lib/commands/describe';
import type { Refusal } from '../../stores/sync/state';

function RefusalItem({ refusal }: { refusal: Refusal }) {
  const created = changeCreates(refusal.mutation.name);
  return (
    <li className="py-1">
      <strong>{describeChange(refusal.mutation.name)}</strong> was not saved: {refusal.message}
      {created ? (
        <span className="ml-2 inline-flex gap-2">
          <button
            type="button"
            className="underline"
            onClick={() =>
              void navigator.clipboard?.writeText(JSON.stringify(refusal.mutation.args, null, 2))
            }
          >
            Copy it
          </button>
          <button
            type="button"
            className="underline"
            onClick={() =>
              enqueueMutations([
                {
                  name: refusal.mutation.name,
                  args: refusal.mutation.args,
                  record: refusal.mutation.record,
                  // A command's own changes come back on this device at once, as they first did.
                  ...(refusal.mutation.steps ? { steps: refusal.mutation.steps } : {}),
                },
              ])
            }
          >
            Try again
          </button>
        </span>
      ) : null}
    </li>
  );
}

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
        <div role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3">
          <p className="font-semibold">Some changes were not saved</p>
          <ul>
            {status.refusals.map((refusal) => (
              <RefusalItem key={`${refusal.mutation.id}-${refusal.at}`} refusal={refusal} />
            ))}
          </ul>
          <button type="button" className="mt-1 underline" onClick={dismissRefusals}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
