import { useEffect, useState } from 'react';
import { formatDay } from '../../lib/day';
import { formatMoney } from '../../lib/money';
import { loadClientCredits, type ClientCredit } from '../../stores/invoices';

/**
 * A client's credit from voided invoices (issue 27), on the client's own screen (Admins): what
 * is left, and each credit with the invoice and credit note it came from. Shown only when there
 * is or was some; the client's next invoice offers it as a payment.
 */
export function ClientCreditPanel({ clientId }: { clientId: string }) {
  const [credits, setCredits] = useState<ClientCredit[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void loadClientCredits(clientId).then((result) =>
      result.ok ? setCredits(result.data.credits) : setProblem(result.message),
    );
  }, [clientId]);
  if (problem)
    return (
      <p role="status" className="mb-4 text-slate-700">
        {problem}
      </p>
    );
  if (!credits?.length) return null;
  const currency = credits[0]?.currency ?? 'INR';
  const left = credits.reduce((sum, c) => sum + c.leftMinor, 0);
  return (
    <section
      aria-labelledby="client-credit-heading"
      className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <h2 id="client-credit-heading" className="mb-1 text-xl font-bold">
        Credit
      </h2>
      <p className="mb-2 font-semibold">
        {left > 0
          ? `${formatMoney(left, currency)} of credit left, offered as a payment on this client’s next invoice.`
          : 'No credit left: every credit was used.'}
      </p>
      <ul className="list-disc pl-5">
        {credits.map((c) => (
          <li key={c.invoiceId}>
            {formatMoney(c.amountMinor, c.currency)} paid on invoice{' '}
            <a className="text-brand-700 underline" href={`/invoices/view?id=${c.invoiceId}`}>
              {c.invoiceNumber}
            </a>
            , kept when it was voided by credit note {c.creditNote} on{' '}
            {formatDay(c.createdAt.slice(0, 10))}; {formatMoney(c.leftMinor, c.currency)} left.
          </li>
        ))}
      </ul>
    </section>
  );
}
