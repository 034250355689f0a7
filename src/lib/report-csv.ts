import { toCsv, type CsvColumn } from './csv';
import { formatHours } from './duration';
import { fromMinor } from './money';
import type { ReportGroup, ReportTotals } from './report-spec';

/** One line of a report's CSV: the group path and its figures. */
interface Line {
  first: string;
  second: string;
  totals: ReportTotals;
}

const money = (minor: number | null) => (minor === null ? '' : fromMinor(minor).toFixed(2));

/**
 * The report as shown, as CSV: a line per group and subgroup, then the total. Hours are decimal
 * hours; money columns, headed with the workspace's `currency`, only for those who may see amounts.
 */
export function reportCsv(
  groups: readonly ReportGroup[],
  totals: ReportTotals,
  headers: [string, string],
  withAmounts: boolean,
  currency: string,
): string {
  const lines: Line[] = [];
  for (const g of groups) {
    lines.push({ first: g.label, second: '', totals: g.totals });
    for (const c of g.children ?? [])
      lines.push({ first: g.label, second: c.label, totals: c.totals });
  }
  lines.push({ first: 'Total', second: '', totals });
  const columns: CsvColumn<Line>[] = [
    { header: headers[0], value: (l) => l.first },
    ...(headers[1] ? [{ header: headers[1], value: (l: Line) => l.second }] : []),
    { header: 'Logs', value: (l) => l.totals.logs },
    { header: 'Hours', value: (l) => formatHours(l.totals.seconds) },
    { header: 'Billed hours', value: (l) => formatHours(l.totals.billableSeconds) },
    ...(withAmounts
      ? [
          {
            header: `Billable amount (${currency})`,
            value: (l: Line) => money(l.totals.billableMinor),
          },
          { header: `Labour cost (${currency})`, value: (l: Line) => money(l.totals.costMinor) },
          { header: `Profit (${currency})`, value: (l: Line) => money(l.totals.profitMinor) },
        ]
      : []),
    { header: `Expenses (${currency})`, value: (l) => money(l.totals.expensesMinor) },
  ];
  return toCsv(columns, lines);
}
