import type { Client } from './entities/client';
import type { Member } from './entities/member';
import type { Project } from './entities/project';
import type { Task } from './entities/task';
import { ratesOn } from './member-rates';
import { amountMinor, rateMinor, resolveBillableRate } from './rates';
import { roundSeconds } from './rounding';

/** Records indexed by id, built once per change so totals over 10,000 logs stay O(logs). */
export interface Lookups {
  projectsById: Map<string, Project>;
  tasksById: Map<string, Task>;
  membersById: Map<string, Member>;
  clientsById: Map<string, Client>;
}

/** Indexes projects, tasks, members and clients by id. */
export function buildLookups(data: {
  projects: readonly Project[];
  tasks: readonly Task[];
  members: readonly Member[];
  clients?: readonly Client[];
}): Lookups {
  return {
    projectsById: new Map(data.projects.map((p) => [p.id, p])),
    tasksById: new Map(data.tasks.map((t) => [t.id, t])),
    membersById: new Map(data.members.map((m) => [m.id, m])),
    clientsById: new Map((data.clients ?? []).map((c) => [c.id, c])),
  };
}

/** The part of a log that money depends on. */
export interface EconomyInput {
  /** YYYY-MM-DD: which of the member's rates apply ('' or absent: the current ones). */
  date?: string;
  dur: number;
  projectId: string | null;
  taskId: string | null;
  memberId: string | null;
  /** False: the log bills nothing (issue 29); true or absent: as its project says. */
  billable?: boolean | undefined;
  /** The number of the issued invoice that holds the log, if one does. */
  invoice?: string | undefined;
  /** What that invoice froze of the log (the server sends it to those who see amounts). */
  billed?: LogEconomy | undefined;
}

/** Money of one log in minor units. */
export interface LogEconomy {
  billableSeconds: number;
  billableMinor: number;
  costMinor: number;
}

/**
 * Billable amount uses the project's rounded time (SPEC.md: rounding applies to amounts);
 * labour cost uses the raw time, because the member was paid for the time actually worked. A
 * log an issued invoice holds keeps the figures it was billed with, whatever the rates say now
 * (issue 25; the server's frozen-amounts.ts), when the device has them.
 */
export function logEconomy(log: EconomyInput, lookups: Lookups): LogEconomy {
  if (log.invoice !== undefined && log.billed) {
    const { billableSeconds, billableMinor, costMinor } = log.billed;
    return { billableSeconds, billableMinor, costMinor };
  }
  const project = log.projectId ? lookups.projectsById.get(log.projectId) : undefined;
  const task = log.taskId ? lookups.tasksById.get(log.taskId) : undefined;
  const member = log.memberId ? lookups.membersById.get(log.memberId) : undefined;
  // The member's rates on the log's day: a rate change from a later day leaves it as it was.
  const rates = member ? ratesOn(member, log.date ?? '') : undefined;
  const costMinor = rates ? amountMinor(log.dur, rates.LoborRate) : 0;
  const rate = resolveBillableRate({ project, task, member: rates });
  if (!project || rate === 0 || log.billable === false)
    return { billableSeconds: 0, billableMinor: 0, costMinor };
  const billableSeconds = roundSeconds(log.dur, project.rounding, project.timeInterval);
  return { billableSeconds, billableMinor: amountMinor(billableSeconds, rate), costMinor };
}

/** Sums of a list of logs: raw seconds, billable amount, labour cost and expenses (minor units). */
export interface Totals {
  seconds: number;
  billableMinor: number;
  costMinor: number;
  expensesMinor: number;
}

/** Adds up logs (e.g. those a filter shows). */
export function sumTotals(
  logs: readonly (EconomyInput & { exp: number })[],
  lookups: Lookups,
): Totals {
  const totals: Totals = { seconds: 0, billableMinor: 0, costMinor: 0, expensesMinor: 0 };
  for (const log of logs) {
    const economy = logEconomy(log, lookups);
    totals.seconds += log.dur;
    totals.billableMinor += economy.billableMinor;
    totals.costMinor += economy.costMinor;
    totals.expensesMinor += Math.round(log.exp * 100);
  }
  return totals;
}

/** Totals per project id in one pass over the logs. */
export function totalsByProject(
  logs: readonly (EconomyInput & { exp: number })[],
  lookups: Lookups,
): Map<string, Totals> {
  const byProject = new Map<string, Totals>();
  for (const log of logs) {
    if (!log.projectId) continue;
    let totals = byProject.get(log.projectId);
    if (!totals) {
      totals = { seconds: 0, billableMinor: 0, costMinor: 0, expensesMinor: 0 };
      byProject.set(log.projectId, totals);
    }
    const economy = logEconomy(log, lookups);
    totals.seconds += log.dur;
    totals.billableMinor += economy.billableMinor;
    totals.costMinor += economy.costMinor;
    totals.expensesMinor += Math.round(log.exp * 100);
  }
  return byProject;
}

/**
 * The hourly rate in minor units that billed a log (the one logEconomy multiplied by), or 0 when
 * it bills nothing: an invoice line states the rate that applied, not an average.
 */
export function billedRateMinor(log: EconomyInput, lookups: Lookups): number {
  if (log.billable === false) return 0;
  const project = log.projectId ? lookups.projectsById.get(log.projectId) : undefined;
  const task = log.taskId ? lookups.tasksById.get(log.taskId) : undefined;
  const member = log.memberId ? lookups.membersById.get(log.memberId) : undefined;
  const rates = member ? ratesOn(member, log.date ?? '') : undefined;
  return rateMinor(resolveBillableRate({ project, task, member: rates }));
}
