import { describe, expect, it } from 'vitest';
import { ratesOn } from '../../../src/lib/member-rates';
import { historyAfterChange } from '../../../src/lib/member-rate-history';
import { buildLookups, logEconomy } from '../../../src/lib/totals';
import type { Member } from '../../../src/lib/entities/member';
import type { Project } from '../../../src/lib/entities/project';

const asha = {
  LoborRate: 500,
  BillableRate: 1100,
  rateHistory: [
    { until: '2026-06-30', LoborRate: 300, BillableRate: 700 },
    { until: '2026-11-22', LoborRate: 400, BillableRate: 900 },
  ],
};

describe("a member's rates over time", () => {
  it('uses the period a day falls in, and the current rates after the last one', () => {
    expect(ratesOn(asha, '2026-01-15')).toEqual({ LoborRate: 300, BillableRate: 700 });
    expect(ratesOn(asha, '2026-06-30')).toEqual({ LoborRate: 300, BillableRate: 700 });
    expect(ratesOn(asha, '2026-07-01')).toEqual({ LoborRate: 400, BillableRate: 900 });
    expect(ratesOn(asha, '2026-11-22')).toEqual({ LoborRate: 400, BillableRate: 900 });
    expect(ratesOn(asha, '2026-11-23')).toEqual({ LoborRate: 500, BillableRate: 1100 });
    // An undated log from the original app: the current rates.
    expect(ratesOn(asha, '')).toEqual({ LoborRate: 500, BillableRate: 1100 });
    expect(ratesOn({ LoborRate: 1, BillableRate: 2 }, '2020-01-01')).toEqual({
      LoborRate: 1,
      BillableRate: 2,
    });
  });

  it('from today: the current rates become a period ending yesterday, once a day', () => {
    const plain = { LoborRate: 400, BillableRate: 900 };
    expect(historyAfterChange(plain, 'from-today', '2026-11-23')).toEqual([
      { until: '2026-11-22', LoborRate: 400, BillableRate: 900 },
    ]);
    // A second change the same day keeps the period of yesterday and before as it was.
    const changedToday = {
      LoborRate: 450,
      BillableRate: 950,
      rateHistory: historyAfterChange(plain, 'from-today', '2026-11-23'),
    };
    expect(historyAfterChange(changedToday, 'from-today', '2026-11-23')).toEqual([
      { until: '2026-11-22', LoborRate: 400, BillableRate: 900 },
    ]);
    // The next month: one more period, from the day after the last one to yesterday.
    expect(historyAfterChange(changedToday, 'from-today', '2026-12-10')).toEqual([
      { until: '2026-11-22', LoborRate: 400, BillableRate: 900 },
      { until: '2026-12-09', LoborRate: 450, BillableRate: 950 },
    ]);
    expect(historyAfterChange(asha, 'all-time', '2026-11-23')).toEqual([]);
  });

  it("bills and costs each log at its own day's rates", () => {
    const project = {
      id: 'p1',
      billable: 'member',
      rounding: 'false',
      timeInterval: 15,
      billamount: 0,
    } as unknown as Project;
    const lookups = buildLookups({
      projects: [project],
      tasks: [],
      members: [{ id: 'm1', ...asha } as unknown as Member],
    });
    const log = (date: string) => ({
      date,
      dur: 5400,
      projectId: 'p1',
      taskId: null,
      memberId: 'm1',
    });
    // 1.5 h at ₹700 = ₹1,050.00, cost 1.5 h at ₹300 = ₹450.00.
    expect(logEconomy(log('2026-03-02'), lookups)).toEqual({
      billableSeconds: 5400,
      billableMinor: 105000,
      costMinor: 45000,
    });
    // 1.5 h at ₹1,100 = ₹1,650.00, cost ₹750.00.
    expect(logEconomy(log('2026-11-23'), lookups)).toEqual({
      billableSeconds: 5400,
      billableMinor: 165000,
      costMinor: 75000,
    });
  });
});
