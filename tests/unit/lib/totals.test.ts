import { describe, expect, it } from 'vitest';
import { clientSchema } from '../../../src/lib/entities/client';
import { memberSchema } from '../../../src/lib/entities/member';
import { projectSchema, type Billable, type Rounding } from '../../../src/lib/entities/project';
import { taskSchema } from '../../../src/lib/entities/task';
import {
  buildLookups,
  logEconomy,
  sumTotals,
  totalsByProject,
  type EconomyInput,
} from '../../../src/lib/totals';

// Two members with different rates (decimal ₹ per hour).
const members = [
  memberSchema.parse({ id: 'asha', name: 'Asha', LoborRate: 600, BillableRate: 900 }),
  memberSchema.parse({ id: 'ravi', name: 'Ravi', LoborRate: 720, BillableRate: 1200 }),
];
const tasks = [
  taskSchema.parse({ id: 'design', project: 'Website', task: 'Design', billableRate: 1000 }),
  taskSchema.parse({ id: 'norate', project: 'Website', task: 'Meetings', billableRate: null }),
];
const projectId = (billable: Billable, rounding: Rounding, interval = 15) =>
  `${billable}-${rounding}-${interval}`;
const makeProject = (billable: Billable, rounding: Rounding, interval = 15) =>
  projectSchema.parse({
    id: projectId(billable, rounding, interval),
    projectName: `Website ${billable} ${rounding}`,
    clientId: 'acme',
    billable,
    rounding,
    timeInterval: interval,
    billamount: 1500,
  });
const billables = ['member', 'task', 'project', 'false'] as const;
const roundings = ['up', 'nearest', 'down', 'false'] as const;
const projects = [
  ...billables.flatMap((b) => roundings.map((r) => makeProject(b, r))),
  makeProject('member', 'up', 6),
  makeProject('member', 'nearest', 60),
];
const clients = [clientSchema.parse({ id: 'acme', name: 'Acme' })];
const lookups = buildLookups({ projects, tasks, members, clients });

type Log = EconomyInput & { exp: number };
const ASHA = 65 * 60; // 1h05m = 3900 s
const RAVI = 37 * 60 + 30; // 37m30s = 2250 s (exactly half way between 30 and 45 min)
const logsOf = (id: string): [Log, Log] => [
  { dur: ASHA, projectId: id, taskId: 'design', memberId: 'asha', exp: 0 },
  { dur: RAVI, projectId: id, taskId: 'design', memberId: 'ravi', exp: 250.5 },
];

// Labour cost is on raw time in every case:
//   Asha 1h05m × ₹600 = 65/60 × 600 = ₹650.00; Ravi 37m30s × ₹720 = 0.625 × 720 = ₹450.00.
const ASHA_COST = 65_000;
const RAVI_COST = 45_000;

// [billable, rounding, Asha billable seconds, Asha billable paise, Ravi billable seconds, Ravi billable paise]
const table: [Billable, Rounding, number, number, number, number][] = [
  // Member rates: Asha ₹900, Ravi ₹1,200.
  // Asha 1h05m up to 15 min = 1h15m × ₹900 = ₹1,125.00; Ravi 37m30s up = 45m × ₹1,200 = ₹900.00
  ['member', 'up', 4500, 112_500, 2700, 90_000],
  // Asha 1h05m nearest 15 = 1h00m × ₹900 = ₹900.00; Ravi 37m30s is a tie, half up = 45m × ₹1,200 = ₹900.00
  ['member', 'nearest', 3600, 90_000, 2700, 90_000],
  // Asha down = 1h00m × ₹900 = ₹900.00; Ravi down = 30m × ₹1,200 = ₹600.00
  ['member', 'down', 3600, 90_000, 1800, 60_000],
  // No rounding: Asha 65/60 × ₹900 = ₹975.00; Ravi 0.625 × ₹1,200 = ₹750.00
  ['member', 'false', 3900, 97_500, 2250, 75_000],
  // Task rate ₹1,000 for both members (their own rates are ignored).
  // Asha 1h15m × ₹1,000 = ₹1,250.00; Ravi 45m × ₹1,000 = ₹750.00
  ['task', 'up', 4500, 125_000, 2700, 75_000],
  // Asha 1h00m × ₹1,000 = ₹1,000.00; Ravi 45m × ₹1,000 = ₹750.00
  ['task', 'nearest', 3600, 100_000, 2700, 75_000],
  // Asha 1h00m × ₹1,000 = ₹1,000.00; Ravi 30m × ₹1,000 = ₹500.00
  ['task', 'down', 3600, 100_000, 1800, 50_000],
  // Asha 65/60 × ₹1,000 = ₹1,083.333… → ₹1,083.33; Ravi 0.625 × ₹1,000 = ₹625.00
  ['task', 'false', 3900, 108_333, 2250, 62_500],
  // Project rate ₹1,500 for both members.
  // Asha 1h15m × ₹1,500 = ₹1,875.00; Ravi 45m × ₹1,500 = ₹1,125.00
  ['project', 'up', 4500, 187_500, 2700, 112_500],
  // Asha 1h00m × ₹1,500 = ₹1,500.00; Ravi 45m × ₹1,500 = ₹1,125.00
  ['project', 'nearest', 3600, 150_000, 2700, 112_500],
  // Asha 1h00m × ₹1,500 = ₹1,500.00; Ravi 30m × ₹1,500 = ₹750.00
  ['project', 'down', 3600, 150_000, 1800, 75_000],
  // Asha 65/60 × ₹1,500 = ₹1,625.00; Ravi 0.625 × ₹1,500 = ₹937.50
  ['project', 'false', 3900, 162_500, 2250, 93_750],
  // Non-billable: nothing billed (and no billable time) whatever the rounding.
  ['false', 'up', 0, 0, 0, 0],
  ['false', 'nearest', 0, 0, 0, 0],
  ['false', 'down', 0, 0, 0, 0],
  ['false', 'false', 0, 0, 0, 0],
];

