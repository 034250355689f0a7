import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { presets } from '../../lib/date-presets';
import { addDays, formatDay } from '../../lib/day';
import { useDuration } from '../../ui/time/use-duration';
import { economyRows, marginPercent, type EconomyRow } from '../../lib/economy';
import { oneOf } from '../../lib/list-view';
import { formatMoney } from '../../lib/money';
import { groupLabel } from '../../lib/report-labels';
import { wholeRange, type Report, type ReportTotals } from '../../lib/report-spec';
import { $abilities, $currency, $durationFormat } from '../../stores/access';
import { $projects } from '../../stores/projects';
import { loadReport, reportQuery } from '../../stores/reports';
import { ReportDownloads } from './ReportDownloads';
import { $cacheOwner } from '../../stores/sync/owner';
import { PresetSelect } from '../../ui/dates/PresetSelect';
import { usePresetRange } from '../../ui/dates/use-preset-range';
import { useQueryState } from '../../ui/list/use-query-state';
import { AmountCostBars } from './AmountCostBars';
import { ScrollRegion } from '../../ui/layout/ScrollRegion';

const ranges = presets.filter((p) => p !== 'custom');
const views = ['client', 'project', 'member'] as const;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = {
  client: 'Client',
  project: 'Project',
  member: 'Team member',
};

/**
 * /reports/economy: per client, project or team member, what the time earned and cost: billable
 * hours and amount, labour cost, expenses, profit and margin, and for projects the budget used.
 */
