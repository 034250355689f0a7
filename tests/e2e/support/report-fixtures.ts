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
