import { describe, expect, it } from 'vitest';
import { columnTotals, periodEnd, periodKeys, pivotRows } from '../../../src/lib/pivot';
import type { ReportTotals } from '../../../src/lib/report-spec';

const t = (seconds: number): ReportTotals => ({
  logs: 1,
  seconds,
  billableSeconds: seconds,
  billableMinor: null,
  costMinor: null,
  expensesMinor: 0,
  profitMinor: null,
});

describe('the team pivot', () => {
  it('lists every period of the range, empty ones too', () => {
    expect(periodKeys('day', '2026-11-28', '2026-12-01', 1)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    // Monday weeks: 1 Nov 2026 is a Sunday, so the first week starts on 26 Oct.
    expect(periodKeys('week', '2026-11-01', '2026-11-30', 1)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(periodKeys('month', '2026-11-15', '2027-02-01', 1)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });

  it('puts each member’s figures in their period’s column, and sums the columns', () => {
    const rows = pivotRows(
      [
        {
          key: 'm1',
          label: 'Asha',
          totals: t(9000),
          children: [
            { key: '2026-11-16', label: '2026-11-16', totals: t(3600) },
            { key: '2026-11-18', label: '2026-11-18', totals: t(5400) },
          ],
        },
        {
          key: 'm2',
          label: 'Bilal',
          totals: t(1800),
          children: [{ key: '2026-11-16', label: '2026-11-16', totals: t(1800) }],
        },
      ],
      ['2026-11-16', '2026-11-17', '2026-11-18'],
    );
    expect(
      rows.map((r) => [r.label, r.cells.map((c) => c?.seconds ?? null), r.total.seconds]),
    ).toEqual([
      ['Asha', [3600, null, 5400], 9000],
      ['Bilal', [1800, null, null], 1800],
    ]);
    expect(columnTotals(rows, 3, (c) => c.seconds)).toEqual([5400, 0, 5400]);
    expect(periodEnd('month', '2028-02')).toBe('2028-02-29');
    expect(periodEnd('month', '2026-12')).toBe('2026-12-31');
    expect(periodEnd('week', '2026-11-16')).toBe('2026-11-22');
  });
});
