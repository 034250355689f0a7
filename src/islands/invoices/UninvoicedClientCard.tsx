import { useState } from 'react';
import { useDuration } from '../../ui/time/use-duration';
import { formatMoney } from '../../lib/money';
import type { UninvoicedClient } from '../../stores/invoices';

type ProjectRow = UninvoicedClient['projects'][number];

/**
 * One client on /uninvoiced: its projects' approved, unbilled hours, amounts and expenses, each
 * with a box to leave it off the invoice (all ticked at first), totals of the ticked ones, and
 * Create invoice for the ticked projects only.
 */
export function UninvoicedClientCard({
  client,
  currency,
  busy,
  onCreate,
}: {
  client: UninvoicedClient;
  /** The workspace's currency, which the amounts are in. */
  currency: string;
  busy: boolean;
  onCreate: (projectIds: string[]) => void;
}) {
  const duration = useDuration();
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const chosen = client.projects.filter((p) => !leftOut.has(p.projectId));
  const sum = (pick: (p: ProjectRow) => number) => chosen.reduce((total, p) => total + pick(p), 0);
  const toggle = (projectId: string, billed: boolean) =>
    setLeftOut((before) => {
      const next = new Set(before);
      if (billed) next.delete(projectId);
      else next.add(projectId);
      return next;
    });
  const headingId = `client-${client.clientId}`;
  const noneChosenId = `${headingId}-none`;

  return (
    <section
      aria-labelledby={headingId}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {client.clientName}
        </h2>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || chosen.length === 0}
          aria-describedby={chosen.length === 0 ? noneChosenId : undefined}
          onClick={() => onCreate(chosen.map((p) => p.projectId))}
        >
          Create invoice for {client.clientName}
        </button>
      </div>
      {client.creditMinor ? (
        <p className="mb-2 rounded border border-emerald-200 bg-emerald-50 p-2">
          Credit of {formatMoney(client.creditMinor, currency)} from a voided invoice: offered as a
          payment on the next invoice.
        </p>
      ) : null}
      {chosen.length === 0 ? (
        <p id={noneChosenId} className="mb-2 text-slate-700">
          Tick at least one project to bill.
        </p>
      ) : null}
      <table className="w-full text-left">
        <caption className="sr-only">Uninvoiced time of {client.clientName}</caption>
        <thead className="text-sm">
          <tr>
            <th scope="col" className="w-10 py-1">
              <span className="sr-only">Bill</span>
            </th>
            <th scope="col" className="py-1">
              Project
            </th>
            <th scope="col" className="py-1 text-right">
              Billed hours
            </th>
            <th scope="col" className="py-1 text-right">
              Amount
            </th>
            <th scope="col" className="py-1 text-right">
              Expenses
            </th>
          </tr>
        </thead>
        <tbody>
          {client.projects.map((p) => (
            <tr key={p.projectId} className="border-t border-slate-100">
              <td className="py-1">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  aria-label={`Bill ${p.projectName}`}
                  checked={!leftOut.has(p.projectId)}
                  onChange={(e) => toggle(p.projectId, e.target.checked)}
                />
              </td>
              <th scope="row" className="py-1 font-normal">
                {p.projectName}
              </th>
              <td className="py-1 text-right tabular-nums">{duration(p.billableSeconds)}</td>
              <td className="py-1 text-right tabular-nums">
                {formatMoney(p.billableMinor, currency)}
              </td>
              <td className="py-1 text-right tabular-nums">
                {formatMoney(p.expensesMinor, currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-bold">
          <tr>
            <td className="py-1" />
            <th scope="row" className="py-1">
              {chosen.length === client.projects.length ? 'Total' : 'Total of the ticked projects'}
            </th>
            <td className="py-1 text-right tabular-nums">
              {duration(sum((p) => p.billableSeconds))}
            </td>
            <td className="py-1 text-right tabular-nums">
              {formatMoney(
                sum((p) => p.billableMinor),
                currency,
              )}
            </td>
            <td className="py-1 text-right tabular-nums">
              {formatMoney(
                sum((p) => p.expensesMinor),
                currency,
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
