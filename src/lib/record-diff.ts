// Three-way comparison for editing a record that another tab may change meanwhile: the record
// as it was when editing began, the person's version, and the freshest stored one.

function same(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `next` whose value differs from `base`, as a patch (empty when nothing changed). */
export function changedFields<T extends object>(base: T, next: T): Partial<T> {
  const patch: Partial<T> = {};
  for (const field of Object.keys(next) as (keyof T)[]) {
    if (!same(base[field], next[field])) patch[field] = next[field];
  }
  return patch;
}

/**
 * Fields of `changes` that were also changed in `current` since `opened`, to a value other than
 * the one in `changes`. Writing those would silently undo someone else's edit.
 */
export function conflictingFields<T extends object>(
  opened: T,
  current: T,
  changes: Partial<T>,
): (keyof T)[] {
  return (Object.keys(changes) as (keyof T)[]).filter(
    (field) => !same(current[field], opened[field]) && !same(current[field], changes[field]),
  );
}
