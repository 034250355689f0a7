import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { presetLabels, presetRange, presets } from '../../lib/date-presets';
import { formatDay } from '../../lib/day';
import { oneOf } from '../../lib/list-view';
import { invoiceListCsv } from '../../lib/invoice-csv';
import { formatMoney } from '../../lib/money';
import { todayIn } from '../../lib/workspace-rules';
import { $abilities, $currency, $workspaceRules } from '../../stores/access';
import { owedByCurrency } from '../../lib/invoice-status';
import { loadInvoices, type InvoiceSummary } from '../../stores/invoices';
import { downloadFile } from '../../ui/feedback/download';
import { CustomDays } from '../../ui/dates/CustomDays';
import { useCustomDays } from '../../ui/dates/use-custom-days';
import { useQueryState } from '../../ui/list/use-query-state';
import { AdminsOnly } from './AdminsOnly';

const statuses = ['all', 'draft', 'issued', 'partly paid', 'paid', 'overdue', 'void'] as const;
const statusLabels: Record<(typeof statuses)[number], string> = {
  all: 'All',
  draft: 'Draft',
  issued: 'Issued',
  'partly paid': 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

// Issue dates to show; drafts have none, so they show only with 'any'.
const issuedChoices = ['any', ...presets.filter((p) => p !== 'today')] as const;
type IssuedChoice = (typeof issuedChoices)[number];

/**
 * /invoices: every invoice, filtered by status, client and issue date, with what is outstanding
 * and overdue among those shown.
 */
export function InvoicesScreen() {
  const can = useStore($abilities);
  const currency = useStore($currency);
  const [invoices, setInvoices] = useState<InvoiceSummary[] | null>(null);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useQueryState('status', 'all', (raw) => oneOf(statuses, raw, 'all'));
  const [clientId, setClientId] = useQueryState<string>('client', '');
  const [issued, setIssued] = useQueryState<IssuedChoice>('issued', 'any', (raw) =>
    oneOf(issuedChoices, raw, 'any'),
  );
  const rules = useStore($workspaceRules);
  const today = todayIn(rules.timeZone, new Date());
  const custom = useCustomDays(today);
  const days = issued === 'any' ? null : (presetRange(issued, today, rules.weekStart) ?? custom);

  useEffect(() => {
    if (!can.isAdmin) return;
    void loadInvoices().then((result) =>
      result.ok ? setInvoices(result.data.invoices) : setProblem(result.message),
    );
  }, [can.isAdmin]);

  const clients = useMemo(
    () =>
      [...new Map((invoices ?? []).map((i) => [i.clientId, i.clientName])).entries()].sort((a, b) =>
        a[1].localeCompare(b[1]),
      ),
    [invoices],
  );
  if (!can.isAdmin) return <AdminsOnly />;
  const shown = (invoices ?? []).filter(
    (i) =>
      (status === 'all' || i.status === status) &&
      (!clientId || i.clientId === clientId) &&
      (!days || (i.issueDate !== null && i.issueDate >= days.from && i.issueDate <= days.to)),
  );
  // One sum per currency: invoices keep the currency they were made out in.
  const owed = (list: InvoiceSummary[]) => {
    const sums = owedByCurrency(list);
    return {
      any: sums.some((s) => s.minor > 0),
      text:
        sums.map((s) => formatMoney(s.minor, s.currency)).join(' + ') || formatMoney(0, currency),
    };
  };
  const outstanding = owed(
    shown.filter(
      (i) => i.status === 'issued' || i.status === 'partly paid' || i.status === 'overdue',
    ),
  );
  const overdue = owed(shown.filter((i) => i.status === 'overdue'));

  return (
    <section aria-labelledby="invoices-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="invoices-heading" className="text-3xl font-bold">
          Invoices
        </h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={shown.length === 0}
            onClick={() =>
              downloadFile(
                `hourmark-invoices-${new Date().toISOString().slice(0, 10)}.csv`,
                invoiceListCsv(shown),
                'text/csv;charset=utf-8',
              )
            }
          >
            Export CSV
          </button>
          <a href="/uninvoiced" className="btn-primary">
            Bill uninvoiced time
          </a>
        </div>
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="invoices-status" className="field-label">
            Status
          </label>
          <select
            id="invoices-status"
            className="field-input"
            value={status}
            onChange={(e) => setStatus(oneOf(statuses, e.target.value, 'all'))}
          >
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="invoices-client" className="field-label">
            Client
          </label>
          <select
            id="invoices-client"
            className="field-input"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
          >
            <option value="">All clients</option>
            {clients.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="invoices-issued" className="field-label">
            Issued
          </label>
          <select
            id="invoices-issued"
            className="field-input"
            value={issued}
            onChange={(e) => {
              const next = oneOf(issuedChoices, e.target.value, 'any');
              // Custom starts from the days shown, so only an end needs moving.
              if (next === 'custom' && days) custom.set(days);
              setIssued(next);
            }}
          >
            {issuedChoices.map((c) => (
              <option key={c} value={c}>
                {c === 'any' ? 'Any day' : presetLabels[c]}
              </option>
            ))}
          </select>
        </div>
        {issued === 'custom' ? <CustomDays idPrefix="invoices" days={custom} /> : null}
        <dl className="flex gap-6 pb-2">
          <div>
            <dt className="text-sm text-slate-700">Outstanding</dt>
            <dd className="font-bold tabular-nums">{outstanding.text}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">Overdue</dt>
            <dd className={`font-bold tabular-nums ${overdue.any ? 'text-red-800' : ''}`}>
              {overdue.text}
            </dd>
          </div>
        </dl>
      </div>
      <p role="status" className="mb-3 text-slate-700">
        {problem ||
          (invoices === null ? 'Loading invoices…' : shown.length === 0 ? 'No invoices here.' : '')}
      </p>
      {shown.length ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left">
            <caption className="sr-only">Invoices</caption>
            <thead className="bg-slate-50 text-sm">
              <tr>
                {['Number', 'Client', 'Status', 'Issued', 'Due'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((i) => (
                <tr key={i.id} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <a href={`/invoices/view?id=${i.id}`} className="text-brand-700 underline">
                      {i.number ?? `Draft for ${i.clientName}`}
                    </a>
                  </th>
                  <td className="px-3 py-2">{i.clientName}</td>
                  <td
                    className={`px-3 py-2 ${i.status === 'overdue' ? 'font-semibold text-red-800' : ''}`}
                  >
                    {statusLabels[i.status]}
                  </td>
                  <td className="px-3 py-2">{i.issueDate ? formatDay(i.issueDate) : '–'}</td>
                  <td className="px-3 py-2">{i.dueDate ? formatDay(i.dueDate) : '–'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(i.totalMinor, i.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
