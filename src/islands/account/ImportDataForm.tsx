import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { toDay } from '../../lib/day';
import { parseExport } from '../../lib/sync/import-file';
import { planUpload, type UploadPlan } from '../../lib/sync/upload';
import { enqueueMutations } from '../../stores/app-sync';
import { $cacheOwner } from '../../stores/sync/owner';
import { describeCounts } from '../../ui/shell/LegacyOffer';

type Step =
  | { kind: 'idle' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; plan: UploadPlan; unreadable: number }
  | { kind: 'done'; count: string };

/**
 * Restores an export (Export my data) into the open workspace. Records keep their ids, so a
 * file imported twice, or into the workspace it came from, adds each record once.
 */
export function ImportDataForm() {
  const owner = useStore($cacheOwner);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const inputId = useId();
  const workspace = owner?.workspaceName || 'this workspace';

  const read = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseExport(await file.text());
    if (!parsed.ok) {
      setStep({ kind: 'error', message: parsed.message });
      return;
    }
    setStep({
      kind: 'ready',
      plan: planUpload(parsed.records, toDay(new Date())),
      unreadable: parsed.unreadable,
    });
  };

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <label htmlFor={inputId} className="mb-2 block font-semibold">
        Import an export file
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        className="block w-full max-w-full text-sm"
        aria-describedby={`${inputId}-help`}
        onChange={(event) => {
          void read(event.target.files?.[0]);
          // The same file chosen again (say, after going offline meanwhile) is read again.
          event.target.value = '';
        }}
      />
      <p id={`${inputId}-help`} className="mt-1 break-words text-sm text-slate-600">
        Adds the records of a file made with Export my data to {workspace}. Records already there
        are not added twice.
      </p>
      {step.kind === 'error' ? (
        <p role="alert" className="mt-2 text-red-800">
          {step.message}
        </p>
      ) : null}
      {step.kind === 'ready' ? (
        <div role="status" className="mt-3 rounded border border-brand-200 bg-brand-50 p-3">
          <p>
            This file holds {describeCounts(step.plan.counts)}. Add them to {workspace}?
          </p>
          {step.plan.problems.length + step.unreadable > 0 ? (
            <p className="mt-1 text-sm">
              {step.plan.problems.length + step.unreadable} records cannot be added as they are
              (unreadable, or referring to a record the file does not hold).
            </p>
          ) : null}
          <button
            type="button"
            className="btn-primary mt-2"
            onClick={() => {
              enqueueMutations(step.plan.mutations.map((m) => ({ ...m, quiet: true })));
              setStep({ kind: 'done', count: describeCounts(step.plan.counts) });
            }}
          >
            Add them
          </button>
        </div>
      ) : null}
      {step.kind === 'done' ? (
        <p role="status" className="mt-2">
          Added {step.count}. They reach the server as soon as this device is online.
        </p>
      ) : null}
    </div>
  );
}
