import { Dialog, DialogDescription, DialogDismiss, DialogHeading } from '@ariakit/react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before something is deleted; Escape and Cancel leave everything as it was. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      unmountOnHide
      role="alertdialog"
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-4 top-24 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl"
    >
      <DialogHeading className="text-xl font-bold">{title}</DialogHeading>
      <DialogDescription className="mt-2 text-slate-700">{description}</DialogDescription>
      <div className="mt-6 flex justify-end gap-3">
        <DialogDismiss className="btn-secondary">Cancel</DialogDismiss>
        <button
          type="button"
          className="inline-flex items-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