describe('logEconomy', () => {
  it.each(table)(
    '%s-based, rounding %s (15 min): each member is billed on rounded time',
    (billable, rounding, ashaSec, ashaMinor, raviSec, raviMinor) => {
      const [asha, ravi] = logsOf(projectId(billable, rounding));
      expect(logEconomy(asha, lookups)).toEqual({
        billableSeconds: ashaSec,
        billableMinor: ashaMinor,
        costMinor: ASHA_COST,
      });
      expect(logEconomy(ravi, lookups)).toEqual({
        billableSeconds: raviSec,
        billableMinor: raviMinor,
        costMinor: RAVI_COST,
      });
    },
  );

  it('rounds with the project interval (6 and 60 minutes)', () => {
    const [asha6, ravi6] = logsOf(projectId('member', 'up', 6));
    // Asha 65m up to 6 min = 66m × ₹900 = 1.1 × 900 = ₹990.00; Ravi 37m30s up = 42m × ₹1,200 = 0.7 × 1200 = ₹840.00
    expect(logEconomy(asha6, lookups)).toMatchObject({
      billableSeconds: 66 * 60,
      billableMinor: 99_000,
    });
    expect(logEconomy(ravi6, lookups)).toMatchObject({
      billableSeconds: 42 * 60,
      billableMinor: 84_000,
    });
    const [asha60, ravi60] = logsOf(projectId('member', 'nearest', 60));
    // Asha 65m nearest hour = 1h × ₹900 = ₹900.00; Ravi 37m30s nearest hour = 1h × ₹1,200 = ₹1,200.00
    expect(logEconomy(asha60, lookups)).toMatchObject({
      billableSeconds: 3600,
      billableMinor: 90_000,
    });
    expect(logEconomy(ravi60, lookups)).toMatchObject({
      billableSeconds: 3600,
      billableMinor: 120_000,
    });
  });

  it('keeps the raw duration of the log untouched', () => {
    const [asha] = logsOf(projectId('member', 'up'));
    logEconomy(asha, lookups);
    expect(asha.dur).toBe(ASHA);
  });

  it('costs nothing and bills nothing for a member who no longer exists on a member-rated project', () => {
    const log = {
      dur: 3600,
      projectId: projectId('member', 'false'),
      taskId: null,
      memberId: 'gone',
    };
    expect(logEconomy(log, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 0,
    });
  });

  it('still bills a project rate when the member is missing or unset, with no cost', () => {
    // 1h × ₹1,500 = ₹1,500.00
    const log = {
      dur: 3600,
      projectId: projectId('project', 'false'),
      taskId: null,
      memberId: null,
    };
    expect(logEconomy(log, lookups)).toEqual({
      billableSeconds: 3600,
      billableMinor: 150_000,
      costMinor: 0,
    });
    expect(logEconomy({ ...log, memberId: 'gone' }, lookups)).toEqual({
      billableSeconds: 3600,
      billableMinor: 150_000,
      costMinor: 0,
    });
  });

  it('bills nothing on a task-rated project when the task is missing or has no rate, but still costs', () => {
    // Cost: Asha 1h × ₹600 = ₹600.00
    const log = { dur: 3600, projectId: projectId('task', 'up'), taskId: 'gone', memberId: 'asha' };
    expect(logEconomy(log, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 60_000,
    });
    expect(logEconomy({ ...log, taskId: 'norate' }, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 60_000,
    });
    expect(logEconomy({ ...log, taskId: null }, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 60_000,
    });
  });

  it('bills nothing for a log without a project (or with a deleted one) but still costs', () => {
    // Ravi 30m × ₹720 = ₹360.00
    const log = { dur: 1800, projectId: null, taskId: 'design', memberId: 'ravi' };
    expect(logEconomy(log, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 36_000,
    });
    expect(logEconomy({ ...log, projectId: 'gone' }, lookups)).toEqual({
      billableSeconds: 0,
      billableMinor: 0,
      costMinor: 36_000,
    });
  });

  // Asha's 1h05m on the task-rated project rounded up was invoiced (2026-0007) at ₹800/h for the
  // task and ₹500/h labour: 1h15m × ₹800 = ₹1,000.00, 65/60 × ₹500 = ₹541.67. Today's rates
  // (₹1,000 and ₹600) would say ₹1,250.00 and ₹650.00 (the table above).
  const [asha] = logsOf(projectId('task', 'up'));
  const billed = { billableSeconds: 4500, billableMinor: 100_000, costMinor: 54_167 };

  it('gives an invoiced log the figures its invoice froze, not today’s rates', () => {
    expect(logEconomy({ ...asha, invoice: '2026-0007', billed }, lookups)).toEqual(billed);
    expect(sumTotals([{ ...asha, invoice: '2026-0007', billed }], lookups)).toMatchObject({
      billableMinor: 100_000,
      costMinor: 54_167,
    });
  });

  it('prices an invoiced log at today’s rates when the device has no frozen figures', () => {
    // A cache from before the server sent them, or a person who does not see amounts.
    expect(logEconomy({ ...asha, invoice: '2026-0007' }, lookups)).toEqual({
      billableSeconds: 4500,
      billableMinor: 125_000,
      costMinor: ASHA_COST,
    });
    // Figures without an invoice (a void the device has half heard of) are not used.
    expect(logEconomy({ ...asha, billed }, lookups)).toMatchObject({ billableMinor: 125_000 });
  });
});

