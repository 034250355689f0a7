import { describeKind, textOf } from '../kind';

/** The lenient read schema of the cached list (repairs what older versions stored). */
const readSchema = () => import('../../entities/project').then((m) => m.projectSchema);

/** A project (SPEC.md `project`): its client by id; the client's name is a label. */
export const projectKind = describeKind({
  name: 'project',
  label: 'project',
  list: 'projects',
  storageKey: 'project',
  readSchema,
  storedFields: [
    'projectName',
    'clientId',
    'hours',
    'billamount',
    'description',
    'billable',
    'rounding',
    'timeInterval',
    'approval',
    'status',
    'memberIds',
  ],
  publicNames: {
    name: 'projectName',
    budgetHours: 'hours',
    billableRate: 'billamount',
    billableBy: 'billable',
  },
  mutations: { create: 'createProject', update: 'updateProject', remove: 'deleteProject' },
  commands: { create: 'createProject', edit: 'editProject', remove: 'deleteProject' },
  rateFields: ['billamount'],
  // As the Add Project form starts: billed at each member's rate, no rounding, no approval.
  defaults: {
    clientId: null,
    hours: 0,
    billamount: 0,
    description: '',
    billable: 'member',
    rounding: 'false',
    timeInterval: 15,
    approval: false,
    status: 'Active',
    memberIds: [],
  },
  references: { clientId: 'client', memberIds: 'member' },
  // The client's current name; a project without one says none.
  labels: (project, find) => {
    const client = find('client', project['clientId']);
    if (client) return { client: textOf(client, 'name') ?? '' };
    return project['clientId'] ? {} : { client: '' };
  },
  rowExtras: ({ createdAt, updatedAt }) => {
    // SPEC.md's creation day: day of month, 0-based month, full year (local time, as shown).
    const created = new Date(createdAt);
    return {
      client: '',
      task: [],
      date: created.getDate(),
      month: created.getMonth(),
      year: created.getFullYear(),
      updatedAt,
    };
  },
});
