import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useState, type SubmitEvent } from 'react';

/** Asks why logs are rejected: the note is what their author reads beside each log. */
export function RejectDialog({
  title,
  onReject,
  onClose,
}: {
  title: string | null;
  onReject: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!note.trim()) {
      setError('Say why, so they can fix it');
      return;
    }
    if (note.length > 1000) {
      setError('At most 1,000 characters');
      return;
    }
    onReject(note.trim());
    setNote('');
    setError('');
    onClose();
  }
  return (
    <Dialog
      open={title !== null}
      onClose={onClose}
      unmountOnHide
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-4 top-24 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl"
    >
      <DialogHeading className="text-xl font-bold">{title}</DialogHeading>
      <form noValidate onSubmit={submit} className="mt-3">
        <label htmlFor="reject-note" className="field-label">
          Why are they rejected?
        </label>
        <textarea
          id="reject-note"
          className="field-input min-h-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reject-note-error' : undefined}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error ? (
          <p id="reject-note-error" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          <DialogDismiss className="btn-secondary">Cancel</DialogDismiss>
          <button type="submit" className="btn-primary">
            Reject
          </button>
        </div>
      </form>
    </Dialog>
  );
}
