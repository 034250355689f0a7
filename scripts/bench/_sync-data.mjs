// A team's workspace for the sync bench (60-sync.mjs), as the named mutations of
// src/lib/sync/mutations.ts with the fields of src/lib/sync/fields.ts: clients, projects with a
// few tasks each, team members and time logs on weekdays over three years. Seeded, so every run
// pushes the same records.

/** A small seeded random number generator (mulberry32): the same data on every run. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n) => String(n).padStart(2, '0');
const isoDay = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const clock = (minutes) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const WORK = ['Design review', 'Client call', 'Bug fixing', 'Sprint planning', 'Copy edits'];
const TAGS = ['dev', 'design', 'meeting, client', 'support', ''];
const TASKS = ['Design', 'Development', 'Meetings', 'Testing', 'Support'];

/** The fields of a time log (`addTimeLog`), picked with `random` from the given records. */
export function timeLogFields(random, { days, projects, members }) {
  const project = projects[Math.floor(random() * projects.length)];
  const taskId = project.taskIds[Math.floor(random() * project.taskIds.length)];
  const memberId = members[Math.floor(random() * members.length)];
  const quarters = 1 + Math.floor(random() * 16); // 15 min to 4 h
  const start = 8 * 60 + 15 * Math.floor(random() * 32); // 08:00 to 15:45
  const n = Math.floor(random() * 1_000_000);
  return {
    date: days[Math.floor(random() * days.length)],
    projectId: project.id,
    taskId,
    memberId,
    tags: TAGS[n % TAGS.length],
    desc: `<p>${WORK[n % WORK.length]}: <strong>item ${n}</strong></p>`,
    dur: quarters * 15 * 60,
    st: clock(start),
    end: clock(start + quarters * 15),
    exp: n % 20 === 0 ? 150 + (n % 7) * 25.5 : 0,
    status: n % 9 === 0 ? 'pending' : 'approved',
  };
}

/**
 * The mutations that build the workspace, records before the records that refer to them, and
 * what a later change needs (the log ids, and what to pick new logs from). `ownMemberId` is the
 * team-member record sign-up made for the account; it counts as one of the `members`.
 */
export function workspaceMutations({
  ownMemberId,
  members = 20,
  clients = 40,
  projects = 200,
  tasksPerProject = 3,
  logs = 50_000,
  lastDay = '2026-11-23',
  years = 3,
  seed = 10,
}) {
  const random = seeded(seed);
  const mutations = [];
  const memberIds = [ownMemberId];
  for (let i = 1; i < members; i += 1) {
    const id = `m-${i}`;
    memberIds.push(id);
    mutations.push({
      name: 'createMember',
      args: {
        id,
        fields: {
          name: `Member ${i}`,
          email: `member${i}@example.com`,
          LoborRate: 300 + i * 10,
          BillableRate: 900 + i * 25,
          Role: i < 3 ? 'Manager' : 'Normal',
          notes: '',
          status: i % 10 === 9 ? 'Archived' : 'Active',
          autoAddToProjects: false,
        },
      },
    });
  }
  for (let i = 0; i < clients; i += 1)
    mutations.push({
      name: 'createClient',
      args: {
        id: `c-${i}`,
        fields: {
          name: `Client ${i}`,
          contactPerson: `Contact ${i}`,
          email: `client${i}@example.com`,
          phone: `+91 98${pad(i % 100)} 000 000`,
          address: `${i} Market Road, Pune`,
          taxName: 'GST',
          taxPercentage: 18,
          taxNumber: `27AAAPL${pad(i)}Z`,
          status: i % 10 === 9 ? 'Archived' : 'Active',
        },
      },
    });
  const projectList = [];
  for (let i = 0; i < projects; i += 1) {
    const id = `p-${i}`;
    const taskIds = Array.from({ length: tasksPerProject }, (_, k) => `t-${i}-${k}`);
    projectList.push({ id, taskIds });
    mutations.push({
      name: 'createProject',
      args: {
        id,
        fields: {
          projectName: `Project ${i}`,
          clientId: `c-${i % clients}`,
          hours: 40 + (i % 5) * 20,
          billamount: 1200 + (i % 7) * 100,
          description: `<p>Scope of project ${i}</p>`,
          billable: ['member', 'task', 'project', 'false'][i % 4],
          rounding: ['up', 'nearest', 'down', 'false'][i % 4],
          timeInterval: 15,
          approval: i % 5 === 0,
          status: i % 20 === 19 ? 'Archived' : 'Active',
        },
      },
    });
    taskIds.forEach((taskId, k) =>
      mutations.push({
        name: 'createTask',
        args: {
          id: taskId,
          fields: {
            projectId: id,
            task: TASKS[k % TASKS.length],
            assigneeIds: memberIds.filter((_, m) => (m + i + k) % 4 === 0),
            billableRate: k === 0 ? null : 700 + k * 50,
          },
        },
      }),
    );
  }
  // Weekdays of the `years` years up to `lastDay`.
  const days = [];
  const last = new Date(`${lastDay}T00:00:00Z`);
  const first = new Date(last);
  first.setUTCFullYear(first.getUTCFullYear() - years);
  for (let d = new Date(first); d <= last; d.setUTCDate(d.getUTCDate() + 1))
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(isoDay(d));
  const pick = { days, projects: projectList, members: memberIds };
  const logIds = [];
  for (let i = 0; i < logs; i += 1) {
    const id = `l-${i}`;
    logIds.push(id);
    mutations.push({ name: 'addTimeLog', args: { id, fields: timeLogFields(random, pick) } });
  }
  return { mutations, logIds, pick };
}
