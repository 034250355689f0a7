import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// A workbook's first sheet parsed in a worker thread with its own memory limit (issue 46): a
// parse takes seconds for a large workbook and can take far more memory than the file's size,
// so it runs beside the server's event loop, and a workbook that needs too much ends its own
// thread with a message, never the server.

/**
 * The worker's heap. Measured: 150,000 rows of ten columns (86 MB of XML) parse in 256 MB, and
 * 190 MB of shared strings with a letter beyond Latin-1 (held as a two-byte string of 380 MB)
 * in 512. It stays well above twice the cap because a part's text is decoded as one string: a
 * string larger than the heap is not an error V8 can end a thread with but a fatal one that
 * ends the process. Within that, a workbook that needs more ends its own thread.
 */
export const WORKBOOK_HEAP_MB = 768;
/** Longer than any honest workbook under the cap takes to parse on a slow machine. */
const WORKBOOK_TIMEOUT_MS = 120_000;

const WORKER_FILE = 'workbook-worker.mjs';

/**
 * The worker's file: beside this module when it runs from src (tests, dev), and in the
 * project's src when it runs from a built chunk under dist/ (the file is plain JavaScript, and
 * read-excel-file resolves from node_modules beside it).
 */
function workerFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, WORKER_FILE), join(dir, 'src/server/imports', WORKER_FILE)])
      if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${WORKER_FILE} was not found above ${import.meta.url}`);
    dir = parent;
  }
}

let located: string | null = null;

export type SheetRead =
  | { ok: true; rows: unknown[][] }
  | { ok: false; reason: 'unreadable' | 'too_much_memory' | 'too_slow' };

/** The first sheet's rows, read in a worker thread whose heap is `heapMb`. */
export function readSheetInThread(
  bytes: Uint8Array,
  heapMb = WORKBOOK_HEAP_MB,
): Promise<SheetRead> {
  located ??= workerFile();
  const worker = new Worker(located, {
    // A copy of exactly the file (a view's whole buffer would be cloned, and Buffer's slice is
    // a view too).
    workerData: { bytes: new Uint8Array(bytes) },
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    // The worker reads no environment and needs none of the server's.
    env: {},
  });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: SheetRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ ok: false, reason: 'too_slow' }), WORKBOOK_TIMEOUT_MS);
    worker.on('message', (message: { ok: boolean; rows?: unknown[][] }) =>
      settle(
        message.ok && message.rows
          ? { ok: true, rows: message.rows }
          : { ok: false, reason: 'unreadable' },
      ),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle({
        ok: false,
        reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_much_memory' : 'unreadable',
      }),
    );
    worker.on('exit', () => settle({ ok: false, reason: 'unreadable' }));
  });
}
