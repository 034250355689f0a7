import { Fragment } from 'react';
import { ScrollRegion } from '../layout/ScrollRegion';
import { useDuration } from '../time/use-duration';
import { formatMoney } from '../../lib/money';
import type { Grouping, ReportGroup, ReportTotals } from '../../lib/report-spec';
import { groupLabel } from '../../lib/report-labels';

/** A report's groups and subgroups with their figures, and the total in the footer. */
export function ReportTable({
  groups,
  totals,
  levels,
  seesAmounts,
  currency,
  caption,
}: {
  groups: readonly ReportGroup[];
  totals: ReportTotals;
  levels: Grouping[];
  seesAmounts: boolean;
  /** The workspace's currency, which the amounts are in. */
  currency: string;
  caption: string;
}) {
  const duration = useDuration();
  const money = (minor: number | null) => formatMoney(minor ?? 0, currency);
  const figures = (t: ReportTotals) => (
    <>
      <td className="px-3 py-2 text-right tabular-nums">{t.logs}</td>
      <td className="px-3 py-2 text-right tabular-nums">{duration(t.seconds)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{duration(t.billableSeconds)}</td>
      {seesAmounts ? (
        <>
          <td className="px-3 py-2 text-right tabular-nums">{money(t.billableMinor)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{money(t.costMinor)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{money(t.profitMinor)}</td>
        </>
      ) : null}
      <td className="px-3 py-2 text-right tabular-nums">{money(t.expensesMinor)}</td>
    </>
  );
  const [first, second] = levels;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-sm">
          <tr>
            <th scope="col" className="px-3 py-2">
              {levels.length ? 'Group' : 'All logs'}
            </th>
            {['Logs', 'Hours', 'Billed hours'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 text-right">
                {h}
              </th>
            ))}
            {seesAmounts
              ? ['Billable amount', 'Labour cost', 'Profit'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-right">
                    {h}
                  </th>
                ))
              : null}
            <th scope="col" className="px-3 py-2 text-right">
              Expenses
            </th>
          </tr>
        </thead>
        <tbody>
          {first
            ? groups.map((g) => (
                <Fragment key={g.key}>
                  <tr
                    className={`border-t border-slate-200 ${second ? 'bg-brand-50 font-semibold' : ''}`}
                  >
                    <th scope="row" className="px-3 py-2">
                      {groupLabel(first, g.label)}
                    </th>
                    {figures(g.totals)}
                  </tr>
                  {second
                    ? (g.children ?? []).map((c) => (
                        <tr key={`${g.key}|${c.key}`} className="border-t border-slate-100">
                          <th scope="row" className="px-3 py-2 pl-8 font-normal">
                            {groupLabel(second, c.label)}
                          </th>
                          {figures(c.totals)}
                        </tr>
                      ))
                    : null}
                </Fragment>
              ))
            : null}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-bold">
            <th scope="row" className="px-3 py-2">
              Total
            </th>
            {figures(totals)}
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
