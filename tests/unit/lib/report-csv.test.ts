import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { reportCsv } from '../../../src/lib/report-csv';
import type { ReportTotals } from '../../../src/lib/report-spec';

// Two projects, one at a loss, worked out by hand:
// | project  | billable  | labour cost | profit    |
// | Internal | 0 p       | 45555 p     | -45555 p  |
// | Website  | 250000 p  | 100000 p    | 150000 p  |
// | Total    | 250000 p  | 145555 p    | 104445 p  |
const totals = (billableMinor: number, costMinor: number, logs: number): ReportTotals => ({
  logs,
  seconds: 3600 * logs,
  billableSeconds: billableMinor > 0 ? 3600 * logs : 0,
  billableMinor,
  costMinor,
  expensesMinor: 0,
  profitMinor: billableMinor - costMinor,
});

describe('reportCsv', () => {
  const csv = reportCsv(
    [
      { key: 'pC', label: 'Internal', totals: totals(0, 45555, 1) },
      { key: 'pA', label: 'Website', totals: totals(250000, 100000, 2) },
    ],
    totals(250000, 145555, 3),
    ['Project', ''],
    true,
    'INR',
  );
  // As a spreadsheet reads it: cells that look like numbers become numbers, the rest text.
  const rows = Papa.parse<(string | number)[]>(csv.slice(1), {
    newline: '\r\n',
    dynamicTyping: true,
  }).data;
  const profit = rows[0]?.indexOf('Profit (INR)') ?? -1;

  it('writes a loss as a number a spreadsheet sums, not as text', () => {
    expect(rows.map((r) => r[profit])).toEqual(['Profit (INR)', -455.55, 1500, 1044.45]);
    // SUM over the projects skips text cells: with '-455.55 it came to 1500.00, not 1044.45.
    const sum = rows
      .slice(1, -1)
      .map((r) => r[profit])
      .reduce<number>((s, cell) => (typeof cell === 'number' ? s + Math.round(cell * 100) : s), 0);
    expect(sum).toBe(104445);
  });

  it('heads the money columns with the workspace’s currency', () => {
    const euros = reportCsv([], totals(250000, 145555, 3), ['Project', ''], true, 'EUR');
    expect(euros.slice(1).split('\r\n')).toEqual([
      'Project,Logs,Hours,Billed hours,Billable amount (EUR),Labour cost (EUR),Profit (EUR),Expenses (EUR)',
      'Total,3,3.00,3.00,2500.00,1455.55,1044.45,0.00',
    ]);
  });
});
