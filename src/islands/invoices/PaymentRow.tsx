import { useState, type SubmitEvent } from 'react';
import { formatDay, isValidDay } from '../../lib/day';
import { editableMoney, toMinor } from '../../lib/money';
import { readLocaleNumber } from '../../lib/locale-number';
import { correctPayment, deletePayment, type Payment } from '../../stores/invoices';
import { TextField } from '../../ui/form/TextField';

/**
 * One payment of an issued invoice, with Correct and Delete: both ask why, and the reason is
 * kept in the audit log with the payment before and after.
 */
export function PaymentRow({
  invoiceId,
  payment,
  money,
  currency,
  onChanged,
}: {
  invoiceId: string;
  payment: Payment;
  money: (minor: number) => string;
  /** The invoice's currency, whose minor units the amount is written with. */
  currency: string;
  onChanged: () => void;
}) {
  const [mode, setMode] = useState<'view' | 'correct' | 'delete'>('view');
  const [paidOn, setPaidOn] = useState(payment.paidOn);
  const [amount, setAmount] = useState(editableMoney(payment.amountMinor, currency));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const label = `${formatDay(payment.paidOn)}: ${money(payment.amountMinor)}`;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const minor = toMinor(readLocaleNumber(amount) ?? 0);
    const found: Record<string, string> = {};
    if (!reason.trim()) found['reason'] = 'Say why, for the audit log';
    if (mode === 'correct') {
      if (!isValidDay(paidOn)) found['paidOn'] = 'Choose the day it was paid';
      if (!(amount.trim() !== '' && minor > 0)) found['amount'] = 'Enter the amount received';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const result =
      mode === 'correct'
        ? await correctPayment(
            invoiceId,
            { paymentId: payment.id, paidOn, amountMinor: minor, note: payment.note },
            reason.trim(),
          )
        : await deletePayment(invoiceId, payment.id, reason.trim());
    if (!result.ok) return setProblem(result.message);
    setProblem('');
    setMode('view');
    onChanged();
  }

  return (
    <li className="mb-1">
      {label}
      {payment.note ? ` (${payment.note})` : ''}{' '}
      {mode === 'view' ? (
        <>
          <button
            type="button"
            className="text-brand-700 underline"
            aria-label={`Correct payment of ${label}`}
            onClick={() => setMode('correct')}
          >
            Correct
          </button>{' '}
          <button
            type="button"
            className="text-brand-700 underline"
            aria-label={`Delete payment of ${label}`}
            onClick={() => setMode('delete')}
          >
            Delete
          </button>
        </>
      ) : (
        <form
          noValidate
          aria-label={
            mode === 'correct' ? `Correct payment of ${label}` : `Delete payment of ${label}`
          }
          onSubmit={(e) => void submit(e)}
          className="mt-2 grid gap-x-4 rounded border border-slate-200 p-3 sm:grid-cols-3"
        >
          {mode === 'correct' ? (
            <>
              <TextField
                label="Paid on"
                type="date"
                value={paidOn}
                error={errors['paidOn']}
                onChange={setPaidOn}
              />
              <TextField
                label="Amount"
                inputMode="decimal"
                value={amount}
                error={errors['amount']}
                onChange={setAmount}
              />
            </>
          ) : null}
          <TextField
            label="Reason"
            hint="Kept in the audit log."
            value={reason}
            error={errors['reason']}
            onChange={setReason}
          />
          <div className="flex items-end gap-2 pb-4 sm:col-span-3">
            <button type="submit" className="btn-primary">
              {mode === 'correct' ? 'Save correction' : 'Delete payment'}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setMode('view')}>
              Cancel
            </button>
          </div>
          {problem ? (
            <p role="alert" className="text-red-800 sm:col-span-3">
              {problem}
            </p>
          ) : null}
        </form>
      )}
    </li>
  );
}
