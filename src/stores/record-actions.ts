import type { RecordKind } from '../lib/sync/field-names';
import type { PersistentList } from './persistent-list';
import { writeRecords } from './record-commands';
import type { WriteResult } from './unsaved-writes';

interface WithId {
  id: string;
}

/** A removal that can be undone; both report whether the browser stored the change. */
export type Removal = WriteResult & { undo: () => WriteResult };

/**
 * Common list actions for stores whose records carry an `id`. Editing with a check for other
 * changes is ./record-edit.ts, which loads with the forms that edit (issue 29's budget).
 */
export function recordActions<T extends WithId>(list: PersistentList<T>, kind: RecordKind) {
  const write = (id: string, change: (current: T[]) => T[]) =>
    writeRecords(list, kind, new Set([id]), change);
  return {
    /** Adds a record at the top of the list (newest first). */
    add: (record: T): WriteResult =>
      write(record.id, (current) => [record, ...current.filter((r) => r.id !== record.id)]),
    /** Replaces the fields of one record in place; unknown ids are ignored. */
    patch: (id: string, changes: Partial<T>): WriteResult =>
      write(id, (current) => current.map((r) => (r.id === id ? { ...r, ...changes } : r))),
    /**
     * Removes a record; `undo` puts it back where it was: after the record it followed, so a
     * pull that added or dropped others meanwhile (the first one brings the workspace's own
     * member) does not move it.
     */
    remove: (id: string): Removal => {
      const before = list.$list.get();
      const index = before.findIndex((r) => r.id === id);
      const removed = before[index];
      const previousId = index > 0 ? before[index - 1]?.id : undefined;
      const result = write(id, (current) => current.filter((r) => r.id !== id));
      const undo = (): WriteResult => {
        if (!removed) return { saved: true };
        return write(id, (current) => {
          if (current.some((r) => r.id === id)) return current;
          const after = previousId ? current.findIndex((r) => r.id === previousId) : -1;
          const at = previousId && after >= 0 ? after + 1 : Math.min(index, current.length);
          const next = [...current];
          next.splice(at, 0, removed);
          return next;
        });
      };
      return { ...result, undo };
    },
    /** Finds a record by id. */
    byId: (id: string): T | undefined => list.$list.get().find((r) => r.id === id),
  };
}
