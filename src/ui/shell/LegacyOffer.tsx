import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { enqueueMutations } from '../../stores/app-sync';
import {
  $legacyPlan,
  forgetLegacyData,
  legacyRecords,
  loadLegacyPlan,
} from '../../stores/sync/legacy';
import { $cacheOwner } from '../../stores/sync/owner';
import { downloadFile } from '../feedback/download';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 clients, 2 projects and 140 time logs" */
export function describeCounts(counts: Record<string, number>): string {
  const parts = [
    counts['clients'] ? plural(counts['clients'], 'client', 'clients') : '',
    counts['projects'] ? plural(counts['projects'], 'project', 'projects') : '',
    counts['tasks'] ? plural(counts['tasks'], 'task', 'tasks') : '',
    counts['members'] ? plural(counts['members'], 'team member', 'team members') : '',
    counts['logs'] ? plural(counts['logs'], 'time log', 'time logs') : '',
  ].filter(Boolean);
  return parts.length <= 1
    ? (parts[0] ?? 'nothing')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * Offers the records found in this browser from before sync for upload into the open
 * workspace. Nothing is dropped without the person's say: "Not now" keeps the offer, and
 * discarding offers the records as a file first.
 */
export function LegacyOffer() {
  const plan = useStore($legacyPlan);
  const owner = useStore($cacheOwner);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [hidden, setHidden] = useState(false);
  useEffect(loadLegacyPlan, []);
  if (!plan || hidden || !owner) return null;
  const found = describeCounts(plan.counts);
  const add = () => {
    enqueueMutations(plan.mutations.map((m) => ({ ...m, quiet: true })));
    if (plan.problems.length === 0) forgetLegacyData();
    else setHidden(true);
  };
  return (
    <section
      aria-labelledby="legacy-offer-title"
      className="mx-4 mt-3 rounded border border-brand-200 bg-white p-4 shadow-sm"
    >
      <h2 id="legacy-offer-title" className="font-semibold">
        We found {found} in this browser. Add them to {owner.workspaceName || 'your workspace'}?
      </h2>
      {plan.problems.length > 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {plural(plan.problems.length, 'record', 'records')} cannot be added as they are (for
          example, a log of a project deleted before): download them to keep them.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="rounded bg-brand-700 px-3 py-1.5 text-white" onClick={add}>
          Add them
        </button>
        <button
          type="button"
          className="rounded border px-3 py-1.5"
          onClick={() => setHidden(true)}
        >
          Not now
        </button>
        <button
          type="button"
          className="rounded border px-3 py-1.5"
          onClick={() =>
            downloadFile(
              'hourmark-found-in-browser.json',
              JSON.stringify(legacyRecords(), null, 2),
              'application/json',
            )
          }
        >
          Download them
        </button>
        {confirmingDiscard ? (
          <button
            type="button"
            className="rounded border border-red-700 px-3 py-1.5 text-red-800"
            onClick={forgetLegacyData}
          >
            Yes, discard them
          </button>
        ) : (
          <button
            type="button"
            className="rounded border px-3 py-1.5"
            onClick={() => setConfirmingDiscard(true)}
          >
            Discard…
          </button>
        )}
      </div>
    </section>
  );
}
