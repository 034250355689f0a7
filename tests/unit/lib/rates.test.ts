import { describe, expect, it } from 'vitest';
import type { Billable } from '../../../src/lib/entities/project';
import { amountMinor, resolveBillableRate } from '../../../src/lib/rates';

const member = { BillableRate: 900 };
const task = { billableRate: 1000 };
const project = (billable: Billable, billamount = 1500) => ({ billable, billamount });

describe('resolveBillableRate', () => {
  it("uses the member's BillableRate on a member-based project", () => {
    expect(resolveBillableRate({ project: project('member'), task, member })).toBe(900);
  });

  it("uses the task's billableRate on a task-based project", () => {
    expect(resolveBillableRate({ project: project('task'), task, member })).toBe(1000);
  });

  it("uses the project's billamount on a project-based project", () => {
    expect(resolveBillableRate({ project: project('project'), task, member })).toBe(1500);
    expect(
      resolveBillableRate({
        project: project('project', 812.5),
        task: undefined,
        member: undefined,
      }),
    ).toBe(812.5);
  });

  it('gives 0 on a non-billable project even with rates everywhere', () => {
    expect(resolveBillableRate({ project: project('false'), task, member })).toBe(0);
  });

  it('gives 0 for a log without a project', () => {
    expect(resolveBillableRate({ project: undefined, task, member })).toBe(0);
  });

  it('gives 0 when the member or task that sets the rate is missing', () => {
    expect(resolveBillableRate({ project: project('member'), task, member: undefined })).toBe(0);
    expect(resolveBillableRate({ project: project('task'), task: undefined, member })).toBe(0);
  });

  it('gives 0 for a task without its own rate', () => {
    expect(
      resolveBillableRate({ project: project('task'), task: { billableRate: null }, member }),
    ).toBe(0);
  });
});

describe('amountMinor', () => {
  it('charges the rate per hour in paise', () => {
    expect(amountMinor(3600, 900)).toBe(90_000); // 1h × ₹900 = ₹900.00
    expect(amountMinor(5400, 900)).toBe(135_000); // 1.5h × ₹900 = ₹1,350.00
    expect(amountMinor(4500, 1200)).toBe(150_000); // 1h15m × ₹1,200 = ₹1,500.00
    expect(amountMinor(1800, 812.5)).toBe(40_625); // 0.5h × ₹812.50 = ₹406.25
  });

  it('rounds to the nearest paisa', () => {
    expect(amountMinor(4200, 400)).toBe(46_667); // 70/60 × ₹400 = ₹466.666… → ₹466.67
    expect(amountMinor(60, 1000)).toBe(1667); // 1 min × ₹1,000 = ₹16.666… → ₹16.67
    expect(amountMinor(18, 1)).toBe(1); // 18 s × ₹1/h = 0.5 paise → 1 paisa (half up)
    expect(amountMinor(17, 1)).toBe(0);
  });

  it('gives 0 for no time or no rate', () => {
    expect(amountMinor(0, 900)).toBe(0);
    expect(amountMinor(3600, 0)).toBe(0);
  });
});
