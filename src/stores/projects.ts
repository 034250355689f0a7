import { toPublicFields } from '../lib/commands/public-names';
import { newId } from '../lib/entities/fast-fields';
import type { Project, ProjectForm } from '../lib/entities/project';
import { changedFields } from '../lib/record-diff';
import { changedServerFields } from '../lib/sync/local-records';
import { lockedUpTo } from '../lib/workspace-rules';
import { $workspaceRules } from './access';
import { runCommand } from './local-changes';
import { $projects, projectList } from './projects-list';
import { recordActions } from './record-actions';
import { recordEdit, type EditResult } from './record-edit';
import { pendLogsOfProject } from './time-logs';
import type { WriteResult } from './unsaved-writes';

const actions = recordActions(projectList, 'project');
const edit = recordEdit(projectList, 'project');

export { $projects };
export type { Project };

/** True when a project of the same client already has this name (any case). */
export function isProjectNameTaken(name: string, clientId: string, exceptId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return $projects
    .get()
    .some(
      (p) =>
        p.id !== exceptId &&
        p.clientId === clientId &&
        p.projectName.trim().toLowerCase() === wanted,
    );
}

/** Creates a project from the validated form; `clientName` keeps SPEC.md's `client` text field. */
export function addProject(
  form: ProjectForm,
  clientName: string,
  now = new Date(),
): WriteResult & { project: Project } {
  const project: Project = {
    id: newId(),
    projectName: form.projectName,
    client: clientName,
    clientId: form.clientId,
    hours: form.hours === '' ? 0 : Number(form.hours),
    billamount: form.billable === 'false' || form.billamount === '' ? 0 : Number(form.billamount),
    task: [],
    description: form.description,
    billable: form.billable,
    rounding: form.rounding,
    timeInterval: form.timeInterval,
    approval: form.approval,
    memberIds: form.memberIds,
    date: now.getDate(),
    month: now.getMonth(),
    year: now.getFullYear(),
    status: 'Active',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return { ...actions.add(project), project };
}

/**
 * Saves the Edit form onto the freshest stored project: only the fields the person changed since
 * `opened`, refused as a conflict when another tab or device changed one of them meanwhile.
 */
export function updateProject(
  opened: Project,
  form: ProjectForm,
  clientName: string,
  now = new Date(),
): EditResult<Project> {
  const next: Project = {
    ...opened,
    projectName: form.projectName,
    client: clientName,
    clientId: form.clientId,
    hours: form.hours === '' ? 0 : Number(form.hours),
    billamount: form.billable === 'false' || form.billamount === '' ? 0 : Number(form.billamount),
    description: form.description,
    billable: form.billable,
    rounding: form.rounding,
    timeInterval: form.timeInterval,
    approval: form.approval,
    memberIds: form.memberIds,
  };
  const changes = changedFields(opened, next);
  const stamp = { updatedAt: now.toISOString() };
  const starts = next.approval && !opened.approval && projectById(opened.id)?.approval !== true;
  if (!starts) return edit(opened, changes, stamp);
  // Turning approval on is one command with what it does to the project's logs: those nobody
  // reviewed become pending here at once, as the server makes them (issue 47).
  const args = {
    id: opened.id,
    ...toPublicFields('project', changedServerFields('project', opened, next) ?? {}),
  };
  return runCommand('editProject', args, () => {
    const result = edit(opened, changes, stamp);
    if (result.status === 'saved')
      pendLogsOfProject(opened.id, lockedUpTo($workspaceRules.get(), now), now);
    return result;
  });
}

/** Archives or restores a project. */
export function setProjectStatus(
  id: string,
  status: Project['status'],
  now = new Date(),
): WriteResult {
  return actions.patch(id, { status, updatedAt: now.toISOString() });
}

/** Updates some fields of a project. */
export function patchProject(id: string, changes: Partial<Project>, now = new Date()): WriteResult {
  return actions.patch(id, { ...changes, updatedAt: now.toISOString() });
}

/** Deletes a project (its time logs stay and show it as deleted); the result carries an undo. */
export const deleteProject = actions.remove;
/** Finds a project by id. */
export const projectById = actions.byId;

/**
 * Puts a team member on projects (an invitation's chosen projects, issue 47), so they can track
 * on them as soon as they join; projects they are already on stay as they are.
 */
export function addMemberToProjects(
  memberId: string,
  projectIds: readonly string[],
  now = new Date(),
): WriteResult {
  let result: WriteResult = { saved: true };
  for (const id of projectIds) {
    const project = actions.byId(id);
    if (!project || (project.memberIds ?? []).includes(memberId)) continue;
    result = patchProject(id, { memberIds: [...(project.memberIds ?? []), memberId] }, now);
    if (!result.saved) return result;
  }
  return result;
}
