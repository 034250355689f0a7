import { describe, expect, it } from 'vitest';
import { commands, type CommandReader } from '../../../../src/lib/commands/catalog';
import { changeCreates, describeChange } from '../../../../src/lib/commands/describe';
import { commandOfStoredChange } from '../../../../src/lib/commands/of-stored-change';
import type { RecordKind } from '../../../../src/lib/sync/field-names';
import type { AnyLocalRecord } from '../../../../src/lib/sync/local-records';
import { mutationsFromDiff } from '../../../../src/lib/sync/rebase';

// Every edit made on a screen leaves the device as a named command (issue 26). What the server
// then plans for that command must be exactly the stored change the device made on its cache,
// or the device's guess and the server's answer would differ.

const at = '2026-11-20T10:00:00.000Z';

const records: Record<RecordKind, Record<string, unknown>> = {
  client: {
    name: 'Acme Ltd',
    contactPerson: 'Asha',
    email: 'asha@acme.test',
    phone: '',
    address: '1 High St',
    country: 'IN',
    taxName: 'GST',
    taxPercentage: 18,
    taxNumber: '29ABCDE1234F1Z5',
    vatNumber: '',
    status: 'Active',
  },
  project: {
    projectName: 'Website',
    clientId: 'c1',
    hours: 40,
    billamount: 1000,
    description: '',
    billable: 'project',
    rounding: 'false',
    timeInterval: 15,
    approval: false,
    status: 'Active',
    memberIds: [],
  },
  task: { projectId: 'p1', task: 'Design', assigneeIds: [], billableRate: null },
  member: {
    name: 'Ravi',
    email: 'ravi@acme.test',
    LoborRate: 400,
    BillableRate: 1000,
    Role: 'Normal',
    notes: '',
    status: 'Active',
    autoAddToProjects: false,
  },
  timeLog: {
    date: '2026-11-20',
    projectId: 'p1',
    taskId: null,
    memberId: null,
    tags: 'design',
    desc: '<p>Home page</p>',
    dur: 5400,
    st: '09:00',
    end: '10:30',
    exp: 0,
    status: 'approved',
  },
};

const edits: Record<RecordKind, [string, unknown]> = {
  client: ['name', 'Acme Limited'],
  project: ['billamount', 1200],
  task: ['task', 'Build'],
  member: ['LoborRate', 450],
  timeLog: ['dur', 7200],
};

const reader: CommandReader = {
  record: () => Promise.resolve(null),
  timer: () => Promise.resolve(null),
  newId: () => 'new-id',
};

/** What the server plans for the command the device sends in place of `stored`. */
async function plannedFor(stored: { name: string; args: Record<string, unknown> }) {
  const command = commandOfStoredChange(stored.name, stored.args);
  if (!command) throw new Error(`no command for ${stored.name}`);
  const parsed = commands[command.name].args.safeParse(command.args);
  if (!parsed.success) throw new Error(parsed.error.message);
  return { command, plan: await commands[command.name].plan(parsed.data, reader) };
}

describe('a change on a screen, sent as a named command', () => {
  for (const kind of Object.keys(records) as RecordKind[]) {
    const record = { id: `${kind}-1`, ...records[kind], createdAt: at, updatedAt: at };
    const [field, value] = edits[kind];
    const edited = { ...record, [field]: value };
    const diffs = {
      create: mutationsFromDiff(kind, [], [record as AnyLocalRecord]),
      edit: mutationsFromDiff(kind, [record as AnyLocalRecord], [edited as AnyLocalRecord]),
      delete: mutationsFromDiff(kind, [record as AnyLocalRecord], []),
    };
    for (const [what, [stored]] of Object.entries(diffs)) {
      it(`plans on the server exactly the stored ${what} of a ${kind}`, async () => {
        if (!stored) throw new Error('no stored change');
        const { command, plan } = await plannedFor(stored);
        expect(command.args).not.toHaveProperty('fields');
        expect(command.args).not.toHaveProperty('changes');
        expect(plan).toEqual({ ok: true, steps: [{ name: stored.name, args: stored.args }] });
      });
    }
  }

  it('names commands for what they mean, with fields under public names', () => {
    expect(
      commandOfStoredChange('updateTimeLog', {
        id: 'l1',
        changes: { dur: 7200, desc: '<p>x</p>' },
      }),
    ).toEqual({
      name: 'editLog',
      args: { id: 'l1', durationSeconds: 7200, description: '<p>x</p>' },
    });
    expect(
      commandOfStoredChange('updateMember', { id: 'm1', changes: { LoborRate: 450 } }),
    ).toEqual({ name: 'editMember', args: { id: 'm1', labourRate: 450 } });
    expect(commandOfStoredChange('deleteMember', { id: 'm1' })).toEqual({
      name: 'removeMember',
      args: { id: 'm1' },
    });
    expect(commandOfStoredChange('setTimer', { timer: { status: 'idle' } })).toBeNull();
    expect(commandOfStoredChange('constructor', {})).toBeNull();
  });
});

describe('what a refused change is called', () => {
  it('says what each command and each stored change of an old outbox did', () => {
    expect(describeChange('addLog')).toBe('Adding a time log');
    expect(describeChange('removeMember')).toBe('Removing a team member');
    expect(describeChange('submitWeek')).toBe('Submitting a week for approval');
    expect(describeChange('updateTimeLog')).toBe('Changing a time log');
    expect(describeChange('createProject')).toBe('Adding a project');
    expect(describeChange('setTimer')).toBe('Starting or stopping the stopwatch');
  });

  it('offers to copy or send again only what made a new record', () => {
    expect(
      ['createClient', 'addMember', 'addLog', 'addTimeLog', 'createTask'].map(changeCreates),
    ).toEqual([true, true, true, true, true]);
    expect(
      ['editLog', 'removeMember', 'startTimer', 'updateClient', 'setTimer'].map(changeCreates),
    ).toEqual([false, false, false, false, false]);
  });
});
