import type { Member } from './entities/member';
import type { Project } from './entities/project';
import type { Task } from './entities/task';

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

/** Why a log bills nothing, in words, or null when it bills at a rate above zero. */
export function whyNoBillableRate(
  context: RateContext & { projectName?: string; taskName?: string; memberName?: string },
): string | null {
  const { project, task, member } = context;
  if (!project) return 'No project is chosen, so this log bills nothing.';
  const name = context.projectName ?? 'This project';
  switch (project.billable) {
    case 'false':
      return `${name} is not billable.`;
    case 'member':
      if (!member) return `${name} bills each team member's rate: choose a team member.`;
      return (member.BillableRate ?? 0) > 0
        ? null
        : `${name} bills each team member's rate, and ${context.memberName ?? 'this member'} has no billable rate yet (Team → Edit).`;
    case 'task':
      if (!task) return `${name} bills each task's rate: choose a task.`;
      return (task.billableRate ?? 0) > 0
        ? null
        : `${name} bills each task's rate, and ${context.taskName ?? 'this task'} has none yet.`;
    case 'project':
      return project.billamount > 0
        ? null
        : `${name} bills a project rate, but no amount is set (Projects → Edit).`;
    default:
      return null;
  }
}
