import { changedFields, conflictingFields } from '../lib/record-diff';
import type { PersistentList } from './persistent-list';
import { originOfChange, type ChangeOrigin } from './tab-changes';
import type { WriteResult } from './unsaved-writes';

interface WithId {
  id: string;
}

/** A removal that can be undone; both report whether the browser stored the change. */
export type Removal = WriteResult & { undo: () => WriteResult };

/** Outcome of editing a record that may have changed elsewhere since the editing began. */
export type EditResult<T> =
  | ({ status: 'saved' } & WriteResult)
  /** `origin`: whether the other change came from another tab of this browser or another device. */
  | { status: 'conflict'; fields: (keyof T)[]; current: T; origin: ChangeOrigin }
  | { status: 'missing'; origin: ChangeOrigin };

/** Common list actions for stores whose records carry an `id`. */
export function recordActions<T extends WithId>(list: PersistentList<T>) {
  return {
    /** Adds a record at the top of the list (newest first). */
    add: (record: T): WriteResult =>
      list.update((current) => [record, ...current.filter((r) => r.id !== record.id)]),
    /** Replaces the fields of one record in place; unknown ids are ignored. */
    patch: (id: string, changes: Partial<T>): WriteResult =>
      list.update((current) => current.map((r) => (r.id === id ? { ...r, ...changes } : r))),
    /**
     * Applies `changes` (only the fields the person changed) to the freshest stored record. When
     * one of them was also changed by someone else since `opened`, nothing is written and the
     * conflict is returned, unless `overwrite` says the person chose to replace it.
     */
    edit: (opened: T, changes: Partial<T>, stamp: Partial<T>, overwrite = false): EditResult<T> => {
      let outcome = {
        status: 'missing',
        origin: originOfChange(list.key, opened.id, undefined),
      } as EditResult<T>;
      const write = list.update((current) => {
        const stored = current.find((r) => r.id === opened.id);
        if (!stored) return current;
        const conflicts = conflictingFields(opened, stored, changes);
        if (conflicts.length > 0 && !overwrite) {
          const origin = originOfChange(
            list.key,
            opened.id,
            stored as unknown as Record<string, unknown>,
            conflicts as string[],
          );
          outcome = { status: 'conflict', fields: conflicts, current: stored, origin };
          return current;
        }
        // Fields the person did not touch keep whatever is stored now.
        const remaining = changedFields(stored, { ...stored, ...changes });
        outcome = { status: 'saved', saved: true };
        if (Object.keys(remaining).length === 0) return current;
        return current.map((r) => (r === stored ? { ...r, ...changes, ...stamp } : r));
      });
      return outcome.status === 'saved' ? { status: 'saved', ...write } : outcome;
    },
    /** Removes a record; `undo` puts it back where it was. */
    remove: (id: string): Removal => {
      const before = list.$list.get();
      const index = before.findIndex((r) => r.id === id);
      const removed = before[index];
      const write = list.update((current) => current.filter((r) => r.id !== id));
      const undo = (): WriteResult => {
        if (!removed) return { saved: true };
        return list.update((current) => {
          if (current.some((r) => r.id === id)) return current;
          const next = [...current];
          next.splice(Math.min(index, next.length), 0, removed);
          return next;
        });
      };
      return { ...write, undo };
    },
    /** Finds a record by id. */
    byId: (id: string): T | undefined => list.$list.get().find((r) => r.id === id),
  };
}
