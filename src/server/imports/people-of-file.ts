import type { ImportEntry } from '../../lib/import/entry';

// Starting an import needs only the preview's people (who each person of the file is) and its
// date orders, not its figures, which take a quarter of a second for 100,000 rows (issue 32, the
// upload in steps). These entries give buildPreview the same people list in the same order.

const keyOf = (entry: ImportEntry) =>
  entry.person.email || `name:${entry.person.name.trim().toLowerCase()}`;

/**
 * For each person of `entries`, in order of first appearance: their first entry, and their
 * first entry with a name when the first had none (the preview names a person by the first
 * name their rows give). When the workspace requires a project and a task on every log, rows
 * without them are left out first, as the preview leaves them out.
 */
export function entriesNamingPeople(
  entries: readonly ImportEntry[],
  requireProjectAndTask: boolean,
): ImportEntry[] {
  const collect = peopleCollector(requireProjectAndTask);
  for (const entry of entries) collect.add(entry);
  return collect.entries;
}

/**
 * The same entries collected one entry at a time, for a file read in slices whose entries are
 * not all kept (the upload staging them, issue 32): a few entries per person, whatever the size.
 */
export function peopleCollector(requireProjectAndTask: boolean) {
  const named = new Map<string, boolean>();
  const entries: ImportEntry[] = [];
  const add = (entry: ImportEntry) => {
    if (requireProjectAndTask && (!entry.project || !entry.task)) return;
    const key = keyOf(entry);
    const seen = named.get(key);
    if (seen === true) return;
    if (seen === undefined || entry.person.name) {
      entries.push(entry);
      named.set(key, Boolean(entry.person.name));
    }
  };
  return { entries, add };
}
