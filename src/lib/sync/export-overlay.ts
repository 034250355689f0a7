import { listOfKind, type AnyLocalRecord, type LocalRecords } from './local-records';
import { splitRecordKey, type PendingMutation } from './rebase';

/** The documented key each list of LocalRecords is exported under. */
const exportKey = {
  clients: 'clients',
  projects: 'project',
  tasks: 'task',
  members: 'Team',
  logs: 'taskData',
} as const satisfies Record<keyof LocalRecords, string>;

/**
 * The server's export with this device's changes not yet confirmed laid over it: each record a
 * pending mutation touches is taken as the device has it, or left out when the device deleted
 * it. What the device has is what the person sees, so the file holds what they see.
 */
export function withPendingChanges(
  document: Record<string, unknown>,
  outbox: readonly Pick<PendingMutation, 'record'>[],
  cache: LocalRecords,
): Record<string, unknown> {
  const next = { ...document };
  for (const { record } of outbox) {
    const { kind, id } = splitRecordKey(record);
    if (kind === 'timer') continue;
    const list = listOfKind[kind];
    const key = exportKey[list];
    const records = (Array.isArray(next[key]) ? next[key] : []) as AnyLocalRecord[];
    const mine = (cache[list] as AnyLocalRecord[]).find((r) => r.id === id);
    const others = records.filter((r) => r.id !== id);
    next[key] = mine ? [...others, mine] : others;
  }
  return next;
}
