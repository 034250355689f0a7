// Today's logs only, so the figures do not depend on the day the tests run: Website bills
// ₹1,000/h (project rate, no rounding) with a 1-hour budget; Asha costs ₹400/h.
// 1.5 h on Website today: ₹1,500.00 billable, ₹600.00 cost, 0.5 h over its budget.
// 1 h on Internal (non billable): ₹400.00 cost. Together: 2:30, ₹1,000.00 cost, ₹500.00 profit.

/** The local storage of a workspace with those two projects and today's two logs. */
export function todaysTwoProjects() {
  // The workspace's day: its time zone is UTC unless an Admin chooses another.
  const today = new Date().toISOString().slice(0, 10);
  const project = (id: string, projectName: string, billable: string, hours: number) => ({
    id,
    projectName,
    client: '',
    clientId: null,
    hours,
    billamount: billable === 'project' ? 1000 : 0,
    task: [],
    description: '',
    billable,
    rounding: 'false',
    timeInterval: 15,
    approval: false,
    status: 'Active',
  });
  const log = (id: string, projectId: string, dur: number) => ({
    id,
    date: today,
    client: '',
    projectId,
    task: '',
    taskId: null,
    tags: 'work',
    desc: '<p>Work</p>',
    dur,
    st: '',
    end: '',
    exp: 0,
    memberId: 'm1',
    status: 'approved',
  });
  return {
    project: [project('p1', 'Website', 'project', 1), project('p2', 'Internal', 'false', 0)],
    Team: [
      {
        id: 'm1',
        name: 'Asha',
        email: 'asha@agency.test',
        LoborRate: 400,
        BillableRate: 0,
        Role: 'Normal',
        status: 'Active',
      },
    ],
    taskData: [log('l1', 'p1', 5400), log('l2', 'p2', 3600)],
  };
}

// The week of tests/server/reports.test.ts, worked out there by hand: 5 logs, 22100 s tracked
// (6:08), 16200 s billed (4:30), ₹5,650.00 billable, ₹2,250.00 labour cost, ₹3,400.00 profit,
// ₹350.50 expenses. Website alone: 8400 s (2:20), ₹3,750.00.

/** The local storage of that week: two clients' projects, two members, six logs. */
const member = (id: string, name: string, LoborRate: number, BillableRate: number) => ({
  id,
  name,
  email: `${name.toLowerCase()}@agency.test`,
  LoborRate,
  BillableRate,
  Role: 'Normal',
  status: 'Active',
});
const project = (id: string, projectName: string, clientId: string | null, billing: object) => ({
  id,
  projectName,
  client: clientId ? 'Acme' : '',
  clientId,
  hours: 0,
  billamount: 0,
  task: [],
  description: '',
  billable: 'project',
  rounding: 'false',
  timeInterval: 15,
  approval: false,
  status: 'Active',
  memberIds: ['m1', 'm2'],
  ...billing,
});
const log = (
  id: string,
  projectId: string,
  memberId: string,
  date: string,
  dur: number,
  exp: number,
) => ({
  id,
  date,
  client: '',
  projectId,
  task: '',
  taskId: null,
  tags: 'work',
  desc: `<p>${id}</p>`,
  dur,
  st: '',
  end: '',
  exp,
  memberId,
  status: 'approved',
});

export const reportWeek = {
  clients: [
    {
      id: 'c1',
      name: 'Acme',
      contactPerson: '',
      email: '',
      phone: '',
      address: '',
      taxName: '',
      taxPercentage: null,
      taxNumber: '',
      status: 'Active',
    },
  ],
  project: [
    project('pA', 'Website', 'c1', { billamount: 1500, rounding: 'up', timeInterval: 15 }),
    project('pB', 'Support', 'c1', { billable: 'member', rounding: 'nearest', timeInterval: 30 }),
    project('pC', 'Internal', null, { billable: 'false' }),
  ],
  Team: [member('m1', 'Asha', 400, 1000), member('m2', 'Bilal', 300, 800)],
  taskData: [
    log('L1', 'pA', 'm1', '2026-11-16', 3000, 0),
    log('L2', 'pA', 'm2', '2026-11-17', 5400, 250.5),
    log('L3', 'pB', 'm1', '2026-11-18', 4500, 0),
    log('L4', 'pB', 'm2', '2026-11-20', 2000, 0),
    log('L5', 'pC', 'm1', '2026-11-21', 7200, 100),
    log('L6', 'pA', 'm1', '2026-11-23', 3600, 0),
  ],
};