export function EconomyScreen() {
  const can = useStore($abilities);
  const currency = useStore($currency);
  const projects = useStore($projects);
  const durationFormat = useStore($durationFormat);
  const workspaceId = useStore($cacheOwner)?.workspaceId ?? '';
  const { preset, setPreset, range, today } = usePresetRange(ranges, 'this-month');
  const [view, setView] = useQueryState<View>('by', 'project', (raw) =>
    oneOf(views, raw, 'project'),
  );
  const [report, setReport] = useState<Report | null>(null);
  const [allTime, setAllTime] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!workspaceId) return;
    let current = true;
    void Promise.all([
      loadReport(workspaceId, wholeRange(range.from, range.to), [view]),
      // Budgets count every hour: ten years back is as far as a report goes.
      view === 'project'
        ? loadReport(workspaceId, wholeRange(addDays(today, -3650), today), ['project'])
        : Promise.resolve(null),
    ]).then(([result, budgets]) => {
      if (!current) return;
      if (!result.ok) return setProblem(result.message);
      setReport(result.report);
      setAllTime(budgets?.ok ? budgets.report : null);
      setProblem('');
    });
    return () => {
      current = false;
    };
  }, [workspaceId, range.from, range.to, view, today]);

  const rows = useMemo(() => {
    if (!report) return [];
    const used = new Map(allTime?.groups.map((g) => [g.key, g.totals.seconds]) ?? []);
    const budgets = new Map(
      view === 'project'
        ? projects.map((p) => [p.id, { hours: p.hours, seconds: used.get(p.id) ?? 0 }])
        : [],
    );
    const labelled = report.groups.map((g) => ({ ...g, label: groupLabel(view, g.label) }));
    return economyRows(labelled, budgets, durationFormat);
  }, [report, allTime, projects, view, durationFormat]);

  const caption = `Economy by ${viewLabels[view].toLowerCase()}, ${formatDay(range.from)} – ${formatDay(range.to)}`;
  return (
    <section aria-labelledby="economy-heading" className="p-4 desk:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="economy-heading" className="text-3xl font-bold">
          Economy
        </h1>
        <ReportDownloads
          query={
            workspaceId
              ? `${reportQuery(workspaceId, wholeRange(range.from, range.to), [])}&kind=economy&by=${view}`
              : ''
          }
        />
      </div>
      <form
        aria-label="Economy filter"
        className="mb-4 flex flex-wrap gap-3 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <PresetSelect id="economy-range" value={preset} choices={ranges} onChange={setPreset} />
        <div>
          <label htmlFor="economy-by" className="field-label">
            By
          </label>
          <select
            id="economy-by"
            className="field-input"
            value={view}
            onChange={(e) => setView(oneOf(views, e.target.value, 'project'))}
          >
            {views.map((v) => (
              <option key={v} value={v}>
                {viewLabels[v]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {can.seesAmounts ? null : (
        <p className="mb-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700">
          Your role does not include billable amounts and costs, so this report shows hours and
          expenses only.
        </p>
      )}
      <div role="status" className="mb-3 text-slate-700">
        {problem || (report ? '' : 'Adding up your time…')}
      </div>
      {report ? (
        <>
          {can.seesAmounts && rows.length > 0 ? (
            <div className="mb-4 desk:max-w-3xl">
              <AmountCostBars rows={rows} />
            </div>
          ) : null}
          <EconomyTable
            caption={caption}
            heading={viewLabels[view]}
            rows={rows}
            totals={report.totals}
            seesAmounts={can.seesAmounts}
            currency={currency}
            withBudget={view === 'project'}
          />
        </>
      ) : null}
    </section>
  );
}

function EconomyTable({
  caption,
  heading,
  rows,
  totals,
  seesAmounts,
  currency,
  withBudget,
}: {
  caption: string;
  heading: string;
  rows: EconomyRow[];
  totals: ReportTotals;
  seesAmounts: boolean;
  currency: string;
  withBudget: boolean;
}) {
  const duration = useDuration();
  const money = (minor: number | null) => (minor === null ? '' : formatMoney(minor, currency));
  const margin = (percent: number | null) => (percent === null ? '–' : `${percent.toFixed(1)} %`);
  const cells = (t: ReportTotals, percent: number | null) => (
    <>
      <td className="px-3 py-2 text-right tabular-nums">{duration(t.billableSeconds)}</td>
      {seesAmounts ? (
        <>
          <td className="px-3 py-2 text-right tabular-nums">{money(t.billableMinor)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{money(t.costMinor)}</td>
        </>
      ) : null}
      <td className="px-3 py-2 text-right tabular-nums">{money(t.expensesMinor)}</td>
      {seesAmounts ? (
        <>
          <td
            className={`px-3 py-2 text-right tabular-nums ${(t.profitMinor ?? 0) < 0 ? 'text-red-800' : ''}`}
          >
            {money(t.profitMinor)}
          </td>
          <td className="px-3 py-2 text-right tabular-nums">{margin(percent)}</td>
        </>
      ) : null}
    </>
  );
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-sm">
          <tr>
            <th scope="col" className="px-3 py-2">
              {heading}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Billable hours
            </th>
            {seesAmounts ? (
              <>
                <th scope="col" className="px-3 py-2 text-right">
                  Billable amount
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Labour cost
                </th>
              </>
            ) : null}
            <th scope="col" className="px-3 py-2 text-right">
              Expenses
            </th>
            {seesAmounts ? (
              <>
                <th scope="col" className="px-3 py-2 text-right">
                  Profit
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Margin
                </th>
              </>
            ) : null}
            {withBudget ? (
              <th scope="col" className="px-3 py-2 text-right">
                Budget used
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={8} className="px-3 py-4 text-slate-700">
                No time in these days.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 font-normal">
                  {row.label}
                </th>
                {cells(row.totals, row.marginPercent)}
                {withBudget ? (
                  <td
                    className={`px-3 py-2 text-right tabular-nums ${row.budget?.status === 'over' ? 'font-semibold text-red-800' : ''}`}
                  >
                    {row.budget && row.budget.status !== 'none'
                      ? `${row.budget.used} of ${row.budget.budget} h${row.budget.status === 'over' ? `, ${row.budget.over} h over` : ''}`
                      : '–'}
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-bold">
          <tr>
            <th scope="row" className="px-3 py-2">
              Total
            </th>
            {cells(totals, marginPercent(totals))}
            {withBudget ? <td /> : null}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
