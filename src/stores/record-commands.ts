import type { CommandName } from '../lib/commands/catalog';
import { toPublicFields } from '../lib/commands/public-names';
import { kindDescriptions, recordKinds, type RecordKind } from '../lib/records/kinds';
import { changedServerFields, serverFieldsOf } from '../lib/sync/local-records';
import { runCommands, type QueueCommand } from './local-changes';
import type { PersistentList } from './persistent-list';
import type { WriteResult } from './unsaved-writes';

// Every write a store makes to a synced record list goes through here (issue 48): the list is
// changed in the cache, and each record it creates, changes or deletes is queued as the named
// command of src/lib/commands/catalog.ts that means it, with its arguments under public names.
// A reader follows a click: store action → writeRecords → runCommands → outbox → push.

interface WithId {
  id: string;
}

type Args = Record<string, unknown>;

/** The catalog's commands that create, edit and delete one record of each kind (its description's). */
export const recordCommands = Object.fromEntries(
  recordKinds.map((kind) => [kind, kindDescriptions[kind].commands]),
) as Readonly<Record<RecordKind, { create: CommandName; edit: CommandName; remove: CommandName }>>;

/** The arguments of the command that creates `record` (a device's own creation time kept). */
export function createArgs(kind: RecordKind, record: WithId): Args {
  const made = (record as { createdAt?: string }).createdAt;
  return {
    id: record.id,
    ...(made && !made.startsWith('1970') ? { createdAt: made } : {}),
    ...toPublicFields(kind, serverFieldsOf(kind, record)),
  };
}

/** The arguments of the command that edits `before` into `after`; null when the server sees no change. */
export function editArgs(kind: RecordKind, before: WithId, after: WithId): Args | null {
  const changes = changedServerFields(kind, before, after);
  return changes ? { id: after.id, ...toPublicFields(kind, changes) } : null;
}

/**
 * Changes the list of `kind` by `change` and queues, for each record it touched (by id), the
 * command that does the same: create, edit or delete. `ids` names the records the action means
 * to touch, so the commands come from the action, not from comparing whole lists.
 */
export function writeRecords<T extends WithId>(
  list: PersistentList<T>,
  kind: RecordKind,
  ids: ReadonlySet<string>,
  change: (current: T[]) => T[],
): WriteResult {
  const names = recordCommands[kind];
  return runCommands((queue: QueueCommand) =>
    list.update((current) => {
      const next = change(current);
      if (next === current) return current;
      const before = new Map(current.filter((r) => ids.has(r.id)).map((r) => [r.id, r]));
      const after = new Map(next.filter((r) => ids.has(r.id)).map((r) => [r.id, r]));
      for (const id of ids) {
        const old = before.get(id);
        const now = after.get(id);
        const record = `${kind}:${id}`;
        if (!old && now) queue(names.create, createArgs(kind, now), record);
        else if (old && !now) queue(names.remove, { id }, record);
        else if (old && now && old !== now) {
          const args = editArgs(kind, old, now);
          if (args) queue(names.edit, args, record);
        }
      }
      return next;
    }),
  );
}
