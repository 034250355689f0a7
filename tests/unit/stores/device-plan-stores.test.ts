// @vitest-environment jsdom
import { keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commands, type CommandName } from '../../../src/lib/commands/catalog';
import { projectFormSchema } from '../../../src/lib/entities/project';
import { listOfKind, serverFieldsOf, type LocalRecords } from '../../../src/lib/sync/local-records';
import type { PendingMutation } from '../../../src/lib/sync/rebase';
import { reviewLogs, submitLogs } from '../../../src/stores/approvals';
import { $syncStatus, disposeSync, startSync } from '../../../src/stores/app-sync';
import { addClient, deleteClient, updateClient } from '../../../src/stores/clients';
import { addProject, deleteProject, patchProject } from '../../../src/stores/projects';
import { addTask, deleteTask, patchTask } from '../../../src/stores/tasks';
import { addMember, deleteMember, setMemberStatus } from '../../../src/stores/team';
import { addTimeLog, removeTimeLog, updateTimeLog } from '../../../src/stores/time-logs';
import {
  $timer,
  continueLog,
  setTimerEntry,
  startTimer,
  stopTimer,
} from '../../../src/stores/timer';
import { readCache } from '../../../src/stores/sync/cache';
import { $cacheOwner } from '../../../src/stores/sync/owner';
import { readSyncState } from '../../../src/stores/sync/state';
import { fakeFetch, form, resetServer, server, user } from './sync-server-stand-in';

// Issue 48: for every store action, of every kind, the outbox entry's stored changes are what
// the catalog's plan makes of the command's arguments on the records as they were before the
// action: the same the server's plan makes when the push arrives. Pushes are held, so the
// entries stay in the outbox to be read.

const owner = { userId: user.id, workspaceId: 'w1' };
const now = new Date('2026-11-25T10:00:00Z');
const outbox = () => readSyncState(owner).outbox;

/** The catalog's plan of `name(args)` on `local` and `timer`, with the server's reader's shape. */
async function catalogPlan(name: CommandName, args: unknown, local: LocalRecords, timer: unknown) {
  const plan = await commands[name].plan(commands[name].args.parse(args), {
    record: (kind, id) => {
      const found = (local[listOfKind[kind]] as { id: string }[]).find((r) => r.id === id);
      return Promise.resolve(found ? serverFieldsOf(kind, found) : null);
    },
    timer: () => Promise.resolve(timer as Record<string, unknown>),
    newId: () => 'unused',
  });
  if (!plan.ok) throw new Error(plan.message);
  return plan.steps;
}

/** The stored changes of an outbox entry, without the record keys the device adds. */
const stepsOf = (entry: PendingMutation) =>
  (entry.steps ?? []).map(({ name, args }) => ({ name, args }));

/**
 * Runs the store action `act` and waits until each outbox entry it made carries the catalog's
 * plan of its command on the cache as it was before; returns the commands' names.
 */
async function planned(act: () => unknown): Promise<string[]> {
  const local = readCache();
  const timer = $timer.get();
  const had = outbox().length;
  act();
  // In the outbox at once, with the store's change; then with the plan's.
  const made: PendingMutation[] = outbox().slice(had);
  const expected = await Promise.all(
    made.map((entry) => catalogPlan(entry.name as CommandName, entry.args, local, timer)),
  );
  await vi.waitFor(() =>
    expect(
      outbox()
        .slice(had)
        .map((entry) => stepsOf(entry)),
    ).toEqual(expected),
  );
  return made.map((m) => m.name);
}

