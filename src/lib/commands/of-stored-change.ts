import type { RecordKind } from '../sync/field-names';
import type { MutationName } from '../sync/mutations';
import type { CommandName } from './catalog';
import { toPublicFields } from './public-names';

// A person's edit on a screen is found by comparing a list before and after (../sync/rebase.ts
// mutationsFromDiff): a stored create, update or delete of one record. The browser sends it as
// the named command that means the same (issue 26), so every change from a device reaches the
// server by name, and the stored change stays only this device's guess until the server answers.
// No zod here: the browser's sync engine runs it.

const commandOfStored: Partial<Record<MutationName, { kind: RecordKind; name: CommandName }>> = {
  createClient: { kind: 'client', name: 'createClient' },
  updateClient: { kind: 'client', name: 'editClient' },
  deleteClient: { kind: 'client', name: 'deleteClient' },
  createProject: { kind: 'project', name: 'createProject' },
  updateProject: { kind: 'project', name: 'editProject' },
  deleteProject: { kind: 'project', name: 'deleteProject' },
  createTask: { kind: 'task', name: 'createTask' },
  updateTask: { kind: 'task', name: 'editTask' },
  deleteTask: { kind: 'task', name: 'deleteTask' },
  createMember: { kind: 'member', name: 'addMember' },
  updateMember: { kind: 'member', name: 'editMember' },
  deleteMember: { kind: 'member', name: 'removeMember' },
  addTimeLog: { kind: 'timeLog', name: 'addLog' },
  updateTimeLog: { kind: 'timeLog', name: 'editLog' },
  deleteTimeLog: { kind: 'timeLog', name: 'deleteLog' },
};

type Args = Record<string, unknown>;

/**
 * The named command that makes the stored change `name(args)`, with its arguments under public
 * names; null for a stored change no command stands for (the stopwatch's own record).
 */
export function commandOfStoredChange(
  name: string,
  args: Args,
): { name: CommandName; args: Args } | null {
  const found = Object.hasOwn(commandOfStored, name) ? commandOfStored[name as MutationName] : null;
  if (!found) return null;
  const { kind, name: command } = found;
  const id = args['id'];
  if ('fields' in args) {
    const made = args['createdAt'];
    return {
      name: command,
      args: {
        id,
        ...(made === undefined ? {} : { createdAt: made }),
        ...toPublicFields(kind, args['fields'] as Args),
      },
    };
  }
  if ('changes' in args)
    return { name: command, args: { id, ...toPublicFields(kind, args['changes'] as Args) } };
  return { name: command, args: { id } };
}
