import { describe, expect, it } from 'vitest';
import type { ImportEntry } from '../../../../src/lib/import/entry';
import { impliedRate, projectRateCollector } from '../../../../src/lib/import/project-rates';

// Issue 47: the rate a project the import creates bills at, from the file's own amounts.

const row = (over: Partial<ImportEntry>): ImportEntry => ({
  line: 2,
  person: { name: 'Ravi Iyer', email: 'ravi@agency.test' },
  client: 'Stadtwerke Kiel',
  project: 'Portal Relaunch',
  task: '',
  description: '',
  billable: true,
  date: '2026-11-01',
  startTime: '09:00',
  durationSeconds: 10800,
  tags: [],
  amountMinor: 36000,
  currency: 'EUR',
  invoicedElsewhere: false,
  approved: false,
  labourRate: null,
  ...over,
});

describe('project rates from a file’s amounts', () => {
  it('divides the amount by the hours, to the cent', () => {
    // 360.00 over 3:00; 111.11 over 1:00:01 (111.0791…).
    expect(impliedRate(36000, 10800)).toBe(120);
    expect(impliedRate(11111, 3601)).toBe(111.08);
    expect(impliedRate(0, 0)).toBe(0);
  });

  it('sums a project’s billable rows with amounts, and lists people billed at other rates', () => {
    const collect = projectRateCollector();
    collect.add(row({}));
    // Mei at 100 an hour: 2:00 for 200.00.
    collect.add(
      row({
        person: { name: 'Mei Chen', email: 'mei@agency.test' },
        durationSeconds: 7200,
        amountMinor: 20000,
      }),
    );
    // Not billable, and without an amount: left out.
    collect.add(row({ billable: false, durationSeconds: 1800, amountMinor: null }));
    collect.add(row({ project: '', amountMinor: 5000 }));
    // 560.00 over 5:00: 112.00 an hour.
    expect([...collect.rates().values()]).toEqual([
      {
        client: 'Stadtwerke Kiel',
        project: 'Portal Relaunch',
        rate: 112,
        seconds: 18000,
        fileMinor: 56000,
        people: [
          { person: 'Ravi Iyer', rate: 120 },
          { person: 'Mei Chen', rate: 100 },
        ],
      },
    ]);
  });
});
