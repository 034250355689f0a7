import type { ImportEntry } from './entry';

// How an import recognises a row it has seen before (issue 32), so importing the same file
// twice creates nothing the second time and an overlapping file adds only its new rows.
//
// A row is WHO (email, else name), WHEN (start date and time), HOW LONG (seconds) and WHAT
// (client, project, task, description), as normalised by the reader. Billable, tags and amounts
// are left out on purpose: they are what people change afterwards in the old tool, and a change
// there must not make the same hour count twice. Two rows alike in all of that in ONE file are
// both real (two identical 15-minute calls), so each row's identity also carries its occurrence:
// the first such row is #0, the second #1. Another export of the same period has the same rows
// in the same order of occurrence, so it meets the same fingerprints.

/** The text a row's fingerprint is the hash of, without its occurrence. */
export function rowIdentity(entry: ImportEntry): string {
  // A log of Hourmark's own export is its id in the export as well as its content: two exports
  // of one workspace meet the same fingerprints, and a log edited since is a new row.
  const content = [
    entry.person.email || entry.person.name.toLowerCase(),
    entry.date,
    entry.startTime,
    entry.durationSeconds,
    entry.client,
    entry.project,
    entry.task,
    entry.description,
  ];
  return JSON.stringify(entry.hourmark ? ['hourmark', entry.hourmark.id, ...content] : content);
}

/**
 * One fingerprint per entry, in order: `hash` of the row's identity and its occurrence among
 * identical rows of the file. The hash is passed in (the server uses SHA-256) so this stays pure.
 */
export function fingerprints(
  entries: readonly ImportEntry[],
  hash: (text: string) => string,
): string[] {
  return entries.map(fingerprinter(hash));
}

/**
 * The same fingerprints one entry at a time, in the file's order (each call counts the entry's
 * occurrence among those given before), so a caller can pause between entries of a large file.
 */
export function fingerprinter(hash: (text: string) => string): (entry: ImportEntry) => string {
  const seen = new Map<string, number>();
  return (entry) => {
    const identity = rowIdentity(entry);
    const occurrence = seen.get(identity) ?? 0;
    seen.set(identity, occurrence + 1);
    return hash(`${identity}#${occurrence}`);
  };
}
