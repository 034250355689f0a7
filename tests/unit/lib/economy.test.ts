import { describe, expect, it } from 'vitest';
import { economyRows, marginPercent } from '../../../src/lib/economy';
import type { ReportTotals } from '../../../src/lib/report-spec';

const totals = (billableMinor: number | null, costMinor: number | null, seconds = 3600) =>
  ({
    logs: 1,
    seconds,
    billableSeconds: seconds,
    billableMinor,
    costMinor,
    expensesMinor: 0,
    profitMinor: billableMinor === null || costMinor === null ? null : billableMinor - costMinor,
  }) satisfies ReportTotals;

describe('marginPercent', () => {
  it('is profit over billable amount with one decimal', () => {
    // 3,400 of 5,650 = 0.60177 → 60.2 %; 900 of 1,500 = 60 %; 500 of 1,500 = 33.33 → 33.3 %.
    expect(marginPercent(totals(565000, 225000))).toBe(60.2);
    expect(marginPercent(totals(150000, 60000))).toBe(60);
    expect(marginPercent(totals(150000, 100000))).toBe(33.3);
  });
  it('is negative when the cost is higher, and absent without a billable amount or amounts', () => {
    // −200 of 1,000 = −20 %.
    expect(marginPercent(totals(100000, 120000))).toBe(-20);
    expect(marginPercent(totals(0, 40000))).toBeNull();
    expect(marginPercent(totals(null, null))).toBeNull();
  });
});

describe('economyRows', () => {
  it('puts the most billed first, then the most hours, and adds the budget of projects', () => {
    const rows = economyRows(
      [
        { key: 'p2', label: 'Internal', totals: totals(0, 40000, 3600) },
        { key: 'p3', label: 'Docs', totals: totals(0, 20000, 1800) },
        { key: 'p1', label: 'Website', totals: totals(150000, 60000, 5400) },
      ],
      new Map([
        ['p1', { hours: 1, seconds: 5400 }],
        ['p2', { hours: 0, seconds: 3600 }],
        ['p3', { hours: 2, seconds: 1800 }],
      ]),
    );
    expect(rows.map((r) => [r.label, r.marginPercent, r.budget])).toEqual([
      ['Website', 60, { status: 'over', used: '1.50', budget: '1', over: '0.50' }],
      ['Internal', null, null],
      ['Docs', null, { status: 'within', used: '0.50', budget: '2' }],
    ]);
  });
});
