import writeXlsxFile, { type Cell, type Row, type Sheet } from 'write-excel-file/node';
import type { ReportGroup, ReportTotals } from '../../../lib/report-spec';
import { readableGroups, type ReportDocument } from './report-document';

// The detailed report as a spreadsheet: a sheet per grouping level, figures as numbers (hours
// as decimal hours and as h:mm durations, money in the workspace's currency, which the headings
// name), then a sheet saying what it shows.

const HOURS = '0.00';
/** A duration in days, shown as hours and minutes past 24 (Excel's elapsed-time format). */
const CLOCK = '[h]:mm';
const MONEY = '#,##0.00';

const bold = (value: string): Cell => ({ value, fontWeight: 'bold' });
const num = (value: number, format: string, total = false): Cell => ({
  value,
  type: Number,
  format,
  ...(total ? { fontWeight: 'bold' as const } : {}),
});

function headings(doc: ReportDocument, levels: number): Row {
  return [
    ...doc.levelHeadings.slice(0, levels).map(bold),
    ...(levels === 0 ? [bold('')] : []),
    bold('Logs'),
    bold('Hours'),
    bold('Hours (h:mm)'),
    bold('Billed hours'),
    bold('Billed (h:mm)'),
    ...(doc.withAmounts
      ? [
          bold(`Billable amount (${doc.currency})`),
          bold(`Labour cost (${doc.currency})`),
          bold(`Profit (${doc.currency})`),
        ]
      : []),
    bold(`Expenses (${doc.currency})`),
  ];
}

function figures(t: ReportTotals, withAmounts: boolean, total: boolean): Cell[] {
  const money = (minor: number | null) => num((minor ?? 0) / 100, MONEY, total);
  return [
    num(t.logs, '0', total),
    num(t.seconds / 3600, HOURS, total),
    num(t.seconds / 86_400, CLOCK, total),
    num(t.billableSeconds / 3600, HOURS, total),
    num(t.billableSeconds / 86_400, CLOCK, total),
    ...(withAmounts ? [money(t.billableMinor), money(t.costMinor), money(t.profitMinor)] : []),
    money(t.expensesMinor),
  ];
}

/** The rows of level `levels` (1: groups, 2: each group's subgroups), then the total. */
function levelRows(doc: ReportDocument, levels: number): Row[] {
  const lines: { names: string[]; totals: ReportTotals }[] = [];
  const walk = (groups: readonly ReportGroup[], names: string[]) => {
    for (const g of groups) {
      if (names.length + 1 === levels) lines.push({ names: [...names, g.label], totals: g.totals });
      else walk(g.children ?? [], [...names, g.label]);
    }
  };
  if (levels > 0) walk(readableGroups(doc), []);
  const totalNames = [bold('Total'), ...Array.from({ length: Math.max(0, levels - 1) }, () => '')];
  return [
    headings(doc, levels),
    ...lines.map((l) => [...l.names, ...figures(l.totals, doc.withAmounts, false)]),
    [...totalNames, ...figures(doc.report.totals, doc.withAmounts, true)],
  ];
}

/** The workbook of `doc`, as the bytes of an .xlsx file. */
export async function reportXlsx(doc: ReportDocument): Promise<Buffer> {
  const levels = doc.levelHeadings.length;
  const columns = (n: number) => [
    ...Array.from({ length: Math.max(1, n) }, () => ({ width: 28 })),
    ...Array.from({ length: doc.withAmounts ? 9 : 6 }, () => ({ width: 16 })),
  ];
  const sheets: Sheet<Buffer>[] =
    levels === 0
      ? [{ sheet: 'Total', data: levelRows(doc, 0), columns: columns(1) }]
      : Array.from({ length: levels }, (_, i) => ({
          // Sheet names: at most 31 characters, no [ ] : * ? / \ (Excel refuses them).
          sheet: `By ${doc.levelHeadings.slice(0, i + 1).join(' and ')}`.slice(0, 31),
          data: levelRows(doc, i + 1),
          columns: columns(i + 1),
          stickyRowsCount: 1,
        }));
  sheets.push({
    sheet: 'About',
    data: [
      [bold(doc.title)],
      ['Workspace', doc.workspaceName],
      ['Dates', doc.range],
      ...doc.filterLines.map((line, i) => [i === 0 ? 'Filter' : '', line]),
    ],
    columns: [{ width: 14 }, { width: 60 }],
  });
  return writeXlsxFile(sheets).toBuffer();
}
