import { computed } from 'nanostores';
import { $clients } from './clients-list';
import { $projects } from './projects-list';
import { $tasks } from './tasks-list';
import { $team } from './team-list';

/**
 * Active projects of clients that are not archived, as choices grouped by client name, for the
 * Track form's CLIENT & PROJECT.
 */
export const $projectChoices = computed([$projects, $clients], (projects, clients) => {
  const clientById = new Map(clients.map((c) => [c.id, c]));
  return projects
    .filter((p) => p.status === 'Active' && clientById.get(p.clientId ?? '')?.status !== 'Archived')
    .map((p) => ({
      value: p.id,
      label: p.projectName,
      group:
        (p.clientId ? clientById.get(p.clientId)?.name : undefined) ?? (p.client || 'No client'),
    }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.label.localeCompare(b.label));
});

/** Tasks of each project id (old records without a project id are matched by project name). */
export const $tasksByProject = computed([$tasks, $projects], (tasks, projects) => {
  const idByName = new Map(projects.map((p) => [p.projectName, p.id]));
  const map = new Map<string, { id: string; label: string }[]>();
  for (const task of tasks) {
    const projectId = task.projectId ?? idByName.get(task.project);
    if (!projectId) continue;
    map.set(projectId, [...(map.get(projectId) ?? []), { id: task.id, label: task.task }]);
  }
  return map;
});

/** Active team members who can log time. */
export const $activeMembers = computed($team, (team) => team.filter((m) => m.status === 'Active'));

/** "Client / Project" text for a project id, as SPEC.md's `client` field of a log shows it. */
export function clientProjectLabel(projectId: string): string {
  const choice = $projectChoices.get().find((c) => c.value === projectId);
  return choice ? `${choice.group} / ${choice.label}` : '';
}
