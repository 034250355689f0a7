import { rateMinor, resolveBillableRate } from './billable-rate';
import { logEconomy, type EconomyInput, type Lookups } from './log-economy';
import { ratesOn } from './member-rates';

export {
  buildLookups,
  logEconomy,
  type EconomyInput,
  type LogEconomy,
  type Lookups,
} from './log-economy';

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
