// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectFormSchema } from '../../../src/lib/entities/project';
import { reviewLogs, submitLogs } from '../../../src/stores/approvals';
import {
  $clients,
  addClient,
  archiveClient,
  deleteClient,
  restoreClient,
  updateClient,
} from '../../../src/stores/clients';
import { onLocalChange, type LocalEvent } from '../../../src/stores/local-changes';
import {
  $projects,
  addMemberToProjects,
  addProject,
  deleteProject,
  patchProject,
  setProjectStatus,
  updateProject,
} from '../../../src/stores/projects';
import { $tasks, addTask, deleteTask, patchTask } from '../../../src/stores/tasks';
import {
  $team,
  addMember,
  deleteMember,
  saveMemberOrder,
  setMemberStatus,
  updateMember,
} from '../../../src/stores/team';
import {
  $timeLogs,
  addTimeLog,
  approveTimeLog,
  editTimeLog,
  patchTimeLogs,
  removeTimeLog,
  removeTimeLogs,
  updateTimeLog,
  type TimeLogInput,
} from '../../../src/stores/time-logs';
import {
  $timer,
  continueLog,
  setTimerEntry,
  startTimer,
  stopTimer,
} from '../../../src/stores/timer';

// Issue 48: every store action that changes something leaves the device as the named command of
// src/lib/commands/catalog.ts that means it, one per record it touches; none as a list difference.

const now = new Date('2026-03-10T11:00:00Z');
const client = {
  name: 'Nova Studio',
  contactPerson: 'Ira',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: '',
  taxNumber: '',
  vatNumber: '',
  country: '',
};
const member = {
  name: 'Asha',
  email: 'asha@agency.test',
  notes: '',
  Role: 'Normal' as const,
  LoborRate: '',
  BillableRate: '',
  autoAddToProjects: false,
};
const projectForm = projectFormSchema.parse({
  projectName: 'Website',
  clientId: '',
  hours: '',
  description: '',
  billable: 'project',
  billamount: '80',
  rounding: 'false',
  timeInterval: 15,
  approval: false,
  memberIds: [],
});
const log: TimeLogInput = {
  date: '2026-03-10',
  client: '',
  projectId: null,
  task: '',
  taskId: null,
  tags: 'ui',
  desc: '<p>Wireframes</p>',
  dur: 1800,
  st: '09:00',
  end: '09:30',
  exp: 0,
  memberId: null,
};

let heard: LocalEvent[] = [];
let stopHearing = () => {};

/** The commands the action `act` queued, by name, in the order they leave the device. */
function sent(act: () => unknown): string[] {
  heard = [];
  act();
  return heard.flatMap((event) =>
    'command' in event
      ? (event.each ?? [event.command]).map((c) => c.name)
      : [`list difference of ${event.key}`],
  );
}

beforeEach(() => {
  localStorage.clear();
  for (const store of [$clients, $projects, $tasks, $team, $timeLogs]) {
    store.set([]);
    keepMount(store);
  }
  $timer.set({ status: 'idle' });
  keepMount($timer);
  stopHearing = onLocalChange((event) => heard.push(event));
});
afterEach(() => stopHearing());

