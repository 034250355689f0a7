import { kindDescriptions, recordKinds, type RecordKind } from '../records/kinds';
import type { CommandName } from './catalog';
import { toPublicFields } from './public-names';

// A person's edit on a screen is found by comparing a list before and after (../sync/rebase.ts
// mutationsFromDiff): a stored create, update or delete of one record. The browser sends it as
// the named command that means the same (issue 26), so every change from a device reaches the
// server by name, and the stored change stays only this device's guess until the server answers.
// No zod here: the browser's sync engine runs it.

/** Each kind's stored create, update and delete, and the command that means the same. */
const commandOfStored = new Map<string, { kind: RecordKind; name: CommandName }>(
  recordKinds.flatMap((kind) => {
    const { mutations, commands } = kindDescriptions[kind];
    // The descriptions name catalog commands; a test checks each is in the catalog.
    const named = (name: string) => ({ kind, name: name as CommandName });
    return [
      [mutations.create, named(commands.create)],
      [mutations.update, named(commands.edit)],
      [mutations.remove, named(commands.remove)],
    ];
  }),
);

type Args = Record<string, unknown>;

/**
 * The named command that makes the stored change `name(args)`, with its arguments under public
 * names; null for a stored change no command stands for (the stopwatch's own record).
 */
export function commandOfStoredChange(
  name: string,
  args: Args,
): { name: CommandName; args: Args } | null {
  const found = commandOfStored.get(name);
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
