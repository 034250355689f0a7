/** A client, a project with an hourly rate, a task and a member, as stored by the app. */
export const agency = {
  clients: [
    {
      id: 'c1',
      name: 'Acme Ltd',
      contactPerson: 'Ravi',
      email: 'ravi@acme.test',
      phone: '',
      address: '',
      taxName: '',
      taxPercentage: null,
      taxNumber: '',
      status: 'Active',
    },
  ],
  project: [
    {
      id: 'p1',
      projectName: 'Website',
      client: 'Acme Ltd',
      clientId: 'c1',
      hours: 10,
      billamount: 1000,
      task: [],
      description: '',
      billable: 'project',
      rounding: 'false',
      timeInterval: 15,
      approval: false,
      date: 1,
      month: 0,
      year: 2026,
      status: 'Active',
    },
  ],
  task: [
    {
      id: 't1',
      project: 'Website',
      projectId: 'p1',
      task: 'Design',
      assign: [],
      assigneeIds: [],
      billableRate: null,
    },
  ],
  Team: [
    {
      id: 'm1',
      name: 'Asha',
      email: 'asha@agency.test',
      LoborRate: 400,
      BillableRate: 900,
      Role: 'Normal',
      status: 'Active',
    },
  ],
};

/** A stored time log of Website · Design by Asha, one hour, with `fields` changed. */
export const websiteLog = (id: string, date: string, fields: Record<string, unknown> = {}) => ({
  id,
  date,
  client: 'Acme Ltd / Website',
  projectId: 'p1',
  task: 'Design',
  taskId: 't1',
  tags: 'design',
  desc: '<p>Work</p>',
  dur: 3600,
  st: '',
  end: '',
  exp: 0,
  memberId: 'm1',
  status: 'approved',
  ...fields,
});
