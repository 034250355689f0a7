// What a log must name (issue 29): a day and a duration always; a project and a task only when
// the workspace asks for them ("Require project and task" in Account setting → Workspace).
// Description and tags are never required. The server refuses a log that lacks them (through
// logRefusal) and the log form says so beside the fields before saving, with the same words.
import type { WorkspaceRules } from '../workspace-rules';

/** The fields a workspace may require of a log, with the labels the log form shows. */
export const requirableLogFields = {
  projectId: 'Client & Project',
  taskId: 'Task',
} as const;

export type RequirableLogField = keyof typeof requirableLogFields;

/** The required fields `log` leaves empty under `rules` (none when the setting is off). */
export function missingLogFields(
  rules: Pick<WorkspaceRules, 'requireProjectAndTask'>,
  log: { projectId?: string | null | undefined; taskId?: string | null | undefined },
): RequirableLogField[] {
  if (!rules.requireProjectAndTask) return [];
  const missing: RequirableLogField[] = [];
  if (!log.projectId) missing.push('projectId');
  if (!log.taskId) missing.push('taskId');
  return missing;
}

/** Why a log that leaves out what the workspace requires cannot be saved, or null. */
export function requiredFieldsProblem(
  rules: Pick<WorkspaceRules, 'requireProjectAndTask'>,
  log: { projectId?: string | null | undefined; taskId?: string | null | undefined },
): string | null {
  return missingLogFields(rules, log).length > 0
    ? 'This workspace requires a project and a task on every log: choose both.'
    : null;
}
