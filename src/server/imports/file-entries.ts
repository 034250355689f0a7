import { fingerprints } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import { readImportFile } from '../../lib/import/read-file';
import type { Runner } from '../sync/records';
import { sha256 } from './seen-rows';
import { fileOf } from './store';

// An import's entries, read again from its stored file (the database is where the job's state
// is, so any process can go on with it). Reading a 50 MB file takes seconds, so the last files
// read are kept in this process's memory: a cache only, never the state.

export interface FileEntries {
  entries: ImportEntry[];
  /** Each entry's fingerprint, in order (its occurrence counted over the whole file). */
  prints: string[];
  /**
   * The workspace's tags when this process's first batch of the import ran, so later batches
   * need not scan every log for them (with the tags the import created, in its result).
   */
  workspaceTags?: string[];
}

const KEPT = 2;
const cache = new Map<string, FileEntries>();

/** The import's entries and fingerprints, or null when its file is gone or no longer reads. */
export async function fileEntries(runner: Runner, importId: string): Promise<FileEntries | null> {
  const kept = cache.get(importId);
  if (kept) return kept;
  const bytes = await fileOf(runner, importId);
  if (!bytes) return null;
  const file = readImportFile(bytes);
  if (!file.ok) return null;
  const read = { entries: file.entries, prints: fingerprints(file.entries, sha256) };
  cache.set(importId, read);
  while (cache.size > KEPT) cache.delete(cache.keys().next().value ?? '');
  return read;
}

/** Keeps the entries the upload just read for the import's job, when it runs in this process. */
export function keepEntries(importId: string, entries: ImportEntry[]): void {
  cache.set(importId, { entries, prints: fingerprints(entries, sha256) });
  while (cache.size > KEPT) cache.delete(cache.keys().next().value ?? '');
}

/** Forgets an import's entries once it ended. */
export function forgetEntries(importId: string): void {
  cache.delete(importId);
}
