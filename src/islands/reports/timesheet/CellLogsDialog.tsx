import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useState } from 'react';
import { htmlToText } from '../../../lib/html-text';
import type { TimeLog } from '../../../stores/time-logs';
import { commitCell, type CellPlace } from './cell-commit';
import { TimesheetCell } from './TimesheetCell';

/** The logs of a cell that holds several: each one's duration to change, with its description. */
export function CellLogsDialog({
  title,
  logs,
  place,
  readOnly,
  onClose,
}: {
  title: string;
  logs: readonly TimeLog[];
  place: CellPlace;
  readOnly: (log: TimeLog) => string | null;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-2 top-20 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl"
    >
      <DialogHeading className="mb-3 text-xl font-bold">{title}</DialogHeading>
      <ul className="mb-3 space-y-2">
        {logs.map((log, i) => {
          const about = htmlToText(log.desc).trim() || 'No description';
          return (
            <li key={log.id} className="grid grid-cols-[1fr_6rem] items-center gap-2">
              <span>{about}</span>
              <TimesheetCell
                label={`Duration of ${about}, log ${i + 1} of ${logs.length}`}
                logs={[log]}
                readOnly={readOnly(log)}
                problemId={problem ? 'cell-logs-problem' : undefined}
                onCommit={(text) => setProblem(commitCell(text, [log], place))}
                onOpen={() => undefined}
              />
            </li>
          );
        })}
      </ul>
      {problem ? (
        <p id="cell-logs-problem" role="alert" className="mb-3 text-red-800">
          {problem}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-slate-700">
        To change more than the duration, open the day on{' '}
        <a href={`/login/?day=${place.day}`} className="text-brand-700 underline">
          Track
        </a>
        .
      </p>
      <DialogDismiss className="btn-secondary">Close</DialogDismiss>
    </Dialog>
  );
}
