// Generates realistic app data for the bench: clients, projects, tasks, members and time logs
// in the shapes the app stores (src/lib/entities).

function pad(n) {
  return String(n).padStart(2, '0');
}

/** Builds `{ clients, project, task, Team, taskData }` with the given counts. */
export function generateData({
  clients = 20,
  projects = 60,
  members = 10,
  logs = 5000,
  day = '2026-03-10',
} = {}) {
  const clientList = Array.from({ length: clients }, (_, i) => ({
    id: `c${i}`,
    name: `Client ${i}`,
    contactPerson: `Person ${i}`,
    email: `c${i}@example.com`,
    phone: `+91 98${pad(i % 100)} 000`,
    address: '',
    taxName: 'GST',
    taxPercentage: 18,
    taxNumber: `0${i}`,
    status: i % 10 === 0 ? 'Archived' : 'Active',
  }));
  const billable = ['member', 'task', 'project', 'false'];
  const rounding = ['up', 'nearest', 'down', 'false'];
  const projectList = Array.from({ length: projects }, (_, i) => ({
    id: `p${i}`,
    projectName: `Project ${i}`,
    client: `Client ${i % clients}`,
    clientId: `c${i % clients}`,
    hours: 100,
    billamount: 1200,
    task: [],
    description: '',
    billable: billable[i % 4],
    rounding: rounding[i % 4],
    timeInterval: 15,
    approval: false,
    date: 1,
    month: 0,
    year: 2026,
    status: 'Active',
  }));
  const taskList = projectList.flatMap((p, i) =>
    [0, 1].map((k) => ({
      id: `t${i}-${k}`,
      project: p.projectName,
      projectId: p.id,
      task: `Task ${k}`,
      assign: [],
      assigneeIds: [],
      billableRate: 700,
    })),
  );
  const team = Array.from({ length: members }, (_, i) => ({
    id: `m${i}`,
    name: `Member ${i}`,
    email: `m${i}@example.com`,
    LoborRate: 300 + i,
    BillableRate: 900 + i,
    Role: 'Normal',
    status: 'Active',
  }));
  const base = new Date(`${day}T12:00:00`);
  const taskData = Array.from({ length: logs }, (_, i) => {
    const d = new Date(base);
    d.setDate(base.getDate() - Math.floor(i / 25));
    const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const p = i % projects;
    return {
      id: `l${i}`,
      date,
      client: `Client ${p % clients} / Project ${p}`,
      projectId: `p${p}`,
      task: 'Task 0',
      taskId: `t${p}-0`,
      tags: i % 3 ? 'dev' : 'meeting, client',
      desc: `<p>Worked on <strong>item ${i}</strong></p>`,
      dur: 900 + (i % 8) * 600,
      st: '09:00',
      end: '10:00',
      exp: i % 20 === 0 ? 150 : 0,
      memberId: `m${i % members}`,
      status: 'approved',
      createdAt: '2026-03-10T12:00:00.000Z',
      updatedAt: '2026-03-10T12:00:00.000Z',
    };
  });
  return { clients: clientList, project: projectList, task: taskList, Team: team, taskData };
}
