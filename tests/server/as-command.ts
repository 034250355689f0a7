import { toPublicFields } from '../../src/lib/commands/public-fields';
import type { RecordKind } from '../../src/lib/sync/field-names';

type Args = Record<string, unknown>;

const kindOf: Record<string, RecordKind> = {
  Client: 'client',
  Project: 'project',
  Task: 'task',
  Member: 'member',
  TimeLog: 'timeLog',
};

/**
 * The named command a person would use for a stored-change mutation (src/lib/commands), so a
 * test written with mutations can run again through commands: Submit week and Approve for the
 * status changes they make, the create, edit and delete commands with public names otherwise.
 */
export function asCommand(name: string, args: Args): [string, Args] {
  const [, op = '', kindName = ''] = /^(create|update|delete|add)(.+)$/.exec(name) ?? [];
  const kind = kindOf[kindName];
  if (!kind) throw new Error(`no command for ${name}`);
  const id = args['id'];
  if (op === 'delete')
    return [kind === 'timeLog' ? 'deleteLog' : kind === 'member' ? 'removeMember' : name, { id }];
  if (op === 'create' || op === 'add') {
    const fields = toPublicFields(kind, args['fields'] as Args);
    const command =
      kind === 'timeLog' ? 'addLog' : kind === 'member' ? 'addMember' : `create${kindName}`;
    return [command, { id, ...fields }];
  }
  const changes = args['changes'] as Args;
  const only = Object.keys(changes).length === 1;
  if (kind === 'timeLog' && only && changes['status'] === 'submitted')
    return ['submitWeek', { logIds: [id] }];
  if (kind === 'timeLog' && only && changes['status'] === 'approved')
    return ['reviewLogs', { logIds: [id], decision: 'approve' }];
  const command = kind === 'timeLog' ? 'editLog' : `edit${kindName}`;
  return [command, { id, ...toPublicFields(kind, changes) }];
}
