import type { Client } from './entities/client';
import type { Member } from './entities/member';
import type { Project } from './entities/project';
import type { Task } from './entities/task';
import { amountMinor, resolveBillableRate } from './billable-rate';
import { ratesOn } from './member-rates';
import { roundSeconds } from './rounding';

// The money of one log, apart from the sums over many (./totals.ts, for reports and lists):
// Track's first visit shows each log's amount and no sums (issue 29's budget).

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
