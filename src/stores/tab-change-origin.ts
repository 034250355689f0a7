import { announcedByTab } from './tab-changes';

// Where a clashing change came from (./tab-changes.ts hears the other tabs): asked only when an
// edit finds one, so it loads with the forms that edit, not with Track's first visit (issue 29).

/** Where the other change to a record came from. */
export type ChangeOrigin = 'tab' | 'device';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where the stored record `id` of `key` got the values of `fields` it now holds (`stored`), or
 * its removal (`stored` undefined): another tab of this browser, when that tab announced exactly
 * this, else another device.
 */
export function originOfChange(
  key: string,
  id: string,
  stored: Record<string, unknown> | undefined,
  fields: readonly string[] = [],
): ChangeOrigin {
  const announced = announcedByTab(key, id);
  if (announced === undefined) return 'device';
  if (!stored || !announced) return !stored && announced === null ? 'tab' : 'device';
  return fields.every((field) => same(stored[field], announced[field])) ? 'tab' : 'device';
}