describe('sumTotals', () => {
  it.each(table)(
    '%s-based, rounding %s: adds both members, raw seconds, cost on raw time',
    (billable, rounding, _a, ashaMinor, _r, raviMinor) => {
      const totals = sumTotals(logsOf(projectId(billable, rounding)), lookups);
      expect(totals).toEqual({
        seconds: ASHA + RAVI, // 1h42m30s raw, never the rounded time
        billableMinor: ashaMinor + raviMinor,
        costMinor: ASHA_COST + RAVI_COST, // ₹650.00 + ₹450.00 = ₹1,100.00
        expensesMinor: 25_050, // ₹250.50
      });
    },
  );

  it('gives the figures a person would add up for a member-rated project rounded up', () => {
    // Asha ₹1,125.00 + Ravi ₹900.00 = ₹2,025.00 billable; ₹1,100.00 cost.
    expect(sumTotals(logsOf(projectId('member', 'up')), lookups)).toEqual({
      seconds: 6150,
      billableMinor: 202_500,
      costMinor: 110_000,
      expensesMinor: 25_050,
    });
  });

  it('gives zeros for no logs', () => {
    expect(sumTotals([], lookups)).toEqual({
      seconds: 0,
      billableMinor: 0,
      costMinor: 0,
      expensesMinor: 0,
    });
  });

  it('adds expenses in whole paise without drift', () => {
    const logs = [0.1, 0.2, 19.99].map((exp) => ({
      dur: 0,
      projectId: null,
      taskId: null,
      memberId: null,
      exp,
    }));
    expect(sumTotals(logs, lookups).expensesMinor).toBe(2029); // ₹0.10 + ₹0.20 + ₹19.99 = ₹20.29
  });
});

describe('totalsByProject', () => {
  const memberUp = projectId('member', 'up');
  const projectDown = projectId('project', 'down');
  const logs: Log[] = [
    ...logsOf(memberUp),
    ...logsOf(projectDown),
    { dur: 3600, projectId: null, taskId: null, memberId: 'asha', exp: 99 },
    { dur: 1800, projectId: 'deleted', taskId: null, memberId: 'ravi', exp: 0 },
  ];
  const byProject = totalsByProject(logs, lookups);

  it('totals each project separately', () => {
    // member-up: ₹1,125.00 + ₹900.00 = ₹2,025.00
    expect(byProject.get(memberUp)).toEqual({
      seconds: 6150,
      billableMinor: 202_500,
      costMinor: 110_000,
      expensesMinor: 25_050,
    });
    // project-down: Asha 1h × ₹1,500 + Ravi 30m × ₹1,500 = ₹1,500.00 + ₹750.00 = ₹2,250.00
    expect(byProject.get(projectDown)).toEqual({
      seconds: 6150,
      billableMinor: 225_000,
      costMinor: 110_000,
      expensesMinor: 25_050,
    });
  });

  it('leaves out logs without a project and keeps a deleted project under its id', () => {
    expect([...byProject.keys()]).toEqual([memberUp, projectDown, 'deleted']);
    // Ravi 30m × ₹720 = ₹360.00 cost, nothing billable.
    expect(byProject.get('deleted')).toEqual({
      seconds: 1800,
      billableMinor: 0,
      costMinor: 36_000,
      expensesMinor: 0,
    });
  });

  it('agrees with sumTotals over the same project', () => {
    expect(byProject.get(projectDown)).toEqual(sumTotals(logsOf(projectDown), lookups));
  });
});

describe('buildLookups', () => {
  it('indexes every list by id, clients optional', () => {
    expect(lookups.projectsById.get(projectId('member', 'up'))?.rounding).toBe('up');
    expect(lookups.tasksById.get('design')?.billableRate).toBe(1000);
    expect(lookups.membersById.get('ravi')?.BillableRate).toBe(1200);
    expect(lookups.clientsById.get('acme')?.name).toBe('Acme');
    expect(buildLookups({ projects: [], tasks: [], members: [] }).clientsById.size).toBe(0);
  });
});
