// Billable per log (issue 29): each log says whether it is billed. A new log takes its project's
// billability (a project that bills at some rate), and a person may tick it off (a courtesy call)
// or on; a log stored before the flag existed bills as its project says. A log that is billable
// on a project that has no rate still bills nothing: the flag can only keep money out.

/** Whether new logs of `project` are billable: it bills by a member's, task's or its own rate. */
export function projectBillsByDefault(project: { billable?: unknown } | null | undefined): boolean {
  return Boolean(project) && project?.billable !== 'false' && project?.billable !== false;
}

/** Whether `log` is billed: its own flag, or, for a log from before the flag, its project's. */
export function isLogBillable(
  log: { billable?: boolean | undefined },
  project: { billable?: unknown } | null | undefined,
): boolean {
  return typeof log.billable === 'boolean' ? log.billable : projectBillsByDefault(project);
}
