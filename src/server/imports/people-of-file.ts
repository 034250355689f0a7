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
  const named = new Map<string, boolean>();
  const kept: ImportEntry[] = [];
  for (const entry of entries) {
    if (requireProjectAndTask && (!entry.project || !entry.task)) continue;
    const key = keyOf(entry);
    const seen = named.get(key);
    if (seen === true) continue;
    if (seen === undefined || entry.person.name) {
      kept.push(entry);
      named.set(key, Boolean(entry.person.name));
    }
  }
  return kept;
}
