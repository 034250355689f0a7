import { formatDay } from '../../../lib/day';
import { useDuration } from '../../../ui/time/use-duration';
import { formatMoney } from '../../../lib/money';
import {
  entrySortLabels,
  type EntryOrder,
  type EntrySort,
  type ReportEntry,
} from '../../../lib/report-entries';
import { groupLabel } from '../../../lib/report-labels';
import type { Grouping } from '../../../lib/report-spec';

/** Consecutive entries of one group, which the table heads with the group's name. */
function runs(entries: readonly ReportEntry[], levels: readonly Grouping[]) {
  const out: { name: string; entries: ReportEntry[] }[] = [];
  for (const e of entries) {
    const name = levels.map((g, i) => groupLabel(g, e.groupLabels[i] ?? '')).join(' › ');
    const last = out.at(-1);
    if (last && last.name === name) last.entries.push(e);
    else out.push({ name, entries: [e] });
  }
  return out;
}

/** One page of a report's entries, under their groups, with sortable column headings. */
export function EntryTable({
  entries,
  levels,
  order,
  onSort,
  seesAmounts,
  currency,
  caption,
}: {
  entries: readonly ReportEntry[];
  levels: readonly Grouping[];
  order: EntryOrder;
  onSort: (sort: EntrySort) => void;
  seesAmounts: boolean;
  currency: string;
  caption: string;
}) {
  const duration = useDuration();
  const sortable = (sort: EntrySort, right = false) => (
    <th
      key={sort}
      scope="col"
      className={`px-3 py-2 ${right ? 'text-right' : ''}`}
      aria-sort={
        order.sort === sort ? (order.direction === 'asc' ? 'ascending' : 'descending') : undefined
      }
    >
      <button
        type="button"
        className="font-semibold underline-offset-2 hover:underline"
        onClick={() => onSort(sort)}
      >
        {entrySortLabels[sort]}
        <span aria-hidden="true">
          {order.sort === sort ? (order.direction === 'asc' ? ' ▲' : ' ▼') : ''}
        </span>
      </button>
    </th>
  );
  const plain = (label: string) => (
    <th key={label} scope="col" className="px-3 py-2">
      {label}
    </th>
  );
  const width = seesAmounts ? 10 : 9;
  return (
    // Wider than a phone, it scrolls sideways; its sort buttons let a keyboard reach it.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {sortable('date')}
            {sortable('member')}
            {sortable('client')}
            {sortable('project')}
            {sortable('task')}
            {plain('Description')}
            {plain('Tags')}
            {plain('Billable')}
            {sortable('duration', true)}
            {seesAmounts ? sortable('amount', true) : null}
          </tr>
        </thead>
        {runs(entries, levels).map((run, i) => (
          <tbody key={`${run.name}|${i}`}>
            {levels.length ? (
              <tr className="border-t border-slate-200 bg-brand-50">
                <th scope="rowgroup" colSpan={width} className="px-3 py-2 font-semibold">
                  {run.name}
                </th>
              </tr>
            ) : null}
            {run.entries.map((e) => (
              <tr key={`${e.id}|${e.groupKeys.join('|')}`} className="border-t border-slate-100">
                <td className="whitespace-nowrap px-3 py-2">{formatDay(e.date)}</td>
                <td className="px-3 py-2">{e.member}</td>
                <td className="px-3 py-2">{e.client}</td>
                <td className="px-3 py-2">{e.project}</td>
                <td className="px-3 py-2">{e.task}</td>
                <td className="px-3 py-2">{e.description}</td>
                <td className="px-3 py-2">{e.tags}</td>
                <td className="px-3 py-2">{e.billable ? 'Yes' : 'No'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{duration(e.seconds)}</td>
                {seesAmounts ? (
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(e.amountMinor ?? 0, currency)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
