import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { logInputFromDraft, draftFromLog } from '../../stores/track';
import { updateTimeLog, type TimeLog } from '../../stores/time-logs';
import { LogForm } from './LogForm';

/** Edits a log in place in a dialog prefilled with every field; Escape and Cancel close it. */
export function EditLogDialog({ log, onClose }: { log: TimeLog | null; onClose: () => void }) {
  return (
    <Dialog
      open={log !== null}
      onClose={onClose}
      unmountOnHide
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-2 top-8 z-50 mx-auto max-h-[90vh] max-w-3xl overflow-auto rounded-lg bg-white p-6 shadow-xl"
    >
      <div className="mb-4 flex items-center justify-between">
        <DialogHeading className="text-xl font-bold">Edit time log</DialogHeading>
        <DialogDismiss className="rounded px-2 py-1 hover:bg-slate-100" aria-label="Close" />
      </div>
      {log ? (
        <LogForm
          mode="edit"
          initial={draftFromLog(log)}
          onSave={(draft, seconds, expenses) =>
            updateTimeLog(log.id, logInputFromDraft(draft, seconds, expenses)).saved
          }
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}
