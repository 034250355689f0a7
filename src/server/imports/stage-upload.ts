import type { ImportEntry } from '../../lib/import/entry';
import { labourRateCollector } from '../../lib/import/labour-rates';
import type { Runner } from '../sync/records';
import { pauseForOthers } from './pause-for-others';
import { peopleCollector } from './people-of-file';
import type { EntrySink } from './read-in-steps';
import { stageEntries } from './staged-entries';

// The upload's side of staged entries (issue 32, memory that does not grow with the file): each
// slice of entries read is staged at once under the import's id, and only what starting the
// import needs of the whole file is kept: how many entries, one or two entries per person (for
// the people the preview lists) and each person's latest labour rate. Nothing else of a slice
// outlives it.

export interface UploadStaging {
  /** Hands each slice read to the staging table. */
  sink: EntrySink;
  /** Entries staged so far. */
  count: () => number;
  /** One entry per person of the file (people-of-file.ts), for the preview's people. */
  people: () => ImportEntry[];
  /** Each person's labour rate from their latest row that has one (labour-rates.ts). */
  labourRates: () => Record<string, number>;
}

/**
 * After each statement that stages entries, a pause as long as it took (at least a turn of the
 * event loop), as the import job pauses after each batch: on PGlite the pages asked for
 * meanwhile wait for the one connection, and run in that pause.
 */
const paced = (tookMs: number) =>
  tookMs < 1 ? pauseForOthers() : new Promise<void>((resolve) => setTimeout(resolve, tookMs));

export function uploadStaging(
  runner: Runner,
  importId: string,
  now: Date,
  requireProjectAndTask: boolean,
): UploadStaging {
  let count = 0;
  const people = peopleCollector(requireProjectAndTask);
  const rates = labourRateCollector();
  return {
    sink: async (entries) => {
      await stageEntries(runner, importId, count, entries, now, paced);
      count += entries.length;
      for (const entry of entries) {
        people.add(entry);
        rates.add(entry);
      }
    },
    count: () => count,
    people: () => people.entries,
    labourRates: () => Object.fromEntries(rates.rates()),
  };
}
