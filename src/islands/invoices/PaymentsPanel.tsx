import { useState, type SubmitEvent } from 'react';
import { isValidDay } from '../../lib/day';
import { editableMoney, formatMoney, toMinor } from '../../lib/money';
import { readLocaleNumber } from '../../lib/locale-number';
import { applyClientCredit, recordPayment, type Invoice } from '../../stores/invoices';
import { PaymentRow } from './PaymentRow';
import { TextField } from '../../ui/form/TextField';

/**
 * The payments of an issued invoice (each can be corrected or deleted, with a reason), what is
 * left to pay, the client's credit from a voided invoice when there is one, and a form to
 * record a payment.
 */
export function PaymentsPanel({
  invoice,
  today,
  onPaid,
}: {
  invoice: Invoice;
  today: string;
  onPaid: () => void;
}) {
  const doc = invoice.document;
  const money = (minor: number) => formatMoney(minor, doc.currency || 'INR');
  const paid = invoice.paidMinor ?? 0;
  const left = doc.totalMinor - paid;
  const [paidOn, setPaidOn] = useState(today);
  const [amount, setAmount] = useState(left > 0 ? editableMoney(left, doc.currency) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const minor = toMinor(readLocaleNumber(amount) ?? 0);
    const found: Record<string, string> = {};
    if (!isValidDay(paidOn)) found['paidOn'] = 'Choose the day it was paid';
    if (!(amount.trim() !== '' && minor > 0)) found['amount'] = 'Enter the amount received';
    else if (minor > left) found['amount'] = `At most ${money(left)} is left to pay`;
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await recordPayment(invoice.id, paidOn, minor, '');
    if (!result.ok) return setProblem(result.message);
    setProblem('');
    // The next payment is most likely the rest.
    const rest = left - minor;
    setAmount(rest > 0 ? editableMoney(rest, doc.currency) : '');
    onPaid();
  }

  async function payFromCredit() {
    const result = await applyClientCredit(invoice.id, isValidDay(paidOn) ? paidOn : today);
    if (!result.ok) return setProblem(result.message);
    setProblem('');
    onPaid();
  }

  return (
    <section
      aria-labelledby="payments-heading"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4 print:hidden"
    >
      <h2 id="payments-heading" className="mb-2 text-xl font-bold">
        Payments
      </h2>
      {(invoice.payments ?? []).length ? (
        <ul className="mb-2">
          {(invoice.payments ?? []).map((p) => (
            <PaymentRow
              key={p.id}
              invoiceId={invoice.id}
              payment={p}
              money={money}
              currency={doc.currency}
              onChanged={onPaid}
            />
          ))}
        </ul>
      ) : (
        <p className="mb-2 text-slate-700">No payment recorded yet.</p>
      )}
      <p className="mb-3 font-semibold">
        Paid {money(paid)} of {money(doc.totalMinor)};{' '}
        {left > 0 ? `${money(left)} left to pay` : 'paid in full'}.
      </p>
      {left > 0 && (invoice.clientCreditMinor ?? 0) > 0 ? (
        <p className="mb-3 rounded border border-emerald-200 bg-emerald-50 p-3">
          {invoice.clientName} has a credit of {money(invoice.clientCreditMinor ?? 0)} from a voided
          invoice.{' '}
          <button type="button" className="btn-secondary" onClick={() => void payFromCredit()}>
            Pay from the credit
          </button>
        </p>
      ) : null}
      {left > 0 ? (
        <form
          noValidate
          aria-label="Record a payment"
          onSubmit={(e) => void submit(e)}
          className="grid gap-x-4 sm:grid-cols-3"
        >
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
          <div className="flex items-end pb-4">
            <button type="submit" className="btn-primary">
              Record payment
            </button>
          </div>
        </form>
      ) : null}
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
