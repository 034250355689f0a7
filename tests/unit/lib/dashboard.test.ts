import { describe, expect, it } from 'vitest';
import { topGroups, weekBars } from '../../../src/lib/dashboard';
import type { ReportTotals } from '../../../src/lib/report-spec';

const totals = (seconds: number): ReportTotals => ({
  logs: 1,
  seconds,
  billableSeconds: 0,
  billableMinor: 0,
  costMinor: 0,
  expensesMinor: 0,
  profitMinor: 0,
});

describe('the dashboard', () => {
  it('gives every day of the week its billable and other hours, zero when none', () => {
    const bars = weekBars('2026-11-16', [
      {
        key: '2026-11-17',
        label: '2026-11-17',
        totals: totals(9000),
        children: [
          { key: 'yes', label: 'Billable', totals: totals(5400) },
          { key: 'no', label: 'Non-billable', totals: totals(3600) },
        ],
      },
      {
        key: '2026-11-21',
        label: '2026-11-21',
        totals: totals(7200),
        children: [{ key: 'no', label: 'Non-billable', totals: totals(7200) }],
      },
    ]);
    expect(bars.map((b) => [b.day, b.billableSeconds, b.otherSeconds])).toEqual([
      ['2026-11-16', 0, 0],
      ['2026-11-17', 5400, 3600],
      ['2026-11-18', 0, 0],
      ['2026-11-19', 0, 0],
      ['2026-11-20', 0, 0],
      ['2026-11-21', 0, 7200],
      ['2026-11-22', 0, 0],
    ]);
  });

  it('ranks groups by tracked time', () => {
    const groups = [
      { key: 'a', label: 'Alpha', totals: totals(600) },
      { key: 'b', label: 'Beta', totals: totals(7200) },
      { key: 'c', label: 'Gamma', totals: totals(3600) },
    ];
    expect(topGroups(groups, 2).map((g) => g.label)).toEqual(['Beta', 'Gamma']);
  });
});
