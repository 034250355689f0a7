import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { presets } from '../../lib/date-presets';
import { formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import { oneOf } from '../../lib/list-view';
import { formatMoney } from '../../lib/money';
import { columnTotals, periodEnd, periodKeys, pivotRows, type Period } from '../../lib/pivot';
import { wholeRange, type Report, type ReportTotals } from '../../lib/report-spec';
import { $abilities, $currency, $workspaceRules } from '../../stores/access';
import { loadReport, reportQuery } from '../../stores/reports';
import { ReportDownloads } from './ReportDownloads';
import { ScrollRegion } from '../../ui/layout/ScrollRegion';
import { $cacheOwner } from '../../stores/sync/owner';
import { CustomDays } from '../../ui/dates/CustomDays';
import { PresetSelect } from '../../ui/dates/PresetSelect';
import { usePresetRange } from '../../ui/dates/use-preset-range';
import { useQueryState } from '../../ui/list/use-query-state';
import { groupLabel } from '../../lib/report-labels';

const ranges = presets;
const periods = ['day', 'week', 'month'] as const;
const measures = ['hours', 'amount'] as const;

/**
 * /reports/pivot: team members against days, weeks or months, hours (or billable amounts for
 * those who may see them), totals both ways; a cell opens the detailed report of its days.
 */
export function PivotScreen() {
  const duration = useDuration();
  const can = useStore($abilities);
  const currency = useStore($currency);
  const rules = useStore($workspaceRules);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  const { preset, setPreset, range, custom } = usePresetRange(ranges, 'this-week');
  const backwards = range.from > range.to;
  const [period, setPeriod] = useQueryState<Period>('by', 'day', (raw) =>
    oneOf(periods, raw, 'day'),
  );
  const [measure, setMeasure] = useQueryState('show', 'hours', (raw) =>
    oneOf(measures, raw, 'hours'),
  );
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!workspaceId || backwards) return;
    let current = true;
    void loadReport(workspaceId, wholeRange(range.from, range.to), ['member', period]).then(
      (result) => {
        if (!current) return;
        if (result.ok) {
          setReport(result.report);
          setProblem('');
        } else setProblem(result.message);
      },
    );
    return () => {
      current = false;
    };
  }, [workspaceId, backwards, range.from, range.to, period]);

  const columns = useMemo(
    () => (backwards ? [] : periodKeys(period, range.from, range.to, rules.weekStart)),
    [backwards, period, range.from, range.to, rules.weekStart],
  );
  const rows = useMemo(() => (report ? pivotRows(report.groups, columns) : []), [report, columns]);
  const showAmount = measure === 'amount' && can.seesAmounts;
  const value = (t: ReportTotals) => (showAmount ? (t.billableMinor ?? 0) : t.seconds);
  const text = (n: number) => (showAmount ? formatMoney(n, currency) : duration(n));
  const sums = columnTotals(rows, columns.length, value);
  const drill = (key: string, memberId?: string) => {
    const q = new URLSearchParams({
      range: 'custom',
      from: period === 'month' ? `${key}-01` : key,
      to: periodEnd(period, key),
      group: 'project',
    });
    if (memberId) q.set('member', memberId);
    return `/reports/detailed?${q.toString()}`;
  };
  const heading = (key: string) =>
    period === 'day'
      ? formatDay(key)
      : period === 'week'
        ? `Week of ${formatDay(key)}`
        : groupLabel('month', key);

  return (
    <section aria-labelledby="pivot-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="pivot-heading" className="text-3xl font-bold">
          Team pivot
        </h1>
        <ReportDownloads
          query={
            workspaceId && !backwards
              ? `${reportQuery(workspaceId, wholeRange(range.from, range.to), [])}&kind=pivot&by=${period}&show=${showAmount ? 'amount' : 'hours'}`
              : ''
          }
        />
      </div>
      <form
        aria-label="Pivot settings"
        className="mb-4 flex flex-wrap gap-4 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <PresetSelect id="pivot-range" value={preset} choices={ranges} onChange={setPreset} />
        {preset === 'custom' ? <CustomDays idPrefix="pivot" days={custom} /> : null}
        <div>
          <label htmlFor="pivot-by" className="field-label">
            Columns
          </label>
          <select
            id="pivot-by"
            className="field-input"
            value={period}
            onChange={(e) => setPeriod(e.target.value as Period)}
          >
            <option value="day">Days</option>
            <option value="week">Weeks</option>
            <option value="month">Months</option>
          </select>
        </div>
        {can.seesAmounts ? (
          <div>
            <label htmlFor="pivot-show" className="field-label">
              Show
            </label>
            <select
              id="pivot-show"
              className="field-input"
              value={measure}
              onChange={(e) => setMeasure(e.target.value as (typeof measures)[number])}
            >
              <option value="hours">Hours</option>
              <option value="amount">Billable amount</option>
            </select>
          </div>
        ) : null}
      </form>
      <div role="status" className="mb-3 text-slate-700">
        {backwards
          ? 'The first day is after the last: choose a From day on or before the To day.'
          : problem || (report ? '' : 'Adding up your team’s time…')}
      </div>
      {report && !backwards ? (
        <ScrollRegion label={`Team pivot, ${formatDay(range.from)} – ${formatDay(range.to)}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">
              Team pivot, {formatDay(range.from)} – {formatDay(range.to)}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  Team member
                </th>
                {columns.map((key) => (
                  <th key={key} scope="col" className="px-3 py-2 text-right">
                    {heading(key)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length + 2} className="px-3 py-6 text-center text-slate-700">
                    No time in these days.
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.key} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 text-left">
                      {groupLabel('member', row.label)}
                    </th>
                    {row.cells.map((cell, i) => (
                      <td key={columns[i]} className="px-3 py-2 text-right tabular-nums">
                        {cell ? (
                          <a
                            href={drill(columns[i] ?? '', row.key || undefined)}
                            className="text-brand-700 underline"
                          >
                            {text(value(cell))}
                            <span className="sr-only">
                              , {groupLabel('member', row.label)}, {heading(columns[i] ?? '')}
                            </span>
                          </a>
                        ) : (
                          <span className="text-slate-500">–</span>
                        )}
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right font-semibold tabular-nums">
                      {text(value(row.total))}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-bold">
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                {sums.map((sum, i) => (
                  <td key={columns[i]} className="px-3 py-2 text-right tabular-nums">
                    {text(sum)}
                  </td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums">{text(value(report.totals))}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}
