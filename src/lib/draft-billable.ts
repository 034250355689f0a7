import { projectBillsByDefault } from './log-billable';
import type { TimeLogDraft } from './time-log-form';

// The log form's Billable box (issue 29): it shows the project's billability until the person
// ticks it, and a saved log states it, so changing the project's setting later leaves it be.

/** Whether the form's box is ticked for `draft` on `project`. */
export function draftIsBillable(
  draft: Pick<TimeLogDraft, 'billable'>,
  project: { billable?: unknown } | null | undefined,
): boolean {
  return draft.billable === '' ? projectBillsByDefault(project) : draft.billable === 'yes';
}

/**
 * The stored flag a draft saves: the box as shown, when there is a project or the person ticked
 * it; none for a log without a project left as it was (it bills nothing either way).
 */
export function draftBillable(
  draft: Pick<TimeLogDraft, 'billable'>,
  project: { billable?: unknown } | null | undefined,
): { billable?: boolean } {
  if (draft.billable === '' && !project) return {};
  return { billable: draftIsBillable(draft, project) };
}

/** The box's state for a saved log: as its project bills when the log does not say. */
export function draftBillableOf(log: { billable?: boolean | undefined }): TimeLogDraft['billable'] {
  if (typeof log.billable !== 'boolean') return '';
  return log.billable ? 'yes' : 'no';
}
