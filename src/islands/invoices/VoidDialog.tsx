import { Dialog, DialogDescription, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useState } from 'react';
import type { Settlement } from '../../lib/invoice-settlement';

/**
 * Asks before an issued invoice is voided. When money was paid on it, the person says what
 * becomes of it (refunded, or kept as the client's credit): nothing is voided until they do.
 */
export function VoidDialog({
  open,
  number,
  clientName,
  paid,
  onConfirm,
  onClose,
}: {
  open: boolean;
  number: string;
  clientName: string;
  /** The money paid on it, written out (₹10,000.00), or '' when nothing was paid. */
  paid: string;
  onConfirm: (settlement: Settlement['kind'] | undefined) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<Settlement['kind'] | ''>('');
  const [missing, setMissing] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      unmountOnHide
      role="alertdialog"
      backdrop={<div className="fixed inset-0 bg-slate-900/40" />}
      className="fixed inset-x-4 top-24 z-50 mx-auto max-w-md rounded-lg bg-white p-6 shadow-xl"
    >
      <DialogHeading className="text-xl font-bold">Void invoice {number}?</DialogHeading>
      <DialogDescription className="mt-2 text-slate-700">
        A credit note for its whole amount is issued with it, and its logs can be changed and billed
        again. A void invoice cannot be issued again.
        {paid ? ` ${paid} has been paid on it: say what becomes of that money.` : ''}
      </DialogDescription>
      {paid ? (
        <fieldset className="mt-4">
          <legend className="font-semibold">What happens to the {paid} paid?</legend>
          {(
            [
              ['refund', `Refunded to ${clientName}`],
              ['credit', `Kept as a credit for ${clientName}’s next invoice`],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                name="settlement"
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                  setMissing(false);
                }}
              />
              {label}
            </label>
          ))}
          {missing ? (
            <p role="alert" className="mt-2 text-red-800">
              Choose what happens to the money paid.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <DialogDismiss className="btn-secondary">Cancel</DialogDismiss>
        <button
          type="button"
          className="inline-flex items-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          onClick={() => {
            if (paid && !choice) return setMissing(true);
            onConfirm(choice || undefined);
            onClose();
          }}
        >
          Void invoice
        </button>
      </div>
    </Dialog>
  );
}
