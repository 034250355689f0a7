import { describe, expect, it } from 'vitest';
import { commands, type Command } from '../../../../src/lib/commands/catalog';
import { logChangeOf, statusChangesOf } from '../../../../src/lib/policy/log-change';

// Issue 48: what a log change is (an edit, a submission or a review) was worked out three ways,
// by the push's check, by the notices of commands and by those of older bundles' stored changes.
// One reading now, and the notices of the commands follow from their planned steps.

const noReader = {
  record: () => Promise.resolve(null),
  timer: () => Promise.resolve(null),
  newId: () => 'new',
};

describe('what a log change is', () => {
  it('reads a status and its note alone as a submission or a review, anything more as an edit', () => {
    expect(logChangeOf('create', { status: 'submitted' })).toEqual({ action: 'add' });
    expect(logChangeOf('delete', {})).toEqual({ action: 'delete' });
    expect(logChangeOf('update', { status: 'submitted', reviewNote: '' })).toEqual({
      action: 'submit',
    });
    expect(logChangeOf('update', { status: 'approved' })).toEqual({
      action: 'review',
      decision: 'approve',
      note: '',
    });
    expect(logChangeOf('update', { status: 'rejected', reviewNote: 'Split by task' })).toEqual({
      action: 'review',
      decision: 'reject',
      note: 'Split by task',
    });
    // A status that is no decision is still the reviewer's business, never an edit.
    expect(logChangeOf('update', { status: 'pending' })).toEqual({
      action: 'review',
      decision: null,
      note: '',
    });
    // A status sent with any other field is an edit, to the check and to the notices alike.
    expect(logChangeOf('update', { status: 'submitted', desc: 'Audit' })).toEqual({
      action: 'edit',
    });
    expect(logChangeOf('update', {})).toEqual({ action: 'edit' });
  });

  it('finds the same submissions and decisions in a command’s steps as in an old bundle’s changes', async () => {
    const planned = async (name: 'submitWeek' | 'reviewLogs', args: unknown) => {
      const command: Command = commands[name];
      const plan = await command.plan(command.args.parse(args), noReader);
      if (!plan.ok) throw new Error(plan.message);
      return statusChangesOf(plan.steps);
    };
    expect(await planned('submitWeek', { logIds: ['a', 'b'] })).toEqual({
      submitted: ['a', 'b'],
      approved: [],
      rejected: new Map(),
    });
    expect(await planned('reviewLogs', { logIds: ['a'], decision: 'approve' })).toEqual({
      submitted: [],
      approved: ['a'],
      rejected: new Map(),
    });
    expect(
      await planned('reviewLogs', { logIds: ['a', 'b'], decision: 'reject', note: 'Too long' }),
    ).toEqual({ submitted: [], approved: [], rejected: new Map([['Too long', ['a', 'b']]]) });

    const old = (changes: Record<string, unknown>) => ({
      name: 'updateTimeLog',
      args: { id: 'a', changes },
    });
    expect(
      statusChangesOf([
        old({ status: 'submitted' }),
        old({ status: 'submitted', desc: 'an edit' }),
        { name: 'updateProject', args: { id: 'p', changes: { status: 'submitted' } } },
        { name: 'addTimeLog', args: { id: 'c', fields: { status: 'submitted' } } },
      ]),
    ).toEqual({ submitted: ['a'], approved: [], rejected: new Map() });
  });
});
