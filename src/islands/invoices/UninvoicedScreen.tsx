import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { presets } from '../../lib/date-presets';
import { formatDay } from '../../lib/day';
import { formatDuration } from '../../lib/duration';
import { formatMoney } from '../../lib/money';
import { $abilities } from '../../stores/access';
import { draftInvoice, loadUninvoiced, type UninvoicedClient } from '../../stores/invoices';
import { PresetSelect } from '../common/PresetSelect';
import { usePresetRange } from '../common/use-preset-range';
import { AdminsOnly } from './AdminsOnly';

const ranges = presets.filter((p) => p !== 'custom' && p !== 'today');

/**
 * /uninvoiced: per client, the approved billable time and expenses no invoice holds yet, by
 * project, for a range of days; Create invoice makes a draft of a client's.
 */
export function UninvoicedScreen() {
  const can = useStore($abilities);
  const { preset, setPreset, range } = usePresetRange(ranges, 'last-month');
  const [clients, setClients] = useState<UninvoicedClient[] | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!can.isAdmin) return;
    let current = true;
    void loadUninvoiced(range.from, range.to).then((result) => {
      if (!current) return;
      if (result.ok) {
        setClients(result.data.clients);
        setProblem('');
      } else setProblem(result.message);
    });
    return () => {
      current = false;
    };
  }, [can.isAdmin, range.from, range.to]);

  if (!can.isAdmin) return <AdminsOnly />;

  async function create(client: UninvoicedClient) {
    const made = await draftInvoice(client.clientId, range.from, range.to, []);
    if (made.ok) window.location.assign(`/invoices/view?id=${made.data.invoice.id}`);
    else setProblem(made.message);
  }

  return (
    <section aria-labelledby="uninvoiced-heading" className="p-4 desk:p-6">
      <h1 id="uninvoiced-heading" className="mb-4 text-3xl font-bold">
        Uninvoiced
      </h1>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <PresetSelect id="uninvoiced-range" value={preset} choices={ranges} onChange={setPreset} />
        <p className="pb-2 font-semibold">
          {formatDay(range.from)} – {formatDay(range.to)}
        </p>
      </div>
      <p role="status" className="mb-3 text-slate-700">
        {problem ||
          (clients === null
            ? 'Looking for time to bill…'
            : clients.length === 0
              ? 'Everything approved in these days is on an invoice.'
              : '')}
      </p>
      {(clients ?? []).map((client) => {
        const sum = (pick: (p: UninvoicedClient['projects'][number]) => number) =>
          client.projects.reduce((total, p) => total + pick(p), 0);
        return (
          <section
            key={client.clientId}
            aria-labelledby={`client-${client.clientId}`}
            className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h2 id={`client-${client.clientId}`} className="text-xl font-bold">
                {client.clientName}
              </h2>
              <button type="button" className="btn-primary" onClick={() => void create(client)}>
                Create invoice for {client.clientName}
              </button>
            </div>
            <table className="w-full text-left">
              <caption className="sr-only">Uninvoiced time of {client.clientName}</caption>
              <thead className="text-sm">
                <tr>
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
                    <th scope="row" className="py-1 font-normal">
                      {p.projectName}
                    </th>
                    <td className="py-1 text-right tabular-nums">
                      {formatDuration(p.billableSeconds, 'short')}
                    </td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(p.billableMinor)}</td>
                    <td className="py-1 text-right tabular-nums">{formatMoney(p.expensesMinor)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 font-bold">
                <tr>
                  <th scope="row" className="py-1">
                    Total
                  </th>
                  <td className="py-1 text-right tabular-nums">
                    {formatDuration(
                      sum((p) => p.billableSeconds),
                      'short',
                    )}
                  </td>
                  <td className="py-1 text-right tabular-nums">
                    {formatMoney(sum((p) => p.billableMinor))}
                  </td>
                  <td className="py-1 text-right tabular-nums">
                    {formatMoney(sum((p) => p.expensesMinor))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        );
      })}
    </section>
  );
}