describe('every store write runs its named command', () => {
  it('clients: add, edit, archive, restore, delete and its undo', () => {
    let id = '';
    expect(sent(() => (id = addClient(client, now).client.id))).toEqual(['createClient']);
    expect(sent(() => updateClient(id, { ...client, name: 'Nova' }))).toEqual(['editClient']);
    expect(sent(() => archiveClient(id))).toEqual(['editClient']);
    expect(sent(() => restoreClient(id))).toEqual(['editClient']);
    let undo = () => {};
    expect(sent(() => (undo = deleteClient(id).undo))).toEqual(['deleteClient']);
    expect(sent(undo)).toEqual(['createClient']);
  });

  it('projects: add, edit, archive, patch, add a member, delete', () => {
    let opened = addProject(projectForm, '', now).project;
    expect(sent(() => addProject(projectForm, '', now))).toEqual(['createProject']);
    expect(
      sent(() => updateProject(opened, { ...projectForm, projectName: 'Site' }, '', now)),
    ).toEqual(['editProject']);
    opened = $projects.get().find((p) => p.id === opened.id) ?? opened;
    expect(sent(() => setProjectStatus(opened.id, 'Archived'))).toEqual(['editProject']);
    expect(sent(() => patchProject(opened.id, { description: 'New site' }))).toEqual([
      'editProject',
    ]);
    expect(sent(() => addMemberToProjects('m-1', [opened.id]))).toEqual(['editProject']);
    expect(sent(() => deleteProject(opened.id))).toEqual(['deleteProject']);
  });

  it('tasks: add, edit, delete', () => {
    const { task } = addTask({
      projectId: 'p-1',
      projectName: 'Website',
      task: 'Design',
      assigneeIds: [],
      assigneeNames: [],
      billableRate: null,
    });
    expect(sent(() => patchTask(task.id, { task: 'Layout' }))).toEqual(['editTask']);
    expect(sent(() => deleteTask(task.id))).toEqual(['deleteTask']);
  });

  it('team members: add, edit, archive, remove; their order stays on this device', () => {
    let id = '';
    expect(sent(() => (id = addMember(member, now).member.id))).toEqual(['addMember']);
    addMember({ ...member, name: 'Bo', email: 'bo@agency.test' }, now);
    expect(sent(() => updateMember(id, { ...member, notes: 'Design lead' }))).toEqual([
      'editMember',
    ]);
    expect(sent(() => setMemberStatus(id, 'Archived'))).toEqual(['editMember']);
    expect(sent(() => saveMemberOrder([...$team.get()].reverse().map((m) => m.id)))).toEqual([]);
    expect(sent(() => deleteMember(id))).toEqual(['removeMember']);
  });

  it('undoing a delete puts the member back after the one it followed, though a pull added one above', () => {
    const names = () => $team.get().map((m) => m.name);
    for (const name of ['Ravi', 'Asha', 'Chitra'])
      addMember({ ...member, name, email: `${name.toLowerCase()}@agency.test` }, now);
    expect(names()).toEqual(['Ravi', 'Asha', 'Chitra']);
    const chitra = $team.get()[2]!;
    const removal = deleteMember(chitra.id);
    // What the first pull does: the workspace's own member arrives at the top.
    $team.set([{ ...chitra, id: 'owner', name: 'Zara Owner' }, ...$team.get()]);
    expect(sent(() => removal.undo())).toEqual(['addMember']);
    expect(names()).toEqual(['Zara Owner', 'Ravi', 'Asha', 'Chitra']);
  });

  it('time logs: add, edit, approve, remove and undo, bulk edit, bulk delete and their undo', () => {
    let first = addTimeLog(log, true, now).log;
    expect(sent(() => addTimeLog({ ...log, dur: 60 }, false, now))).toEqual(['addLog']);
    const second = $timeLogs.get()[0]!;
    expect(sent(() => updateTimeLog(first.id, { dur: 3600 }))).toEqual(['editLog']);
    first = $timeLogs.get().find((l) => l.id === first.id) ?? first;
    expect(sent(() => editTimeLog(first, { tags: 'ux' }))).toEqual(['editLog']);
    expect(sent(() => approveTimeLog(first.id))).toEqual(['editLog']);
    let undo = () => {};
    expect(sent(() => (undo = removeTimeLog(first.id).undo))).toEqual(['deleteLog']);
    expect(sent(undo)).toEqual(['addLog']);
    const both = new Set([first.id, second.id]);
    const patches = new Map([...both].map((id) => [id, { tags: 'bulk' }]));
    expect(sent(() => (undo = patchTimeLogs(patches, now).undo))).toEqual(['editLog', 'editLog']);
    expect(sent(undo)).toEqual(['editLog', 'editLog']);
    expect(sent(() => (undo = removeTimeLogs(both).undo))).toEqual(['deleteLog', 'deleteLog']);
    expect(sent(undo)).toEqual(['addLog', 'addLog']);
  });

  it('the stopwatch: start, change what it is for, stop, continue a log', () => {
    const saved = addTimeLog(log, false, now).log;
    expect(sent(() => startTimer('2026-03-10', new Date('2026-03-10T09:00:00Z')))).toEqual([
      'startTimer',
    ]);
    const entry = { projectId: null, taskId: null, memberId: null, tags: 'x', desc: 'Call' };
    expect(sent(() => setTimerEntry(entry))).toEqual(['editTimer']);
    expect(sent(() => stopTimer(new Date('2026-03-10T09:30:00Z')))).toEqual(['stopTimer']);
    expect(sent(() => continueLog(saved, new Date('2026-03-10T10:00:00Z')))).toEqual([
      'continueLog',
    ]);
  });

  it('approvals: submit a week and review it', () => {
    const { log: added } = addTimeLog(log, false, now);
    expect(sent(() => submitLogs([added.id]))).toEqual(['submitWeek']);
    expect(sent(() => reviewLogs([added.id], { status: 'approved' }))).toEqual(['reviewLogs']);
  });
});

describe('no store writes a record list by other means', () => {
  it('only the command writer updates a persistent list (src/stores/record-commands.ts)', () => {
    const dir = 'src/stores';
    const offenders = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => !['record-commands.ts', 'persistent-list.ts'].includes(file))
      .filter((file) => /\b\w*[lL]ist\.update\(/.test(readFileSync(`${dir}/${file}`, 'utf8')));
    // team.ts saves the members' order, which stays on this device (no command: nothing changes
    // on the server), so it is the one other caller.
    expect(offenders).toEqual(['team.ts']);
  });
});
