/** The week the phone tests look at: Wednesday 18 Nov 2026 and its Monday-to-Sunday week. */
export const WEEK = { day: '2026-11-18', from: '2026-11-16', to: '2026-11-22' };

const project = (id: string, projectName: string, approval: boolean, memberIds: string[]) => ({
  id,
  projectName,
  client: 'Acme Ltd',
  clientId: 'c1',
  hours: 10,
  billamount: 1000,
  task: ['Design'],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval,
  status: 'Active',
  memberIds,
});

const log = (id: string, projectId: string, memberId: string, status: string, date = WEEK.day) => ({
  id,
  date,
  client: projectId === 'p1' ? 'Acme Ltd / Website' : 'Acme Ltd / Rebrand',
  projectId,
  task: 'Design',
  taskId: projectId === 'p1' ? 't1' : null,
  tags: 'design',
  desc: `<p>Work ${id}, with a description long enough to wrap on a phone screen</p>`,
  dur: 5400,
  st: '',
  end: '',
  exp: 0,
  memberId,
  status,
});

/**
 * A workspace with something on every screen: a client, a project that needs approval (two of
 * the account's logs wait to be submitted) and one that does not, a team member with logs, and
 * eight cards on Track's day.
 */
export function phoneWorkspace(me: string) {
  return {
    clients: [
      {
        id: 'c1',
        name: 'Acme Ltd',
        contactPerson: 'Ravi Kumar',
        email: 'accounts.payable@acme-limited.example',
        phone: '+49 30 1234567',
        address: 'Friedrichstraße 123, 10117 Berlin',
        taxName: 'VAT',
        taxPercentage: 19,
        taxNumber: 'DE123456789',
        status: 'Active',
      },
    ],
    project: [
      project('p1', 'Website', true, [me, 'm1']),
      project('p2', 'Rebrand', false, [me, 'm1']),
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
        name: 'Asha Venkataraman-Schneider',
        email: 'asha.venkataraman-schneider@agency.example',
        LoborRate: 400,
        BillableRate: 900,
        Role: 'Normal',
        status: 'Active',
      },
    ],
    taskData: [
      log('mine-1', 'p1', me, 'pending'),
      log('mine-2', 'p1', me, 'pending'),
      log('mine-3', 'p2', me, 'approved', '2026-11-17'),
      log('mine-4', 'p2', me, 'approved'),
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((id) => log(id, 'p2', 'm1', 'approved')),
    ],
  };
}
