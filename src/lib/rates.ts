import type { RateContext } from './billable-rate';

export { amountMinor, rateMinor, resolveBillableRate, type RateContext } from './billable-rate';

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
