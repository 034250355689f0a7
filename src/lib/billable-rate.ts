import type { Member } from './entities/member';
import type { Project } from './entities/project';
import type { Task } from './entities/task';

// The rate a log bills at and its amount, apart from the words for why a log bills nothing
// (./rates.ts, which only the log form shows): Track's list computes amounts on its first
// visit, the explanation loads with the form (issue 29's budget).

/** What decides the billable rate of a log. */
export interface RateContext {
  project: Pick<Project, 'billable' | 'billamount'> | undefined;
  task: Pick<Task, 'billableRate'> | undefined;
  member: Pick<Member, 'BillableRate'> | undefined;
}

/**
 * Billable rate per hour (decimal) under the project's setting: the member's rate, the task's
 * rate, the project's amount, or nothing for non-billable projects and logs without a project.
 */
export function resolveBillableRate({ project, task, member }: RateContext): number {
  if (!project) return 0;
  switch (project.billable) {
    case 'member':
      return member?.BillableRate ?? 0;
    case 'task':
      return task?.billableRate ?? 0;
    case 'project':
      return project.billamount;
    default:
      return 0;
  }
}

/** An hourly rate (decimal) in minor units, as amounts are computed with it. */
export function rateMinor(ratePerHour: number): number {
  return Math.round(ratePerHour * 100);
}

/** Minor units earned by `seconds` at `ratePerHour` (decimal), rounded to the nearest unit. */
export function amountMinor(seconds: number, ratePerHour: number): number {
  return Math.round((seconds * rateMinor(ratePerHour)) / 3600);
}
