import { doubling, type JobDeps, type JobKind } from '../jobs/kind';
import { enqueue } from '../jobs/queue';
import type { Runner } from '../sync/records';
import { failImport, importStep } from './run-batch';

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

/** Lets other work through between batches (PGlite has one connection). */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

export const importJob: JobKind = {
  run: async (payload, deps: JobDeps) => {
    const importId = payloadOf(payload);
    while ((await importStep(deps.db, importId, deps.now())) === 'more') await breathe();
    return 'done';
  },
  backoffMs: doubling(10_000, 5 * 60_000),
  onGiveUp: async (payload, error, deps) =>
    failImport(deps.db, payloadOf(payload), `The import stopped: ${error}`, deps.now()),
};
