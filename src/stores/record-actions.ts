import type { PersistentList } from './persistent-list';

interface WithId {
  id: string;
}

/** Common list actions for stores whose records carry an `id`. */
export function recordActions<T extends WithId>(list: PersistentList<T>) {
  return {
    /** Adds a record at the top of the list (newest first). */
    add: (record: T): void => {
      list.update((current) => [record, ...current.filter((r) => r.id !== record.id)]);
    },
    /** Replaces the fields of one record in place; unknown ids are ignored. */
    patch: (id: string, changes: Partial<T>): void => {
      list.update((current) => current.map((r) => (r.id === id ? { ...r, ...changes } : r)));
    },
    /** Removes a record and returns a function that puts it back where it was. */
    remove: (id: string): (() => void) => {
      const before = list.$list.get();
      const index = before.findIndex((r) => r.id === id);
      const removed = before[index];
      list.update((current) => current.filter((r) => r.id !== id));
      return () => {
        if (!removed) return;
        list.update((current) => {
          if (current.some((r) => r.id === id)) return current;
          const next = [...current];
          next.splice(Math.min(index, next.length), 0, removed);
          return next;
        });
      };
    },
    /** Finds a record by id in the current list. */
    byId: (id: string): T | undefined => list.$list.get().find((r) => r.id === id),
  };
}
