import { describe, expect, it } from 'vitest';
import { bulkPatches, changesSomething } from '../../../src/lib/bulk-edit';
import { draftBillable, draftBillableOf, draftIsBillable } from '../../../src/lib/draft-billable';
import { projectSchema } from '../../../src/lib/entities/project';
import type { TimeLog } from '../../../src/lib/entities/time-log';
import { memberSchema } from '../../../src/lib/entities/member';
import { timeLogSchema } from '../../../src/lib/entities/time-log';
import { isLogBillable } from '../../../src/lib/log-billable';
import { billedRateMinor, buildLookups, logEconomy, sumTotals } from '../../../src/lib/totals';

// Billable per log (issue 29). Website bills ₹1,200/h by project, rounded up to 15 min; Asha's
// labour rate is ₹500/h. A 50-minute log (3000 s) bills 3600 s = 120000 p and costs 41667 p.

const website = projectSchema.parse({
  id: 'web',
  projectName: 'Website',
  billable: 'project',
  billamount: 1200,
  rounding: 'up',
  timeInterval: 15,
});
const internal = projectSchema.parse({ id: 'int', projectName: 'Internal', billable: 'false' });
const asha = memberSchema.parse({ id: 'm1', name: 'Asha', LoborRate: 500, BillableRate: 900 });
const lookups = buildLookups({ projects: [website, internal], tasks: [], members: [asha] });
const log = (fields: Record<string, unknown>): TimeLog =>
  timeLogSchema.parse({
    id: 'l1',
    date: '2026-03-10',
    projectId: 'web',
    memberId: 'm1',
    dur: 3000,
    exp: 0,
    ...fields,
  }) as TimeLog;

describe('billable per log', () => {
  it('bills a log as its project says unless the log is non-billable; cost stays', () => {
    expect(logEconomy(log({}), lookups)).toEqual({
      billableSeconds: 3600,
      billableMinor: 120000,
      costMinor: 41667,
    });
    expect(logEconomy(log({ billable: true }), lookups).billableMinor).toBe(120000);
    expect(logEconomy(log({ billable: false }), lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 41667,
    });
    expect(billedRateMinor(log({ billable: false }), lookups)).toBe(0);
    // Ticking a log on a project without a rate bills nothing: there is no rate to bill at.
    expect(logEconomy(log({ projectId: 'int', billable: true }), lookups).billableMinor).toBe(0);
    const two = [log({}), { ...log({ billable: false }), id: 'l2', exp: 12.5 }];
    expect(sumTotals(two, lookups)).toEqual({
      seconds: 6000,
      billableMinor: 120000,
      costMinor: 83334,
      expensesMinor: 1250,
    });
  });

  it('reads a stored flag, drops one that is not true or false, and falls back to the project', () => {
    expect(log({ billable: false }).billable).toBe(false);
    expect(log({ billable: 'no' }).billable).toBeUndefined();
    expect(isLogBillable(log({}), website)).toBe(true);
    expect(isLogBillable(log({}), internal)).toBe(false);
    expect(isLogBillable(log({ billable: true }), internal)).toBe(true);
  });

  it('the form box shows the project until ticked, and saves what it shows', () => {
    expect(draftIsBillable({ billable: '' }, website)).toBe(true);
    expect(draftIsBillable({ billable: '' }, internal)).toBe(false);
    expect(draftIsBillable({ billable: 'no' }, website)).toBe(false);
    expect(draftBillable({ billable: '' }, website)).toEqual({ billable: true });
    expect(draftBillable({ billable: '' }, undefined)).toEqual({});
    expect(draftBillable({ billable: 'yes' }, undefined)).toEqual({ billable: true });
    expect(draftBillableOf({})).toBe('');
    expect(draftBillableOf({ billable: false })).toBe('no');
  });

  it('bulk edit sets the flag on the logs whose flag differs, old logs included', () => {
    const lookupsOfBulk = {
      projectLabel: () => '',
      taskName: () => '',
      needsApproval: () => false,
    };
    expect(changesSomething({ billable: false })).toBe(true);
    const patches = bulkPatches(
      [
        log({}),
        { ...log({ billable: false }), id: 'l2' },
        { ...log({ billable: true }), id: 'l3' },
      ],
      { billable: false },
      lookupsOfBulk,
    );
    expect(Object.fromEntries(patches)).toEqual({
      l1: { billable: false },
      l3: { billable: false },
    });
  });
});
