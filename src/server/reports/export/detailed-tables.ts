import type { ReportEntry } from '../../../lib/report-entries';
import { groupLabel } from '../../../lib/report-labels';
import type { ReportGroup, ReportTotals } from '../../../lib/report-spec';
import type { TableColumn, TableDocument, TableRow } from '../../../lib/report-table';
import { readableGroups, type ReportDocument } from './report-document';

// The detailed report as tables for its files: its group sums, or its entries under their groups.

function frame(doc: ReportDocument, columns: TableColumn[], rows: TableRow[]): TableDocument {
  return {
    title: doc.title,
    workspaceName: doc.workspaceName,
    range: doc.range,
    filterLines: doc.filterLines,
    currency: doc.currency,
    columns,
    rows,
  };
}

/** The group sums: a line per group and subgroup, then the total. */
export function summaryTable(doc: ReportDocument): TableDocument {
  const columns: TableColumn[] = [
    { heading: doc.levelHeadings.join(' / ') || 'All logs', type: 'text', width: 140 },
    { heading: 'Hours', type: 'duration', width: 48 },
    { heading: 'Billed hours', type: 'duration', width: 52 },
    ...(doc.withAmounts
      ? ([
          { heading: 'Billable amount', type: 'money', width: 70 },
          { heading: 'Labour cost', type: 'money', width: 66 },
          { heading: 'Profit', type: 'money', width: 66 },
        ] as const)
      : []),
    { heading: 'Expenses', type: 'money', width: 62 },
  ];
  const figures = (t: ReportTotals) => [
    t.seconds,
    t.billableSeconds,
    ...(doc.withAmounts ? [t.billableMinor, t.costMinor, t.profitMinor] : []),
    t.expensesMinor,
  ];
  const rows: TableRow[] = [];
  for (const g of readableGroups(doc)) {
    rows.push({
      cells: [g.label, ...figures(g.totals)],
      ...(g.children ? { style: 'group' } : {}),
    });
    for (const c of g.children ?? []) rows.push({ cells: [`   ${c.label}`, ...figures(c.totals)] });
  }
  rows.push({ cells: ['Total', ...figures(doc.report.totals)], style: 'total' });
  return frame(doc, columns, rows);
}

function entryColumns(withAmounts: boolean): TableColumn[] {
  return [
    { heading: 'Date', type: 'date', width: 60 },
    { heading: 'Team member', type: 'text', width: 70 },
    { heading: 'Client', type: 'text', width: 70 },
    { heading: 'Project', type: 'text', width: 80 },
    { heading: 'Task', type: 'text', width: 70 },
    { heading: 'Description', type: 'text', width: 150 },
    { heading: 'Tags', type: 'text', width: 60 },
    { heading: 'Billable', type: 'text', width: 42 },
    { heading: 'Duration', type: 'duration', width: 52 },
    ...(withAmounts ? [{ heading: 'Amount', type: 'money', width: 66 } as const] : []),
  ];
}

function entryCells(e: ReportEntry, withAmounts: boolean) {
  return [
    e.date,
    e.member,
    e.client,
    e.project,
    e.task,
    e.description,
    e.tags,
    e.billable ? 'Yes' : 'No',
    e.seconds,
    ...(withAmounts ? [e.amountMinor] : []),
  ];
}

/**
 * The entries, for a spreadsheet: a column per grouping first (so it can be filtered and
 * pivoted), a line per log, then the total.
 */
export function flatEntriesTable(doc: ReportDocument): TableDocument {
  const columns = [
    ...doc.levelHeadings.map((heading): TableColumn => ({ heading, type: 'text', width: 80 })),
    ...entryColumns(doc.withAmounts),
  ];
  const rows: TableRow[] = (doc.entries ?? []).map((e) => ({
    cells: [
      ...doc.levels.map((g, i) => groupLabel(g, e.groupLabels[i] ?? '')),
      ...entryCells(e, doc.withAmounts),
    ],
  }));
  const t = doc.report.totals;
  rows.push({
    cells: [
      'Total',
      ...Array.from({ length: columns.length - (doc.withAmounts ? 3 : 2) }, () => ''),
      t.seconds,
      ...(doc.withAmounts ? [t.billableMinor] : []),
    ],
    style: 'total',
  });
  return frame(doc, columns, rows);
}

/** The entries, for paper: each group's name and sums over its logs, then the total. */
export function nestedEntriesTable(doc: ReportDocument): TableDocument {
  const columns = entryColumns(doc.withAmounts);
  const span = columns.length - (doc.withAmounts ? 2 : 1);
  const sums = (t: ReportTotals) => [t.seconds, ...(doc.withAmounts ? [t.billableMinor] : [])];
  const line = (label: string, t: ReportTotals, style: TableRow['style']): TableRow => ({
    cells: [label, ...Array.from({ length: span - 1 }, () => ''), ...sums(t)],
    span,
    ...(style ? { style } : {}),
  });
  const groups = readableGroups(doc);
  const rows: TableRow[] = [];
  let open = ['', ''];
  for (const e of doc.entries ?? []) {
    const [k0 = '', k1 = ''] = e.groupKeys;
    const top: ReportGroup | undefined = groups.find((g) => g.key === k0);
    if (top && (open[0] !== k0 || (doc.levels.length > 1 && open[1] !== k1))) {
      if (open[0] !== k0) rows.push(line(top.label, top.totals, 'group'));
      const child = top.children?.find((c) => c.key === k1);
      if (child) rows.push(line(`   ${child.label}`, child.totals, 'group'));
      open = [k0, k1];
    }
    rows.push({ cells: entryCells(e, doc.withAmounts) });
  }
  rows.push(line('Total', doc.report.totals, 'total'));
  return frame(doc, columns, rows);
}
