import { fingerprints } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import { dateFormats } from '../../lib/import/date-formats';
import type { Runner } from '../sync/records';
import { readImportUpload } from './read-upload';
import { sha256 } from './seen-rows';
import { fileOf } from './store';

// An import's entries, read again from its stored file (the database is where the job's state
// is, so any process can go on with it). Reading a 50 MB file takes seconds, so the last files
// read are kept in this process's memory: a cache only, never the state.

export interface FileEntries {
  entries: ImportEntry[];
  /** Each entry's fingerprint, in order (its occurrence counted over the whole file). */
  prints: string[];
}

const KEPT = 2;
const cache = new Map<string, FileEntries>();

/**
 * The import's entries and fingerprints, or null when its file is gone or no longer reads. The
 * file is read as it was when it started: CSV or workbook, its dates in the order the person
 * chose (issue 33).
 */
export async function fileEntries(
  runner: Runner,
  importId: string,
  dateFormat: string | null = null,
): Promise<FileEntries | null> {
  const kept = cache.get(importId);
  if (kept) return kept;
  const bytes = await fileOf(runner, importId);
  if (!bytes) return null;
  const order = dateFormats.find((format) => format === dateFormat);
  const file = await readImportUpload(bytes, { dateFormat: order });
  if (!file.ok) return null;
  const read = { entries: file.entries, prints: fingerprints(file.entries, sha256) };
  cache.set(importId, read);
  while (cache.size > KEPT) cache.delete(cache.keys().next().value ?? '');
  return read;
}

/** Forgets an import's entries once it ended. */
export function forgetEntries(importId: string): void {
  cache.delete(importId);
}
