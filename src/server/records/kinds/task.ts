import { can } from '../../../lib/policy';
import { taskKind } from '../../../lib/records/kinds/task';
import { taskFields } from '../../../lib/sync/fields';
import type { ServerKind } from '../kind';

export const taskServerKind: ServerKind = {
  description: taskKind,
  fields: taskFields,
  table: 'tasks',
  columns: (d) => ({ project_id: d['projectId'] ?? null }),
  // The tasks of the reader's projects.
  visibleTo: ({ viewer, col }) => viewer.isIn('projects', col('project_id')),
  hidden: [{ unless: 'seesAmounts', emptied: { billableRate: null } }],
  rateFields: taskKind.rateFields,
  // Editing a task is editing its project's tasks, the one it leaves and the one it joins.
  refusal: async ({ actor, before, after, read }) => {
    const projectIds = [before?.['projectId'], after?.['projectId']].filter(
      (id) => id !== undefined,
    );
    for (const projectId of projectIds.length > 0 ? new Set(projectIds) : [null]) {
      const refused = can(actor, 'editTasks', 'project', {
        project: await read.project(projectId),
      });
      if (refused) return refused;
    }
    return null;
  },
  movesVisibility: (changed) => 'projectId' in changed,
  moneyScope: (op, id, changed) =>
    op === 'update' && 'billableRate' in changed ? { taskId: id } : null,
  labelsLogs: true,
};
