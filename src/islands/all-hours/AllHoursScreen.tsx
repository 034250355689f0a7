import { useStore } from '@nanostores/react';
import { dayHeading } from '../../lib/day';
import { formatDuration, formatHours } from '../../lib/duration';
import { timeLogCsv } from '../../lib/csv';
import { logProjectLine } from '../../lib/log-label';
import { formatMoney } from '../../lib/money';
import { $allHoursView, PAGE_SIZE, showMoreLogs } from '../../stores/all-hours';
import { $economyContext } from '../../stores/economy';
import { downloadFile } from '../../ui/feedback/download';
import { RichText } from '../../ui/rich-text/RichText';
import { FilterBar } from './FilterBar';
import { useFilterInUrl } from './use-filter-in-url';
import { useSearchShortcut } from '../common/use-search-shortcut';

/** Every log across days, filtered, totalled, grouped by day and exportable as CSV. */
export function AllHoursScreen() {
  useFilterInUrl();
  useSearchShortcut();
  const { shown, groups, hidden, totals } = useStore($allHoursView);
  const context = useStore($economyContext);

  return (
    <section aria-labelledby="all-hours-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 id="all-hours-heading" className="text-3xl font-bold">
          All hours
        </h1>
        <button
          type="button"
          className="btn-secondary"
          disabled={shown.length === 0}
          onClick={() =>
            downloadFile(
              `hourmark-time-logs-${new Date().toISOString().slice(0, 10)}.csv`,
              timeLogCsv(shown, context),
              'text/csv;charset=utf-8',
            )
          }
        >
          Export CSV
        </button>
      </div>
      <FilterBar />
      <dl
        aria-label="Totals of the logs shown"
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5"
      >
        {[
          ['Logs', String(shown.length)],
          ['Hours', formatHours(totals.seconds)],
          ['Billable amount', formatMoney(totals.billableMinor)],
          ['Cost', formatMoney(totals.costMinor)],
          ['Expenses', formatMoney(totals.expensesMinor)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          No time logs match these filters.
        </p>
      ) : (
        groups.map((group) => {
          const heading = dayHeading(group.day);
          return (
            <section
              key={group.day || 'undated'}
              aria-label={group.day || 'Undated'}
              className="mb-6"
            >
              <h2 className="mb-2 flex justify-between border-b border-slate-300 pb-1 text-lg font-bold">
                <span>
                  {group.day
                    ? `${heading.dayOfMonth} ${heading.month} ${group.day.slice(0, 4)}`
                    : 'Undated (from the old app)'}
                </span>
                <span className="tabular-nums">{formatDuration(group.seconds, 'short')}</span>
              </h2>
              <ul className="space-y-1">
                {group.logs.map((log) => (
                  <li key={log.id} className="flex gap-4 rounded bg-white p-3">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">
                        {logProjectLine(log, context.projectsById) || 'No project'}
                        {log.task ? <span className="font-normal"> · {log.task}</span> : null}
                      </p>
                      <RichText html={log.desc} empty="Empty Description" />
                    </div>
                    <span className="font-mono tabular-nums">
                      {formatDuration(log.dur, 'clock')}
                    </span>
                  </li>
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
