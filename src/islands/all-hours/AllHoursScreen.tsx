import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import { timeLogCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/money';
import {
  $allHoursFilter,
  $allHoursLimit,
  $allHoursView,
  PAGE_SIZE,
  showMoreLogs,
} from '../../stores/all-hours';
import { allOlderLogs, loadOlderHours } from '../../stores/all-hours-older';
import { PULLED_EVENT } from '../../stores/older-logs';
import { $abilities, $currency } from '../../stores/access';
import { $economyContext } from '../../stores/economy';
import { downloadFile } from '../../ui/feedback/download';
import { $selectedLogIds, toggleLogSelected } from '../../stores/all-hours-selection';
import { AllHoursRow } from './AllHoursRow';
import { BulkBar } from './BulkBar';
import { FilterBar } from './FilterBar';
import { OlderLogsNotice } from './OlderLogsNotice';
import { useFilterInUrl } from './use-filter-in-url';
import { useSearchShortcut } from '../../ui/list/use-search-shortcut';

/** Every log across days, filtered, totalled, grouped by day and exportable as CSV. */
export function AllHoursScreen() {
  const duration = useDuration();
  useFilterInUrl();
  useSearchShortcut();
  const { recent, shown, count, groups, hidden, totals, older } = useStore($allHoursView);
  const context = useStore($economyContext);
  const can = useStore($abilities);
  const currency = useStore($currency);
  const filter = useStore($allHoursFilter);
  const limit = useStore($allHoursLimit);
  const [exportProblem, setExportProblem] = useState('');
  const selected = useStore($selectedLogIds);
  useEffect(() => loadOlderHours(filter, limit), [filter, limit]);
  useEffect(() => {
    const retry = () =>
      loadOlderHours($allHoursFilter.get(), $allHoursLimit.get(), { delay: 0, again: true });
    // The server's older logs and totals may have changed with what a pull brought.
    const refresh = () =>
      loadOlderHours($allHoursFilter.get(), $allHoursLimit.get(), { again: true, quiet: true });
    window.addEventListener('online', retry);
    window.addEventListener(PULLED_EVENT, refresh);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener(PULLED_EVENT, refresh);
    };
  }, []);

  async function exportCsv() {
    setExportProblem('');
    let logs = shown;
    if (older.totals && older.totals.logs > older.logs.length) {
      const all = await allOlderLogs(filter);
      if (!all) {
        setExportProblem(
          `The logs before ${formatDay(older.before)} could not be loaded from the server, so nothing was exported. Try again when you are online.`,
        );
        return;
      }
      logs = [...recent, ...all];
    }
    downloadFile(
      `hourmark-time-logs-${new Date().toISOString().slice(0, 10)}.csv`,
      timeLogCsv(logs, context, currency, can.seesAmounts),
      'text/csv;charset=utf-8',
    );
  }

  return (
    <section aria-labelledby="all-hours-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 id="all-hours-heading" className="text-3xl font-bold">
          All hours
        </h1>
        <button
          type="button"
          className="btn-secondary"
          disabled={count === 0}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </button>
      </div>
      {exportProblem ? (
        <p role="alert" className="field-error mb-3">
          {exportProblem}
        </p>
      ) : null}
      <FilterBar />
      <OlderLogsNotice older={older} />
      <dl
        aria-label="Totals of the logs shown"
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5"
      >
        {[
          ['Logs', String(count)],
          ['Hours', duration(totals.seconds)],
          ...(can.seesAmounts
            ? [
                ['Billable amount', formatMoney(totals.billableMinor, currency)],
                ['Cost', formatMoney(totals.costMinor, currency)],
              ]
            : []),
          ['Expenses', formatMoney(totals.expensesMinor, currency)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {groups.length > 0 ? (
        <BulkBar drawn={groups.flatMap((g) => g.logs)} recent={recent} count={count} />
      ) : null}
      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          No time logs match these filters.
        </p>
      ) : (
        groups.map((group) => {
          return (
            <section
              key={group.day || 'undated'}
              aria-label={group.day || 'Undated'}
              className="mb-6"
            >
              <h2 className="mb-2 flex justify-between border-b border-slate-300 pb-1 text-lg font-bold">
                <span>{group.day ? formatDay(group.day) : 'Undated (from the old app)'}</span>
                <span className="tabular-nums">{duration(group.seconds)}</span>
              </h2>
              <ul className="space-y-1">
                {group.logs.map((log) => (
                  <AllHoursRow
                    key={log.id}
                    log={log}
                    context={context}
                    currency={currency}
                    selected={selected.has(log.id)}
                    can={can}
                    onToggle={toggleLogSelected}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
      {hidden > 0 ? (
        <button type="button" className="btn-secondary w-full" onClick={showMoreLogs}>
          Show {Math.min(hidden, PAGE_SIZE)} more of {hidden} not shown
        </button>
      ) : null}
    </section>
  );
}
