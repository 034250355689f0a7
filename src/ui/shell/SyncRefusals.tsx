import { changeCreates, describeChange } from '../../lib/commands/describe';
import { dismissRefusals, enqueueMutations } from '../../stores/app-sync';
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

/** What the server refused, each with Copy it / Try again where that helps, and Dismiss. */
export function SyncRefusals({ refusals }: { refusals: readonly Refusal[] }) {
  return (
    <div role="alert" className="mt-2 rounded border border-amber-300 bg-amber-50 p-3">
      <p className="font-semibold">Some changes were not saved</p>
      <ul>
        {refusals.map((refusal) => (
          <RefusalItem key={`${refusal.mutation.id}-${refusal.at}`} refusal={refusal} />
        ))}
      </ul>
      <button type="button" className="mt-1 underline" onClick={dismissRefusals}>
        Dismiss
      </button>
    </div>
  );
}
