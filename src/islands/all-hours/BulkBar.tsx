import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { BulkChange } from '../../lib/bulk-edit';
import type { TimeLog } from '../../lib/entities/time-log';
import { $allHoursFilter } from '../../stores/all-hours';
import {
  $selectedLogIds,
  clearSelection,
  deleteSelectedLogs,
  editSelectedLogs,
  selectAllMatching,
  selectLogs,
} from '../../stores/all-hours-selection';
import { showToast } from '../../stores/toast';
import { ConfirmDialog } from '../../ui/dialog/ConfirmDialog';
import { BulkEditDialog } from './BulkEditDialog';

const plural = (n: number) => `${n} time log${n === 1 ? '' : 's'}`;

interface BulkBarProps {
  /** The logs drawn on the page now. */
  drawn: readonly TimeLog[];
  /** Logs of the cache window matching the filter. */
  recent: readonly TimeLog[];
  /** Every log matching the filter, older ones on the server included. */
  count: number;
}

/** Selecting logs on /allHours and changing or deleting them together (the Pro list's bulk edit). */
export function BulkBar({ drawn, recent, count }: BulkBarProps) {
  const selected = useStore($selectedLogIds);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const all = useRef<HTMLInputElement>(null);
  const drawnSelected = drawn.filter((log) => selected.has(log.id)).length;
  const allDrawn = drawn.length > 0 && drawnSelected === drawn.length;

  useEffect(() => {
    if (all.current) all.current.indeterminate = drawnSelected > 0 && !allDrawn;
  }, [drawnSelected, allDrawn]);

  // A new filter starts a new selection: ticks on logs no longer listed would be invisible.
  const filter = useStore($allHoursFilter);
  useEffect(() => clearSelection, [filter]);

  async function selectEverything() {
    setBusy(true);
    setProblem('');
    const done = await selectAllMatching($allHoursFilter.get(), recent);
    setBusy(false);
    if (!done)
      setProblem(
        'The older logs could not be loaded from the server. Try again when you are online.',
      );
  }

  function apply(change: BulkChange) {
    const result = editSelectedLogs(change);
    showToast(
      result.changed === 0
        ? 'Nothing to change: the logs already had these values'
        : `Changed ${plural(result.changed)}`,
      result.changed > 0 ? () => void result.undo() : undefined,
    );
  }

  function remove() {
    const result = deleteSelectedLogs();
    showToast(`Deleted ${plural(result.removed)}`, () => void result.undo());
  }

  return (
    <div
      role="region"
      aria-label="Selected time logs"
      className="sticky top-0 z-10 mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-2"
    >
      <label className="flex items-center gap-2 px-1 text-sm font-semibold">
        <input
          ref={all}
          type="checkbox"
          className="h-4 w-4"
          checked={allDrawn}
          disabled={drawn.length === 0}
          onChange={() => (allDrawn ? clearSelection() : selectLogs(drawn))}
        />
        Select all {drawn.length} shown
      </label>
      <p aria-live="polite" className="text-sm text-slate-700">
        {selected.size > 0 ? `${plural(selected.size)} selected` : ''}
      </p>
      {allDrawn && count > selected.size ? (
        <button
          type="button"
          className="btn-secondary py-1 text-sm"
          disabled={busy}
          onClick={() => void selectEverything()}
        >
          {busy ? 'Loading…' : `Select all ${count} matching`}
        </button>
      ) : null}
      {selected.size > 0 ? (
        <div className="ml-auto flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary py-1 text-sm"
            onClick={() => setEditing(true)}
          >
            Edit selected
          </button>
          <button
            type="button"
            className="btn-secondary py-1 text-sm text-red-800"
            onClick={() => setDeleting(true)}
          >
            Delete selected
          </button>
          <button type="button" className="btn-secondary py-1 text-sm" onClick={clearSelection}>
            Clear selection
          </button>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="field-error w-full">
          {problem}
        </p>
      ) : null}
      <BulkEditDialog
        count={selected.size}
        open={editing}
        onApply={apply}
        onClose={() => setEditing(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={`Delete ${plural(selected.size)}?`}
        description="They are removed for everyone in the workspace. Undo brings them back right after."
        confirmLabel={`Delete ${plural(selected.size)}`}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </div>
  );
}
