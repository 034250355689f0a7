import { fingerprinter } from '../../lib/import/fingerprint';
import type { ImportEntry } from '../../lib/import/entry';
import type { ImportStructure } from '../../lib/import/structure';
import { dateFormats } from '../../lib/import/date-formats';
import type { ImportChoices } from '../../lib/import/shapes';
import type { Runner } from '../sync/records';
import { readUploadInSteps } from './read-in-steps';
import { sha256 } from './seen-rows';
import { fileOf } from './store';
import { asJobRead } from './zip-slots';

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
  /** The clients and projects of a file without time (issue 33); its entries are none. */
  structure?: ImportStructure | undefined;
  /** The labour rate each person of the file gets as a new team member (labour-rates.ts). */
  labourRates?: Map<string, number>;
}

const KEPT = 2;
/** Entries read, their fingerprints once computed. */
const cache = new Map<string, Omit<FileEntries, 'prints'> & { prints: string[] | null }>();

/** Entries hashed between pauses: 100,000 rows take about half a second of SHA-256. */
const PRINTS_PER_STEP = 2000;

/** The fingerprints of `entries`, pausing now and then so the server goes on answering. */
async function printsInSteps(entries: readonly ImportEntry[]): Promise<string[]> {
  const next = fingerprinter(sha256);
  const prints: string[] = [];
  for (const [index, entry] of entries.entries()) {
    prints.push(next(entry));
    if (index % PRINTS_PER_STEP === PRINTS_PER_STEP - 1)
      await new Promise((resolve) => setImmediate(resolve));
  }
  return prints;
}

const keep = (importId: string, entries: ImportEntry[], structure?: ImportStructure) => {
  const kept = { entries, prints: null, structure };
  cache.set(importId, kept);
  while (cache.size > KEPT) cache.delete(cache.keys().next().value ?? '');
  return kept;
};

/**
 * The import's entries and fingerprints, or null when its file is gone or no longer reads. The
 * file is read as it was when it started: CSV or workbook, its dates in the order the person
 * chose (issue 33).
 */
export async function fileEntries(
  runner: Runner,
  importId: string,
  dateFormat: string | null = null,
  anyCsv: ImportChoices['anyCsv'] = undefined,
): Promise<FileEntries | null> {
  let kept = cache.get(importId);
  if (!kept) {
    const bytes = await fileOf(runner, importId);
    if (!bytes) return null;
    const order = dateFormats.find((format) => format === dateFormat);
    // The job's read waits for a zip slot however busy the process is: it was accepted already.
    const file = await asJobRead(() =>
      readUploadInSteps(bytes, {
        dateFormat: order,
        // Any CSV: through the mapping the import started with (issue 33).
        ...(anyCsv ? { anyCsv: { mapping: anyCsv.mapping, me: anyCsv.me } } : {}),
      }),
    );
    if (!file.ok) return null;
    kept = keep(importId, file.entries, file.structure);
  }
  kept.prints ??= await printsInSteps(kept.entries);
  return kept as FileEntries;
}

/** Keeps the entries the upload just read for the import's job, when it runs in this process. */
export function keepEntries(importId: string, entries: ImportEntry[]): void {
  keep(importId, entries);
}

/** Forgets an import's entries once it ended. */
export function forgetEntries(importId: string): void {
  cache.delete(importId);
}