const member = {
  name: 'Asha',
  email: 'asha@agency.test',
  notes: '',
  Role: 'Normal' as const,
  LoborRate: '40',
  BillableRate: '90',
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
  approval: true,
  memberIds: [],
});
const log = {
  date: '2026-11-24',
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

beforeEach(async () => {
  localStorage.clear();
  resetServer();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  keepMount($timer);
  $timer.set({ status: 'idle' });
  $cacheOwner.set(null);
  await startSync(user);
  await vi.waitFor(() => expect($syncStatus.get().phase).toBe('saved'));
  server.holdPushes = new Promise(() => {});
});

afterEach(() => {
  disposeSync();
  vi.unstubAllGlobals();
  resetServer();
});

describe('the outbox holds the catalog’s plan of each store action', () => {
  it('clients: create, edit, delete', async () => {
    let id = '';
    expect(await planned(() => (id = addClient(form, now).client.id))).toEqual(['createClient']);
    expect(await planned(() => updateClient(id, { ...form, name: 'Acme' }, now))).toEqual([
      'editClient',
    ]);
    expect(await planned(() => deleteClient(id))).toEqual(['deleteClient']);
  });

  it('projects: create, edit, delete', async () => {
    let id = '';
    expect(await planned(() => (id = addProject(projectForm, '', now).project.id))).toEqual([
      'createProject',
    ]);
    expect(await planned(() => patchProject(id, { description: 'New site' }, now))).toEqual([
      'editProject',
    ]);
    expect(await planned(() => deleteProject(id))).toEqual(['deleteProject']);
  });

  it('tasks: create, edit, delete', async () => {
    let id = '';
    const input = {
      projectId: 'p-1',
      projectName: 'Website',
      task: 'Design',
      assigneeIds: [],
      assigneeNames: [],
      billableRate: null,
    };
    expect(await planned(() => (id = addTask(input, now).task.id))).toEqual(['createTask']);
    expect(await planned(() => patchTask(id, { task: 'Layout' }))).toEqual(['editTask']);
    expect(await planned(() => deleteTask(id))).toEqual(['deleteTask']);
  });

  it('team members: add, edit, remove', async () => {
    let id = '';
    expect(await planned(() => (id = addMember(member, now).member.id))).toEqual(['addMember']);
    expect(await planned(() => setMemberStatus(id, 'Archived'))).toEqual(['editMember']);
    expect(await planned(() => deleteMember(id))).toEqual(['removeMember']);
  });

  it('time logs: add (on a project that asks for approval), edit, delete', async () => {
    const project = addProject(projectForm, '', now).project;
    let id = '';
    expect(
      await planned(() => (id = addTimeLog({ ...log, projectId: project.id }, true, now).log.id)),
    ).toEqual(['addLog']);
    expect(outbox().at(-1)?.steps?.[0]?.args).toMatchObject({ fields: { status: 'pending' } });
    expect(await planned(() => updateTimeLog(id, { dur: 3600 }, now))).toEqual(['editLog']);
    expect(await planned(() => removeTimeLog(id))).toEqual(['deleteLog']);
  });

  it('the stopwatch: start, change what it is for, stop, continue a log', async () => {
    const saved = addTimeLog(log, false, now).log;
    expect(await planned(() => startTimer('2026-11-25', new Date('2026-11-25T09:00:00Z')))).toEqual(
      ['startTimer'],
    );
    const entry = { projectId: null, taskId: null, memberId: null, tags: 'x', desc: 'Call' };
    expect(await planned(() => setTimerEntry(entry))).toEqual(['editTimer']);
    expect(await planned(() => stopTimer(new Date('2026-11-25T09:30:00Z')))).toEqual(['stopTimer']);
    // The run's log, as the plan saves it: 30 minutes, the entry's tags and words.
    expect(
      outbox()
        .at(-1)
        ?.steps?.map((s) => s.name),
    ).toEqual(['addTimeLog', 'setTimer']);
    expect(outbox().at(-1)?.steps?.[0]?.args).toMatchObject({
      fields: { dur: 1800, st: '09:00', end: '09:30', tags: 'x', desc: '<p>Call</p>' },
    });
    expect(await planned(() => continueLog(saved, new Date('2026-11-25T10:00:00Z')))).toEqual([
      'continueLog',
    ]);
    expect($timer.get()).toMatchObject({ status: 'running', entry: { tags: 'ui' } });
  });

  it('approvals: submit a week and review it', async () => {
    const { log: added } = addTimeLog(log, false, now);
    expect(await planned(() => submitLogs([added.id]))).toEqual(['submitWeek']);
    expect(await planned(() => reviewLogs([added.id], { status: 'approved' }))).toEqual([
      'reviewLogs',
    ]);
  });
});
