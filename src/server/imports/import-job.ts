import { doubling, type JobDeps, type JobKind } from '../jobs/kind';
import { enqueue } from '../jobs/queue';
import type { Runner } from '../sync/records';
import { BATCH_ROWS, failImport, importStep } from './run-batch';

// The import as a job (issue 32): claimed by whichever server process's runner gets to it, run
// batch after batch until the file ends. Its state is the import's row (position, result), so a
// process that dies mid-import only loses its claim: when the claim runs out, any process takes
// the job again and goes on from the last committed batch.

export const IMPORT_JOB = 'import';

const payloadOf = (payload: unknown): string =>
  typeof payload === 'object' && payload !== null && 'importId' in payload
    ? String(payload.importId)
    : '';

/** Queues the job that runs import `importId` (once: its key is the import's). */
export async function enqueueImport(runner: Runner, importId: string, now: Date): Promise<void> {
  await enqueue(runner, {
    key: `import:${importId}`,
    kind: IMPORT_JOB,
    payload: { importId },
    runAt: now,
  });
}

/**
 * How long a batch should hold the database. PGlite has one connection: a page waits for the
 * batch under way, so batches are sized to end within this (the next one sized from how long
 * the last took per row), and the job then pauses as long as the batch took, so the queries of
 * the pages that waited run before the next batch takes the connection again.
 */
export const BATCH_TARGET_MS = 50;
const FIRST_BATCH_ROWS = 50;
const MIN_BATCH_ROWS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const importJob: JobKind = {
  run: async (payload, deps: JobDeps) => {
    const importId = payloadOf(payload);
    let rows = FIRST_BATCH_ROWS;
    for (;;) {
      const began = performance.now();
      if ((await importStep(deps.db, importId, deps.now(), rows)) !== 'more') return 'done';
      const took = Math.max(1, performance.now() - began);
      rows = Math.min(
        BATCH_ROWS,
        Math.max(MIN_BATCH_ROWS, Math.round((rows * BATCH_TARGET_MS) / took)),
      );
      await pause(took);
    }
  },
  backoffMs: doubling(10_000, 5 * 60_000),
  onGiveUp: async (payload, error, deps) =>
    failImport(deps.db, payloadOf(payload), `The import stopped: ${error}`, deps.now()),
};
