import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useRef, useState } from 'react';
import type { TimeLogDraft } from '../../lib/time-log-form';
import { draftFromLog, logFieldLabels, saveLogEdit } from '../../stores/track';
import { originOfChange } from '../../stores/tab-change-origin';
import { TIME_LOGS_KEY, timeLogById, type TimeLog } from '../../stores/time-logs';
import { showToast } from '../../stores/toast';
import { undoOfLogEdit } from '../../stores/undo-log-edit';
import { EditProblemNotice, type EditProblem } from './EditProblemNotice';
import { LogForm } from './LogForm';

/**
 * The dialog's form. It remembers the log as it was when opened, so Save writes only the fields
 * the person changed, and says so instead of overwriting when another tab changed one of them.
 */
function EditLogForm({ log, onClose }: { log: TimeLog; onClose: () => void }) {
  const [opened, setOpened] = useState(log);
  const [formKey, setFormKey] = useState(0);
  const [problem, setProblem] = useState<EditProblem | null>(null);
  const overwrite = useRef(false);

  const save = (draft: TimeLogDraft, seconds: number, expenses: number) => {
    const before = timeLogById(opened.id);
    const result = saveLogEdit(opened, draft, seconds, expenses, overwrite.current);
    if (result.status === 'conflict') {
      setProblem({
        kind: 'conflict',
        fields: logFieldLabels(result.fields),
        origin: result.origin,
      });
    } else if (result.status === 'missing') setProblem({ kind: 'missing', origin: result.origin });
    else if (!result.saved) setProblem({ kind: 'unsaved', message: result.message });
    const saved = result.status === 'saved' && result.saved;
    const undo = saved && before ? undoOfLogEdit(before) : null;
    if (undo) showToast('Time log saved', undo);
    return saved;
  };

  const reload = () => {
    const current = timeLogById(opened.id);
    if (!current) {
      setProblem({ kind: 'missing', origin: originOfChange(TIME_LOGS_KEY, opened.id, undefined) });
      return;
    }
    setOpened(current);
    setProblem(null);
    setFormKey((k) => k + 1);
  };

  // The person chose to replace the other tab's values: submit the form once in that mode, so
  // the same validation applies and Enter in a field never overwrites by accident.
  const overwriteWithMine = (form: HTMLFormElement | null) => {
    overwrite.current = true;
    form?.requestSubmit();
    overwrite.current = false;
  };

  return (
    <LogForm
      key={formKey}
      mode="edit"
      initial={draftFromLog(opened)}
      onSave={save}
      onClose={onClose}
      notice={
        problem ? (
          <EditProblemNotice problem={problem} onReload={reload} onOverwrite={overwriteWithMine} />
        ) : null
      }
    />
  );
}

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
      {log ? <EditLogForm key={log.id} log={log} onClose={onClose} /> : null}
    </Dialog>
  );
}
