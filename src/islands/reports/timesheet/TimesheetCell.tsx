import { useEffect, useState } from 'react';
import { useDuration } from '../../../ui/time/use-duration';
import type { TimeLog } from '../../../stores/time-logs';

/**
 * One day of one row. Empty or holding one log: a duration to type (Enter or leaving the cell
 * saves it). Holding several logs: a button that opens them. Read-only: the total and why.
 */
export function TimesheetCell({
  label,
  logs,
  readOnly,
  problemId,
  onCommit,
  onOpen,
}: {
  /** "Website · Design, Mon 23 Nov": what the cell is for, read by screen readers. */
  label: string;
  logs: readonly TimeLog[];
  /** Why the cell cannot be changed, or null. */
  readOnly: string | null;
  /** The id of the message beside the grid, when it is about this cell. */
  problemId: string | undefined;
  onCommit: (text: string) => void;
  onOpen: () => void;
}) {
  const duration = useDuration();
  const seconds = logs.reduce((sum, log) => sum + log.dur, 0);
  const shown = seconds > 0 ? duration(seconds) : '';
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);

  if (logs.length > 1)
    return (
      <button
        type="button"
        className="w-full rounded border border-slate-300 px-2 py-1 text-right tabular-nums hover:bg-slate-50"
        onClick={onOpen}
      >
        <span className="sr-only">
          {label}: {logs.length} logs,{' '}
        </span>
        {shown}
        <span aria-hidden="true" className="ml-1 text-xs text-slate-600">
          ×{logs.length}
        </span>
        <span className="sr-only">. Open them</span>
      </button>
    );
  if (readOnly)
    return (
      <span className="block px-2 py-1 text-right tabular-nums text-slate-600" title={readOnly}>
        {shown || '–'}
        <span className="sr-only">, {readOnly}</span>
      </span>
    );
  const commit = () => {
    if (text.trim() !== shown) onCommit(text);
  };
  return (
    <input
      className="field-input w-full px-2 py-1 text-right tabular-nums"
      aria-label={label}
      aria-invalid={problemId ? true : undefined}
      aria-describedby={problemId}
      inputMode="decimal"
      placeholder="–"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
        if (e.key === 'Escape') setText(shown);
      }}
    />
  );
}
