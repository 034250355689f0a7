import { changedFields, conflictingFields } from '../lib/record-diff';
import type { RecordKind } from '../lib/sync/field-names';
import type { PersistentList } from './persistent-list';
import { writeRecords } from './record-commands';
import { originOfChange, type ChangeOrigin } from './tab-change-origin';
import type { WriteResult } from './unsaved-writes';

// Editing a stored record that may have changed elsewhere since the editing began: apart from
// ./record-actions.ts, so Track's first visit (which adds and removes, never edits before a form
// opens) does not download the check for clashes (issue 29's budget).

interface WithId {
  id: string;
}

/** Outcome of editing a record that may have changed elsewhere since the editing began. */
export type EditResult<T> =
  | ({ status: 'saved' } & WriteResult)
  /** `origin`: whether the other change came from another tab of this browser or another device. */
  | { status: 'conflict'; fields: (keyof T)[]; current: T; origin: ChangeOrigin }
  | { status: 'missing'; origin: ChangeOrigin };

/**
 * Applies `changes` (only the fields the person changed) to the freshest stored record. When
 * one of them was also changed by someone else since `opened`, nothing is written and the
 * conflict is returned, unless `overwrite` says the person chose to replace it.
 */
export function recordEdit<T extends WithId>(list: PersistentList<T>, kind: RecordKind) {
  return (opened: T, changes: Partial<T>, stamp: Partial<T>, overwrite = false): EditResult<T> => {
    let outcome = {
      status: 'missing',
      origin: originOfChange(list.key, opened.id, undefined),
    } as EditResult<T>;
    const write = writeRecords(list, kind, new Set([opened.id]), (current) => {
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
  };
}
