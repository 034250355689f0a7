import type { ImportEntry } from '../../lib/import/entry';
import { labourRateCollector } from '../../lib/import/labour-rates';
import { projectRateCollector, type ProjectRate } from '../../lib/import/project-rates';
import type { Runner } from '../sync/records';
import { pauseForOthers } from './pause-for-others';
import { peopleCollector } from './people-of-file';
import type { EntrySink } from './read-in-steps';
import { identityFilter } from './identity-filter';
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
  /** What each project of the file billed, by project key (project-rates.ts, issue 47). */
  projectRates: () => Map<string, ProjectRate>;
}

/**
 * The pause after each statement that stages entries, as a share of the time it took (at least
 * a turn of the event loop), as the import job pauses after each batch. On PGlite the pages
 * asked for meanwhile wait for the one connection and run in that pause; half the statement's
 * time is enough for them (docs/bench.md, the upload's speed: the probe's p99 during the upload
 * stayed within the bound). On PostgreSQL a page never waits for the upload's connection
 * and the event loop is free while a statement runs, so a turn of the event loop is enough.
 */
export const UPLOAD_PACE: Record<'pglite' | 'postgres', number> = { pglite: 0.5, postgres: 0 };

const pacedBy = (share: number) => (tookMs: number) =>
  tookMs * share < 1
    ? pauseForOthers()
    : new Promise<void>((resolve) => setTimeout(resolve, tookMs * share));

export function uploadStaging(
  runner: Runner,
  importId: string,
  now: Date,
  requireProjectAndTask: boolean,
  pace = UPLOAD_PACE.pglite,
): UploadStaging {
  const paced = pacedBy(pace);
  let count = 0;
  const people = peopleCollector(requireProjectAndTask);
  const rates = labourRateCollector();
  const billed = projectRateCollector();
  // Every identity staged by this upload (the only writer of its import's entries).
  const seen = identityFilter();
  return {
    sink: async (entries) => {
      await stageEntries(runner, importId, count, entries, now, paced, seen);
      count += entries.length;
      for (const entry of entries) {
        people.add(entry);
        rates.add(entry);
        billed.add(entry);
      }
    },
    count: () => count,
    people: () => people.entries,
    labourRates: () => Object.fromEntries(rates.rates()),
    projectRates: () => billed.rates(),
  };
}
